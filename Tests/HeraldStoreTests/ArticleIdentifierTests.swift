import Foundation
import GRDB
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// Sync clients page by article id (Fever's `since_id`) and keep articles by it: a number once
/// given is never given again, even after the articles holding the highest ones are deleted
/// (schema 12, decision D59).
@Suite("Article identifiers are never given twice")
struct ArticleIdentifierTests {
    static func items(_ prefix: String, count: Int) -> [ParsedItem] {
        (1...count).map { StoreFixtures.item("\(prefix)-\($0)", title: "\(prefix) story \($0)") }
    }

    static func ids(_ store: SQLiteStore, _ feed: FeedID) async throws -> [Int64] {
        try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .feed(feed)))).map(\.rawValue)
    }

    @Test("Unsubscribing from the feed stored last, then storing more: the new articles get numbers above every earlier one")
    func removedFeed() async throws {
        let folder = try TemporaryFolder()
        let (store, first) = try await StoreFixtures.storeWithFeed(in: folder)
        try await StoreFixtures.save(Self.items("a", count: 3), to: first.id, in: store)
        let (second, _) = try await store.addFeed(NewFeed(url: "https://b.example.org/feed.xml"), at: StoreFixtures.epoch)
        try await StoreFixtures.save(Self.items("b", count: 3), to: second.id, in: store)
        let removed = try await Self.ids(store, second.id)
        try await store.removeFeed(second.id)
        let (third, _) = try await store.addFeed(NewFeed(url: "https://c.example.org/feed.xml"), at: StoreFixtures.epoch)
        try await StoreFixtures.save(Self.items("c", count: 3), to: third.id, in: store)
        let fresh = try await Self.ids(store, third.id)
        #expect(fresh.count == 3)
        #expect(fresh.min()! > removed.max()!, "new \(fresh), removed \(removed)")
        // The feed's articles are all there under their numbers.
        #expect(try await store.articles(withIDs: fresh.map { ArticleID($0) }).map(\.title).sorted()
                == ["c story 1", "c story 2", "c story 3"])
    }

    @Test("A file upgraded from schema 11: the numbers of articles deleted afterwards are not given again")
    func migratedFile() async throws {
        let folder = try TemporaryFolder()
        do {
            let pool = try DatabasePool(path: folder.databasePath)
            try StoreSchema.migrator.migrate(pool, upTo: "v11-podcast-episodes")
            try await pool.write { db in
                try db.execute(sql: "INSERT INTO feeds(url, title, added_at) VALUES ('https://old.example.org/rss', 'Old', 0)")
                for index in 1...5 {
                    try db.execute(sql: """
                        INSERT INTO articles(feed_id, identity, title, first_seen, sort_date, content_hash)
                        VALUES (1, ?, 'Old story', 0, 0, 7)
                        """, arguments: ["old-\(index)"])
                }
            }
        }
        let store = try SQLiteStore(path: folder.databasePath)
        let feed = try #require(try await store.feeds().first)
        let before = try await Self.ids(store, feed.id)
        #expect(before == [1, 2, 3, 4, 5])
        // Retention deletes the newest two (any delete would do).
        try await store.writer.write { db in try db.execute(sql: "DELETE FROM articles WHERE id >= 4") }
        try await StoreFixtures.save(Self.items("new", count: 2), to: feed.id, in: store)
        let after = try await Self.ids(store, feed.id)
        #expect(after == [1, 2, 3, 6, 7])
        let version = try await store.writer.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
        #expect(version == 12)
    }
}
