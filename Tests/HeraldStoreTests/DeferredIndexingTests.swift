import Foundation
import GRDB
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// Saved articles wait for indexing (search and the global date order) until a batch is full or
/// `finishSaving()`; every read must see them all the same, and the search index must always
/// end up equal to the articles.
@Suite("Deferred indexing")
struct DeferredIndexingTests {
    private static func waiting(_ store: SQLiteStore) async throws -> Int {
        try await store.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM articles WHERE is_indexed = 0") ?? -1 }
    }

    /// Indexes what waits, then checks the FTS index against the articles: an FTS row written or
    /// deleted for a waiting article would leave it different.
    private static func checkSearchIndex(_ store: SQLiteStore) async throws {
        try await store.finishSaving()
        try await store.writer.write {
            try $0.execute(sql: "INSERT INTO articles_fts(articles_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    /// Two feeds whose articles alternate in date: `a0 b0 a1 b1 …`, one hour apart.
    private static func twoFeeds(in folder: TemporaryFolder, indexingBatch: Int = 1_000)
        async throws -> (SQLiteStore, FeedID, FeedID) {
        let store = try SQLiteStore(path: folder.databasePath, indexingBatch: indexingBatch)
        let a = try await store.addFeed(NewFeed(url: "https://a.example.org/rss", tags: ["both"]), at: StoreFixtures.epoch).feed.id
        let b = try await store.addFeed(NewFeed(url: "https://b.example.org/rss", tags: ["both"]), at: StoreFixtures.epoch).feed.id
        return (store, a, b)
    }

    private static func items(_ prefix: String, offset: Int, count: Int = 6) -> [ParsedItem] {
        (0..<count).map { index in
            StoreFixtures.item("\(prefix)\(index)", title: "\(prefix)\(index) story", body: "<p>\(prefix) body zebra</p>",
                               published: StoreFixtures.epoch.addingTimeInterval(Double(2 * index + offset) * 3_600))
        }
    }

    @Test func listsMergeIndexedAndWaitingArticlesInDateOrder() async throws {
        let folder = try TemporaryFolder()
        let (store, a, b) = try await Self.twoFeeds(in: folder)
        try await StoreFixtures.save(Self.items("a", offset: 0), to: a, in: store)
        try await store.finishSaving()
        try await StoreFixtures.save(Self.items("b", offset: 1), to: b, in: store)
        #expect(try await Self.waiting(store) == 6)

        var titles: [String] = []
        var cursor: PageCursor?
        repeat {
            let page = try await store.articles(ArticlePageRequest(limit: 5, after: cursor))
            titles += page.articles.map(\.title)
            cursor = page.next
        } while cursor != nil
        let expected = (0..<6).reversed().flatMap { ["b\($0) story", "a\($0) story"] }
        #expect(titles == expected)
        let tagged = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .tag("both")), limit: 50))
        #expect(tagged.articles.map(\.title) == expected)
        #expect(try await Self.waiting(store) == 6)
    }

    @Test func navigationAndMarkAllReadCoverWaitingArticles() async throws {
        let folder = try TemporaryFolder()
        let (store, a, b) = try await Self.twoFeeds(in: folder)
        try await StoreFixtures.save(Self.items("a", offset: 0), to: a, in: store)
        try await store.finishSaving()
        try await StoreFixtures.save(Self.items("b", offset: 1), to: b, in: store)
        let all = try await store.articles(ArticlePageRequest(limit: 50)).articles
        let a3 = try #require(all.first { $0.title == "a3 story" })

        let around = try await store.neighbours(of: a3.id, in: ArticleFilter())
        #expect(around.newer == all.first { $0.title == "b3 story" }?.id)
        #expect(around.older == all.first { $0.title == "b2 story" }?.id)
        #expect(try await store.nextUnread(after: nil, in: ArticleFilter()) == all.first?.id)

        let cutoff = StoreFixtures.epoch.addingTimeInterval(6 * 3_600)
        #expect(try await store.markAllRead(in: ArticleFilter(until: cutoff)) == 6)
        let unread = try await store.articles(ArticlePageRequest(filter: ArticleFilter(unreadOnly: true), limit: 50))
        #expect(unread.articles.map(\.title) == ["b5 story", "a5 story", "b4 story", "a4 story", "b3 story", "a3 story"])
        #expect(try await store.unreadCountsByFeed() == [a: 3, b: 3])
        #expect(try await Self.waiting(store) == 6)
    }

