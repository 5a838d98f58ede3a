import Foundation
import GRDB
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// `herald doctor --repair` reads the leaf pages below a damaged interior page of a real database
/// file, which no key can reach any more, and keeps their rows.
@Suite("Database doctor: page salvage")
struct PageSalvageTests {
    /// A store with 3,000 articles (ids 1…3,000; rows of 3 KB, a three-level b-tree with 4 or 8 KiB
    /// pages; every tenth 10 KB, on overflow pages), ids 1…300 then deleted (their pages go to the
    /// freelist), every third article read and every fiftieth starred.
    private func fill(_ folder: TemporaryFolder) async throws -> SQLiteStore {
        let (store, feed) = try await StoreFixtures.storeWithFeed(in: folder)
        let queue = try DatabaseQueue(path: folder.databasePath)
        try await queue.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                INSERT INTO articles (id, feed_id, identity, title, url, author, first_seen, sort_date, content_hash, is_indexed)
                SELECT i, ?, 'item-' || i, 'Harbour report ' || i,
                       'https://news.example.org/reports/' || i || '/' || printf('%.*c', iif(i % 10 = 0, 10000, 3000), 'x'),
                       'Ada Lovelace', 1750000000 + i, 1750000000 + i, i * 7919, 0 FROM n;
                INSERT INTO article_texts (article_id, title, body)
                SELECT id, title, 'Tides and lighthouse keepers, report ' || id FROM articles;
                """, arguments: [feed.id.rawValue])
        }
        try await store.finishSaving()
        // Without secure_delete (Debian builds SQLite with it on, stock SQLite has it off), the freed
        // pages keep their old rows, as on most machines: they must not come back.
        try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA secure_delete = OFF") }
        try await queue.write { db in
            try db.execute(sql: """
                DELETE FROM articles WHERE id <= 300;
                UPDATE articles SET is_read = 1 WHERE id % 3 = 0;
                UPDATE articles SET is_starred = 1 WHERE id % 50 = 0;
                UPDATE feed_counts SET total = (SELECT count(*) FROM articles),
                    unread = (SELECT count(*) FROM articles WHERE is_read = 0),
                    starred = (SELECT count(*) FROM articles WHERE is_starred = 1);
                """)
        }
        try queue.close()
        return store
    }

    @Test("a damaged interior page of articles: every row below it is read from its leaf pages, with its state; deleted rows on free pages stay deleted")
    func interiorPageOfArticles() async throws {
        let folder = try TemporaryFolder()
        let store = try await fill(folder)
        let before = try await store.statistics()
        #expect(before.articles == 2_700)

        // The second child of the root: an interior page with a few hundred leaves below it.
        let queue = try DatabaseQueue(path: folder.databasePath)
        let (page, pageSize, below) = try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let page = try Int.fetchOne(db, sql: "SELECT pageno FROM dbstat WHERE name = 'articles' AND path = '/001/'")
            let pageType = try String.fetchOne(db, sql: "SELECT pagetype FROM dbstat WHERE name = 'articles' AND path = '/001/'")
            #expect(pageType == "internal", "the articles table is three levels deep")
            let below = try Int.fetchOne(db, sql: """
                SELECT sum(ncell) FROM dbstat WHERE name = 'articles' AND pagetype = 'leaf' AND path LIKE '/001/%'
                """) ?? 0
            return (try #require(page), try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096, below)
        }
        try queue.close()
        #expect(below > 500, "a large part of the table is below the damaged page (\(below) rows)")

        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: folder.databasePath))
        try handle.seek(toOffset: UInt64((page - 1) * pageSize))
        handle.write(Data(repeating: 0xAB, count: pageSize))
        try handle.close()
        let damaged = try DatabaseQueue(path: folder.databasePath)
        #expect(throws: DatabaseError.self, "SQLite cannot read the table through the damaged page") {
            // Every row's title, so the table's own b-tree is read (a count could use an index).
            try damaged.read { try Int.fetchOne($0, sql: "SELECT sum(length(title)) FROM articles") }
        }
        try damaged.close()

        let report = try DatabaseDoctor.repair(path: folder.databasePath, suffix: "test")
        #expect(report.salvagedRows == below, "the rows below the damaged page came from its leaves")
        #expect(report.articles == 2_700)
        #expect(report.unreadableRows == 0)

        #expect(try DatabaseDoctor.check(path: folder.databasePath).isSound)
        let repaired = try SQLiteStore(path: folder.databasePath)
        let after = try await repaired.statistics()
        #expect(after.articles == 2_700 && after.unread == before.unread && after.starred == before.starred)
        let reader = try DatabaseQueue(path: folder.databasePath)
        let (deletedBack, wrongRows) = try await reader.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM articles WHERE id <= 300") ?? -1,
             try Int.fetchOne(db, sql: """
                SELECT count(*) FROM articles WHERE identity != 'item-' || id OR title != 'Harbour report ' || id
                    OR sort_date != 1750000000 + id OR content_hash != id * 7919 OR is_read != (id % 3 = 0)
                    OR length(url) != length('https://news.example.org/reports/' || id || '/') + iif(id % 10 = 0, 10000, 3000)
                """) ?? -1)
        }
        try reader.close()
        #expect(deletedBack == 0, "rows deleted before the damage stay deleted")
        #expect(wrongRows == 0, "every salvaged row has its own values")
        let hits = try await repaired.search(SearchRequest(query: "lighthouse", limit: 5_000)).hits.count
        #expect(hits == 2_700, "every article is searchable again")
    }

    @Test("pages committed to the WAL but not yet checkpointed are read from the WAL, as SQLite reads them")
    func walFramesOverTheFile() async throws {
        let folder = try TemporaryFolder()
        let (store, feed) = try await StoreFixtures.storeWithFeed(in: folder)
        let queue = try DatabaseQueue(path: folder.databasePath)
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA wal_autocheckpoint = 0")
        }
        // Committed in the WAL only: the file grows there and its first page (page count, freelist) changes.
        try await StoreFixtures.save((0..<400).map { StoreFixtures.item("w\($0)", title: "Walled \($0)") }, to: feed.id, in: store)
        try await queue.write { db in try db.execute(sql: "DELETE FROM articles WHERE id % 2 = 0") }
        let (pages, freePages, roots) = try await queue.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0, try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0,
             try Int.fetchAll(db, sql: "SELECT rootpage FROM sqlite_schema WHERE rootpage > 0"))
        }
        let walBytes = (try FileManager.default.attributesOfItem(atPath: folder.databasePath + "-wal")[.size] as? Int) ?? 0
        #expect(walBytes > 0, "the WAL holds the commits")

        let image = try #require(DatabaseFileImage(path: folder.databasePath))
        #expect(image.pageCount == pages)
        #expect(image.freePages()?.count == freePages)
        #expect(OrphanRows(path: folder.databasePath, roots: roots).rows.isEmpty, "a sound file has no orphan rows")
        try queue.close()
    }
}
