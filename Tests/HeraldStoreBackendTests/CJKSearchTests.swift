import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Search in Chinese, Japanese and Korean text")
struct CJKSearchTests {
    @Test("Given Japanese articles, when a word inside a sentence is searched, then it is found and highlighted without added spaces",
          arguments: Backend.all)
    func japaneseWordInsideARun(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed(tags: ["ja"]) { (store: AnyStore, feed: Feed) async throws in
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
    }

}