    @Test func aSearchIndexesWaitingArticlesFirst() async throws {
        let folder = try TemporaryFolder()
        let (store, a, _) = try await Self.twoFeeds(in: folder)
        try await StoreFixtures.save(Self.items("a", offset: 0), to: a, in: store)
        #expect(try await Self.waiting(store) == 6)

        let hits = try await store.search(SearchRequest(query: "zebra"))
        #expect(hits.hits.count == 6)
        #expect(try await Self.waiting(store) == 0)
        try await Self.checkSearchIndex(store)
    }

    @Test func aSavedSearchSeesWaitingArticles() async throws {
        let folder = try TemporaryFolder()
        let (store, a, b) = try await Self.twoFeeds(in: folder)
        let saved = try await store.saveSearch(name: "Zebras", query: "zebra", filter: ArticleFilter())
        let onB = try await store.saveSearch(name: "Zebras on b", query: "zebra", filter: ArticleFilter(scope: .feed(b)))
        let recent = try await store.saveSearch(name: "Recent zebras", query: "zebra",
                                                filter: ArticleFilter(since: StoreFixtures.epoch.addingTimeInterval(4 * 3_600)))
        try await StoreFixtures.save(Self.items("a", offset: 0), to: a, in: store)

        #expect(try await store.unreadCountsBySavedSearch() == [saved.id: 6, onB.id: 0, recent.id: 4])
        try await StoreFixtures.save(Self.items("c", offset: 20, count: 2), to: a, in: store)
        let listed = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .savedSearch(saved.id)), limit: 50))
        #expect(listed.articles.count == 8)
    }

    @Test func aFullBatchIsIndexedByTheSaveThatFillsIt() async throws {
        let folder = try TemporaryFolder()
        let (store, a, b) = try await Self.twoFeeds(in: folder, indexingBatch: 10)
        try await StoreFixtures.save(Self.items("a", offset: 0), to: a, in: store)
        #expect(try await Self.waiting(store) == 6)
        try await StoreFixtures.save(Self.items("b", offset: 1), to: b, in: store)
        #expect(try await Self.waiting(store) == 0)
        try await Self.checkSearchIndex(store)
    }

    @Test func updatesAndDeletesKeepTheSearchIndexExactWhateverTheState() async throws {
        let folder = try TemporaryFolder()
        let (store, a, b) = try await Self.twoFeeds(in: folder)
        try await StoreFixtures.save(Self.items("a", offset: 0), to: a, in: store)
        try await store.finishSaving()
        try await StoreFixtures.save(Self.items("b", offset: 1), to: b, in: store)

        // Change every article of both feeds while a's are indexed and b's wait.
        var changedA = Self.items("a", offset: 0)
        changedA[0] = StoreFixtures.item("a0", title: "a0 rewritten", body: "<p>giraffe</p>", published: StoreFixtures.epoch)
        var changedB = Self.items("b", offset: 1)
        changedB[0] = StoreFixtures.item("b0", title: "b0 rewritten", body: "<p>giraffe</p>", published: StoreFixtures.epoch)
        let outcomeA = try await StoreFixtures.save(changedA, to: a, in: store)
        let outcomeB = try await StoreFixtures.save(changedB, to: b, in: store)
        #expect(outcomeA.updated == 1 && outcomeB.updated == 1)

        // Retention deletes indexed and waiting articles alike.
        try await store.setSettings(FeedSettings(retention: RetentionPolicy(keepNewest: 2)), for: a)
        try await store.setSettings(FeedSettings(retention: RetentionPolicy(keepNewest: 2)), for: b)
        #expect(try await store.applyRetention(global: RetentionPolicy(), now: StoreFixtures.epoch) == 8)
        #expect(try await Self.waiting(store) == 2)
        try await Self.checkSearchIndex(store)

        #expect(try await store.search(SearchRequest(query: "giraffe")).hits.isEmpty)
        #expect(try await store.search(SearchRequest(query: "zebra")).hits.map(\.article.title).sorted()
            == ["a4 story", "a5 story", "b4 story", "b5 story"])
        #expect(try await Self.waiting(store) == 0)
        #expect(try await store.statistics().articles == 4)
    }
}
