import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Storing fetched feeds")
struct UpsertTests {
    @Test(arguments: Backend.all) func updateKeepsReadStarredAndTags(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save([StoreFixtures.item("a", title: "Original title")], to: feed.id, in: store)
            let id = try #require(try await store.articles(ArticlePageRequest()).articles.first?.id)
            try await store.setRead(true, for: [id])
            try await store.setStarred(true, for: [id])
            try await store.setTags(["later", "work"], forArticle: id)

            let outcome = try await StoreFixtures.save(
                [StoreFixtures.item("a", title: "Corrected title", body: "<p>New <b>body</b></p>")], to: feed.id, in: store)

            #expect(outcome == StoreOutcome(inserted: 0, updated: 1, unchanged: 0))
            let article = try await store.article(id)
            #expect(article.title == "Corrected title")
            #expect(article.content?.value == "<p>New <b>body</b></p>")
            #expect(article.state == ArticleState(isRead: true, isStarred: true, tags: ["later", "work"]))
            #expect(try await store.unreadCountsByFeed()[feed.id] == nil)
        }
    }

    @Test(arguments: Backend.all) func aFeedThatRepeatsAnIdentityStoresOneArticle(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            let outcome = try await StoreFixtures.save([
                StoreFixtures.item("dup", title: "First copy"),
                StoreFixtures.item("dup", title: "First copy"),
                StoreFixtures.item("dup", title: "Second version"),
            ], to: feed.id, in: store)
            #expect(outcome == StoreOutcome(inserted: 1, updated: 1, unchanged: 1))
            let articles = try await store.articles(ArticlePageRequest()).articles
            #expect(articles.map(\.title) == ["Second version"])
        }
    }

    @Test(arguments: Backend.all) func unchangedItemsAreReportedAndNewOnesInserted(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            let items = [StoreFixtures.item("a", title: "One"), StoreFixtures.item("b", title: "Two")]
            #expect(try await StoreFixtures.save(items, to: feed.id, in: store) == StoreOutcome(inserted: 2, updated: 0, unchanged: 0))
            let again = items + [StoreFixtures.item("c", title: "Three")]
            #expect(try await StoreFixtures.save(again, to: feed.id, in: store) == StoreOutcome(inserted: 1, updated: 0, unchanged: 2))
            // Items that drop out of the feed stay.
            #expect(try await StoreFixtures.save([], to: feed.id, in: store) == StoreOutcome(inserted: 0, updated: 0, unchanged: 0))
            #expect(try await store.statistics().articles == 3)
        }
    }

    @Test(arguments: Backend.all) func saveRecordsFeedMetadataAndFetchState(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed(tags: ["tech", "daily"]) { (store: AnyStore, feed: Feed) async throws in
            let state = FetchState(etag: "\"abc\"", lastModified: "Sat, 21 Nov 2026 10:00:00 GMT", errorCount: 0,
                                   nextDueAt: StoreFixtures.epoch.addingTimeInterval(3600))
            _ = try await store.saveFetchedFeed(StoreFixtures.feed([], title: "Example &amp; News"),
                                                fetchState: state, for: feed.id, at: StoreFixtures.epoch)
            let stored = try await store.feed(feed.id)
            #expect(stored.title == "Example &amp; News")
            #expect(stored.siteURL == "https://news.example.org/")
            #expect(stored.fetchState == state)
            #expect(stored.tags == ["tech", "daily"])
            #expect(try await store.dueFeeds(at: StoreFixtures.epoch).isEmpty)
            #expect(try await store.dueFeeds(at: StoreFixtures.epoch.addingTimeInterval(7200)).map(\.id) == [feed.id])
        }
    }

    @Test(arguments: Backend.all) func feedsAreUniqueByURLAndCanMove(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            let again = try await store.addFeed(NewFeed(url: feed.url), at: StoreFixtures.epoch)
            #expect(again.created == false && again.feed.id == feed.id)
            let other = try await store.addFeed(NewFeed(url: "https://other.example.com/atom"), at: StoreFixtures.epoch).feed
            await #expect(throws: StoreError.duplicateFeed(url: feed.url, existing: feed.id)) {
                try await store.changeURL(of: other.id, to: feed.url)
            }
            try await store.changeURL(of: other.id, to: "https://other.example.com/feed")
            #expect(try await store.feed(url: "https://other.example.com/feed")?.id == other.id)
            try await store.removeFeed(other.id)
            await #expect(throws: StoreError.feedNotFound(other.id)) { try await store.feed(other.id) }
        }
    }

}
