import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Full-text search")
struct SearchTests {
    /// Runs `body` on a store with two feeds of articles to search.
    private func withSearchableStore(_ backend: Backend, _ body: (AnyStore, Feed, Feed) async throws -> Void)
        async throws {
        try await backend.withStoreAndFeed(tags: ["science"]) { (store: AnyStore, science: Feed) async throws in
            let politics = try await store.addFeed(NewFeed(url: "https://politics.example.com/feed", tags: ["politics"]),
                                                   at: StoreFixtures.epoch).feed
            try await StoreFixtures.save([
                StoreFixtures.item("s1", title: "Climate change report published",
                                   body: "<p>The panel warns that <em>sea levels</em> are rising faster.</p>"),
                StoreFixtures.item("s2", title: "New telescope images",
                                   body: "<p>Astronomers discuss climate on distant planets and change of seasons.</p>",
                                   published: StoreFixtures.epoch.addingTimeInterval(60)),
                StoreFixtures.item("s3", title: "Quantum computing milestone",
                                   body: "<p>Researchers demonstrate error correction.</p>",
                                   published: StoreFixtures.epoch.addingTimeInterval(120)),
            ], to: science.id, in: store)
            try await StoreFixtures.save([
                StoreFixtures.item("p1", title: "Parliament debates energy",
                                   body: "<p>Climate change policy dominates the session; sea defences funded.</p>"),
                StoreFixtures.item("p2", title: "Election results", body: "<p>Turnout was high in every district.</p>"),
            ], to: politics.id, in: store)
            try await body(store, science, politics)
        }
    }

    private func titles(_ store: AnyStore, _ query: String, _ filter: ArticleFilter = ArticleFilter())
        async throws -> [String] {
        try await store.search(SearchRequest(query: query, filter: filter)).hits.map(\.article.title)
    }

    @Test(arguments: Backend.all) func titleMatchesRankAboveBodyMatches(_ backend: Backend) async throws {
        try await withSearchableStore(backend) { (store: AnyStore, _: Feed, _: Feed) async throws in
            let found = try await titles(store, "climate")
            #expect(found.first == "Climate change report published")
            #expect(Set(found) == ["Climate change report published", "New telescope images", "Parliament debates energy"])
        }
    }

    @Test(arguments: Backend.all) func prefixPhraseColumnAndBooleans(_ backend: Backend) async throws {
        try await withSearchableStore(backend) { (store: AnyStore, _: Feed, _: Feed) async throws in
            #expect(try await titles(store, "astronom*") == ["New telescope images"])
            #expect(Set(try await titles(store, "\"climate change\"")) == ["Climate change report published", "Parliament debates energy"])
            #expect(try await titles(store, "title:climate") == ["Climate change report published"])
            #expect(try await titles(store, "title:\"telescope images\"") == ["New telescope images"])
            #expect(Set(try await titles(store, "quantum OR election")) == ["Quantum computing milestone", "Election results"])
            #expect(try await titles(store, "climate NOT sea") == ["New telescope images"])
            #expect(try await titles(store, "climate AND (parliament OR panel)").count == 2)
            #expect(try await titles(store, "climate sea defences") == ["Parliament debates energy"])
            #expect(try await titles(store, "nonexistentword").isEmpty)
        }
    }

    @Test(arguments: ["", "   ", "\"unclosed phrase", "climate AND", "OR climate", "NOT climate", "(climate",
                      "climate)", "title:", "()", "climate NOT"], Backend.all)
    func malformedQueriesAreInvalidQueryErrors(_ query: String, _ backend: Backend) async throws {
        try await withSearchableStore(backend) { (store: AnyStore, _: Feed, _: Feed) async throws in
            do {
                _ = try await store.search(SearchRequest(query: query))
                Issue.record("\(query) was accepted")
            } catch {
                guard case StoreError.invalidQuery(let reason)? = error as? StoreError else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(!reason.isEmpty)
                #expect(!reason.lowercased().contains("fts5") && !reason.lowercased().contains("sql"))
            }
        }
    }

