import Foundation
import HeraldDomain
import Testing
@testable import HeraldStore

@Suite("Search in Chinese, Japanese and Korean text")
struct CJKSearchTests {
    @Test("Given Japanese articles, when a word inside a sentence is searched, then it is found and highlighted without added spaces")
    func japaneseWordInsideARun() async throws {
        let folder = try TemporaryFolder()
        let (store, feed) = try await StoreFixtures.storeWithFeed(in: folder, tags: ["ja"])
        try await StoreFixtures.save([
            StoreFixtures.item("j1", title: "京都の紅葉、例年より一週間遅れで見頃に",
                               body: "<p>京都市内の寺社では、紅葉が見頃を迎えています。</p>"),
            StoreFixtures.item("j2", title: "地下鉄で初の試運転", body: "<p>来年春の開業に向けた最終段階です。</p>"),
            StoreFixtures.item("e1", title: "Swift on Linux", body: "<p>Static SDK builds.</p>"),
        ], to: feed.id, in: store)

        let page = try await store.search(SearchRequest(query: "紅葉"))
        #expect(page.hits.map(\.article.title) == ["京都の紅葉、例年より一週間遅れで見頃に"])
        let snippet = try #require(page.hits.first?.snippet)
        #expect(snippet.segments.contains { $0.isMatch && $0.text.contains("紅") })
        #expect(!snippet.plainText.contains(" 紅"))
        #expect(snippet.plainText.contains("紅葉が見頃"))

        #expect(try await store.search(SearchRequest(query: "試運転")).hits.map(\.article.title) == ["地下鉄で初の試運転"])
        #expect(try await store.search(SearchRequest(query: "\"最終段階\"")).hits.count == 1)
        #expect(try await store.search(SearchRequest(query: "swift")).hits.map(\.article.title) == ["Swift on Linux"])
        #expect(try await store.search(SearchRequest(query: "紅茶")).hits.isEmpty)
    }

    @Test("Segmenting is idempotent and reversible for display")
    func segmentation() {
        let text = "Linux 6.20の紅葉 news"
        let segmented = CJKText.segmented(text)
        #expect(segmented == "Linux 6.20 の 紅 葉 news")
        #expect(CJKText.segmented(segmented) == segmented)
        #expect(CJKText.desegmented("の \u{E000}紅\u{E001} \u{E000}葉\u{E001} が") == "の\u{E000}紅\u{E001}\u{E000}葉\u{E001}が")
        #expect(CJKText.segmented("plain English") == "plain English")
    }

    @Test("Text is checked for CJK characters from its bytes first, with the same answer")
    func detection() {
        // Below U+3040 (bytes under 0xE3) and above it without CJK, at every position of an 8-byte word.
        for text in ["", "plain", "it’s — “quoted” … €5", "Ā ű ß", "emoji 💡 here", "한", "ｦ", "𠀀", "\u{2FFF}", "\u{3040}"] {
            for prefix in ["", "a", "abcdefg", "abcdefghijk"] {
                let whole = prefix + text
                #expect(CJKText.contains(whole) == whole.unicodeScalars.contains(where: CJKText.isCJK), "\(whole)")
            }
        }
        #expect(CJKText.contains("abcdefgh紅") && !CJKText.contains("abcdefgh’"))
    }
}
