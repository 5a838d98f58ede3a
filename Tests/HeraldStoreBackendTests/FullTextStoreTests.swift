import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Full texts kept beside articles")
struct FullTextStoreTests {
    private static func fullText(_ words: String, url: String = "https://news.example.org/page") -> ArticleFullText {
        ArticleFullText(url: url, title: "Page title", byline: "By Ada", html: "<p>\(words)</p>", text: words,
                        fetchedAt: StoreFixtures.epoch)
    }

    private func titles(_ store: AnyStore, _ query: String) async throws -> [String] {
        try await store.search(SearchRequest(query: query)).hits.map(\.article.title)
    }

    @Test("Given a kept full text, when searching, then its words find the article, and the feed's own words still do",
          arguments: Backend.all)
    func searchFindsFullText(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save([
                StoreFixtures.item("a1", title: "Teaser one", body: "<p>Read the rest on the site.</p>"),
                StoreFixtures.item("a2", title: "Teaser two", body: "<p>Also a teaser.</p>"),
            ], to: feed.id, in: store)
            let ids = try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter()))
            let first = try #require(ids.first)
            try await store.saveFullText(Self.fullText("Vernalisation splits the garlic cloves."), for: first)
            #expect(try await titles(store, "vernalisation").count == 1)
            #expect(try await titles(store, "rest").count == 1)
            let kept = try await store.fullTexts(of: ids)
            #expect(kept.count == 1)
            #expect(kept[first]?.text == "Vernalisation splits the garlic cloves.")
            #expect(kept[first]?.byline == "By Ada")
            // The feed's own text is untouched.
            #expect(try await store.article(first).content?.value.contains("Read the rest") == true)

            // A second extraction replaces the first in search, without piling up.
            try await store.saveFullText(Self.fullText("Mulch keeps the frost away."), for: first)
            #expect(try await titles(store, "vernalisation").isEmpty)
            #expect(try await titles(store, "mulch").count == 1)
        }
    }

    @Test("Given a kept full text, when the feed changes the article, then search still finds the page's words",
          arguments: Backend.all)
    func feedUpdateKeepsFullTextInSearch(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save([StoreFixtures.item("a1", title: "Teaser", body: "<p>First teaser.</p>")],
                                         to: feed.id, in: store)
            let id = try #require(try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter())).first)
            try await store.saveFullText(Self.fullText("Vernalisation matters."), for: id)
            let outcome = try await StoreFixtures.save(
                [StoreFixtures.item("a1", title: "Teaser", body: "<p>Corrected teaser.</p>")], to: feed.id, in: store)
            #expect(outcome.updated == 1)
            #expect(try await titles(store, "vernalisation") == ["Teaser"])
            #expect(try await titles(store, "corrected") == ["Teaser"])
            #expect(try await titles(store, "first").isEmpty)
        }
    }

    @Test("Articles awaiting a full text: newest first, first stored within the window, until kept or failed too often",
          arguments: Backend.all)
    func awaitingAndFailures(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            let day: TimeInterval = 86_400
            try await StoreFixtures.save([StoreFixtures.item("old", title: "Old")], to: feed.id, in: store,
                                         at: StoreFixtures.epoch.addingTimeInterval(-30 * day))
            try await StoreFixtures.save([
                StoreFixtures.item("old", title: "Old"),
                StoreFixtures.item("a", title: "A", published: StoreFixtures.epoch.addingTimeInterval(1)),
                StoreFixtures.item("b", title: "B", published: StoreFixtures.epoch.addingTimeInterval(2)),
                StoreFixtures.item("c", title: "C", published: StoreFixtures.epoch.addingTimeInterval(3)),
            ], to: feed.id, in: store)
            let since = StoreFixtures.epoch.addingTimeInterval(-14 * day)
            func awaiting(limit: Int = 10) async throws -> [String] {
                try await store.articlesAwaitingFullText(in: feed.id, since: since, maxAttempts: 2, limit: limit).map(\.url)
            }
            #expect(try await awaiting() == ["https://news.example.org/c", "https://news.example.org/b",
                                             "https://news.example.org/a"])
            #expect(try await awaiting(limit: 1) == ["https://news.example.org/c"])
            let candidates = try await store.articlesAwaitingFullText(in: feed.id, since: since, maxAttempts: 2, limit: 10)
            let c = candidates[0].articleID, b = candidates[1].articleID
            try await store.saveFullText(Self.fullText("Kept."), for: c)
            try await store.recordFullTextFailure("404", for: b, at: StoreFixtures.epoch)
            #expect(try await awaiting() == ["https://news.example.org/b", "https://news.example.org/a"])
            try await store.recordFullTextFailure("404", for: b, at: StoreFixtures.epoch)
            #expect(try await awaiting() == ["https://news.example.org/a"])
            // A failure after a kept text leaves the text.
            try await store.recordFullTextFailure("timed out", for: c, at: StoreFixtures.epoch)
            #expect(try await store.fullTexts(of: [c, b])[c]?.text == "Kept.")
            #expect(try await store.fullTexts(of: [c, b])[b] == nil)
        }
    }

    @Test("Deleting an article deletes its full text; a gone article cannot get one", arguments: Backend.all)
    func deletionTakesFullText(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save([StoreFixtures.item("a1", title: "Teaser")], to: feed.id, in: store)
            let id = try #require(try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter())).first)
            try await store.saveFullText(Self.fullText("Vernalisation."), for: id)
            try await store.removeFeed(feed.id)
            #expect(try await store.fullTexts(of: [id]).isEmpty)
            #expect(try await titles(store, "vernalisation").isEmpty)
            await #expect(throws: StoreError.articleNotFound(id)) {
                try await store.saveFullText(Self.fullText("Again."), for: id)
            }
        }
    }
}
