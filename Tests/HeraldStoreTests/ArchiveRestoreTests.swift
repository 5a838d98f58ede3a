import Foundation
import GRDB
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// Restoring archived articles into SQLite goes through deferred indexing like a save: the search
/// index and the feed counts must come out equal to the articles.
@Suite("Restoring an archive into SQLite")
struct ArchiveRestoreTests {
    @Test func restoredArticlesAreIndexedAndCountedExactly() async throws {
        let sourceFolder = try TemporaryFolder()
        let (source, feed) = try await StoreFixtures.storeWithFeed(in: sourceFolder)
        let items = (0..<12).map { index in
            StoreFixtures.item("i\(index)", title: index == 3 ? "東京の新しい図書館" : "Story \(index)",
                               body: "<p>Body \(index) with zebra</p>",
                               published: StoreFixtures.epoch.addingTimeInterval(Double(index) * 60))
        }
        try await StoreFixtures.save(items, to: feed.id, in: source)
        let ids = try await source.archivedArticles(after: nil, limit: 100).map(\.article.id)
        try await source.setRead(true, for: Array(ids.prefix(5)))
        try await source.setStarred(true, for: [ids[7]])

        let destinationFolder = try TemporaryFolder()
        // Batches of 5: restoring 12 articles four at a time indexes twice before the end.
        let destination = try SQLiteStore(path: destinationFolder.databasePath, indexingBatch: 5)
        let feedIDs = try await destination.restoreFeeds(try await source.archivedFeeds())
        var after: ArticleID?
        while true {
            let page = try await source.archivedArticles(after: after, limit: 4)
            guard let last = page.last else { break }
            #expect(try await destination.restoreArticles(page, feedIDs: feedIDs) == page.count)
            #expect(try await destination.restoreArticles(page, feedIDs: feedIDs) == 0)
            after = last.article.id
        }
        #expect(try await Self.waiting(destination) < 12)
        try await destination.finishRestoring()
        #expect(try await Self.waiting(destination) == 0)

        try await destination.writer.write {
            try $0.execute(sql: "INSERT INTO articles_fts(articles_fts, rank) VALUES ('integrity-check', 1)")
        }
        let counts = try await destination.writer.read { db in
            try Row.fetchOne(db, sql: """
                SELECT c.total, c.unread, c.starred,
                    (SELECT count(*) FROM articles), (SELECT count(*) FROM articles WHERE is_read = 0),
                    (SELECT count(*) FROM articles WHERE is_starred = 1)
                FROM feed_counts AS c
                """).map { row in (0..<6).map { row[$0] as Int } }
        }
        #expect(counts == [12, 7, 1, 12, 7, 1])
        #expect(try await destination.search(SearchRequest(query: "図書館")).hits.map(\.article.title) == ["東京の新しい図書館"])
        #expect(try await destination.search(SearchRequest(query: "zebra", limit: 50)).hits.count == 12)
    }

    private static func waiting(_ store: SQLiteStore) async throws -> Int {
        try await store.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM articles WHERE is_indexed = 0") ?? -1 }
    }
}