    @Test("control characters inside a query (a NUL, a tab, a C1 control) separate words instead of reaching the index",
          arguments: ["(climate\u{0F}\0\0t) parliament", "climate\0", "\"climate\0 sea\"", "climate\tsea", "cli\u{9B}mate"], Backend.all)
    func controlCharactersSeparateWords(_ query: String, _ backend: Backend) async throws {
        try await withSearchableStore(backend) { (store: AnyStore, _: Feed, _: Feed) async throws in
            do {
                _ = try await store.search(SearchRequest(query: query))
            } catch {
                guard case StoreError.invalidQuery? = error as? StoreError else {
                    Issue.record("\(query.debugDescription) failed with \(error)")
                    return
                }
            }
        }
    }

    @Test("a quote carrying a combining mark is one Character but still a quote to the index: found by the fuzzer (Fixtures/fuzz-regressions/search)",
          arguments: ["\"k\"\u{05C1}]\"", "k\"\u{0301}x", "title:a\"\u{05C1}b", "\"sea\u{05C1}\"\u{05C1} level\""], Backend.all)
    func quotesWithCombiningMarksStayText(_ query: String, _ backend: Backend) async throws {
        try await withSearchableStore(backend) { (store: AnyStore, _: Feed, _: Feed) async throws in
            do {
                _ = try await store.search(SearchRequest(query: query))
            } catch {
                guard case StoreError.invalidQuery? = error as? StoreError else {
                    Issue.record("\(query.debugDescription) failed with \(error)")
                    return
                }
            }
        }
    }

    @Test(arguments: Backend.all) func userTextIsNeverReadAsSyntax(_ backend: Backend) async throws {
        try await withSearchableStore(backend) { (store: AnyStore, _: Feed, _: Feed) async throws in
            #expect(try await titles(store, "climate'; DROP TABLE articles; --").isEmpty)
            #expect(try await store.statistics().articles == 5)
            #expect(try await titles(store, "NEAR(climate change) {title}").isEmpty)
            #expect(try await titles(store, "sea-levels") == ["Climate change report published"])
        }
    }

    @Test(arguments: Backend.all) func snippetsAndTitlesAreHighlighted(_ backend: Backend) async throws {
        try await withSearchableStore(backend) { (store: AnyStore, _: Feed, _: Feed) async throws in
            let hit = try #require(try await store.search(SearchRequest(query: "sea")).hits.first { $0.article.title.hasPrefix("Climate") })
            #expect(hit.snippet.segments.contains(HighlightedText.Segment(text: "sea", isMatch: true)))
            #expect(hit.snippet.plainText.contains("The panel warns that sea levels are rising faster."))
            #expect(hit.highlightedTitle.segments == [HighlightedText.Segment(text: "Climate change report published", isMatch: false)])
            let titled = try #require(try await store.search(SearchRequest(query: "telescope")).hits.first)
            #expect(titled.highlightedTitle.segments.map(\.isMatch) == [false, true, false])
            #expect(titled.highlightedTitle.segments[1].text == "telescope")
            #expect(titled.score > 0)
        }
    }

    @Test(arguments: Backend.all) func searchRespectsScopeStateDatesAndPages(_ backend: Backend) async throws {
        try await withSearchableStore(backend) { (store: AnyStore, science: Feed, politics: Feed) async throws in
            #expect(try await titles(store, "climate", ArticleFilter(scope: .feed(politics.id))) == ["Parliament debates energy"])
            #expect(try await titles(store, "climate", ArticleFilter(scope: .tag("science"))).count == 2)
            let report = try #require(try await store.search(SearchRequest(query: "report")).hits.first?.article.id)
            try await store.setRead(true, for: [report])
            #expect(try await titles(store, "climate", ArticleFilter(scope: .feed(science.id), unreadOnly: true)) == ["New telescope images"])
            try await store.setStarred(true, for: [report])
            #expect(try await titles(store, "climate", ArticleFilter(starredOnly: true)) == ["Climate change report published"])
            #expect(try await titles(store, "climate", ArticleFilter(since: StoreFixtures.epoch.addingTimeInterval(30))) == ["New telescope images"])
            let first = try await store.search(SearchRequest(query: "climate", limit: 2))
            #expect(first.hits.count == 2 && first.nextOffset == 2)
            let second = try await store.search(SearchRequest(query: "climate", limit: 2, offset: 2))
            #expect(second.hits.count == 1 && second.nextOffset == nil)
            #expect(Set((first.hits + second.hits).map(\.article.id)).count == 3)
        }
    }
}
