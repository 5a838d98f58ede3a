import Foundation
import GRDB
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// `herald doctor`: a damaged file is found, rebuilt from what can be read, and the user's state kept.
@Suite("Database doctor")
struct DatabaseDoctorTests {
    /// Fills a store: two feeds, 300 articles, some read and starred, a saved search.
    private func fill(_ folder: TemporaryFolder) async throws -> (unread: Int, starred: Int) {
        let (store, feed) = try await StoreFixtures.storeWithFeed(in: folder)
        let other = try await store.addFeed(NewFeed(url: "https://other.example.org/rss", tags: ["world"]),
                                            at: StoreFixtures.epoch).feed
        let body = String(repeating: "Harbour tides and lighthouse keepers. ", count: 40)
        try await StoreFixtures.save((0..<150).map { StoreFixtures.item("a\($0)", title: "Alpha \($0)", body: body) },
                                     to: feed.id, in: store)
        try await StoreFixtures.save((0..<150).map { StoreFixtures.item("b\($0)", title: "Bravo \($0)", body: body) },
                                     to: other.id, in: store)
        try await store.finishSaving()
        let ids = try await store.articles(ArticlePageRequest(limit: 300)).articles.map(\.id)
        try await store.setRead(true, for: Array(ids.prefix(100)))
        try await store.setStarred(true, for: Array(ids.suffix(7)))
        _ = try await store.saveSearch(name: "Tides", query: "tides", filter: ArticleFilter())
        let totals = try await store.statistics()
        return (totals.unread, totals.starred)
    }

    /// Overwrites two leaf pages of a table with garbage, after folding the WAL into the file.
    private func damage(_ table: String, of path: String) throws {
        let queue = try DatabaseQueue(path: path)
        let (pages, pageSize) = try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let pages = try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
                                         arguments: [table])
            return (pages, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096)
        }
        try queue.close()
        #expect(pages.count >= 4, "the table spans several pages")
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        for page in [pages[1], pages[pages.count / 2]] {
            try handle.seek(toOffset: UInt64((page - 1) * pageSize))
            handle.write(Data(repeating: 0xAB, count: pageSize))
        }
        try handle.close()
    }

    @Test("a sound file passes the check")
    func soundFile() async throws {
        let folder = try TemporaryFolder()
        _ = try await fill(folder)
        let check = try DatabaseDoctor.check(path: folder.databasePath)
        #expect(check.isSound, "\(check.problems)")
        #expect(check.feeds == 2 && check.articles == 300)
    }

    @Test("damaged article texts: the check names the damage; the repair keeps every feed, article, read and starred state and the saved search, and the rebuilt file is sound and searchable")
    func damagedTexts() async throws {
        let folder = try TemporaryFolder()
        let before = try await fill(folder)
        let account = AccountCredentials(name: "alice", passwordHash: "$scrypt$ln=15,r=8,p=1$c2FsdA$aGFzaA",
                                         feverKey: nil, updatedAt: Date(timeIntervalSince1970: 0))
        let token = APITokenRecord(id: "t1", account: "alice", digest: "d1", label: "phone",
                                   createdAt: Date(timeIntervalSince1970: 0))
        let kept = ArticleFullText(url: "https://news.example.org/page", title: "Page", html: "<p>Kept page.</p>",
                                   text: "Kept page.", fetchedAt: Date(timeIntervalSince1970: 0))
        let withPage: ArticleID
        do {
            let store = try SQLiteStore(path: folder.databasePath)
            try await store.setCredentials(account)
            try await store.addToken(token)
            withPage = try #require(try await store.articles(ArticlePageRequest(limit: 1)).articles.first?.id)
            try await store.saveFullText(kept, for: withPage)
        }
        try damage("article_texts", of: folder.databasePath)

        let check = try DatabaseDoctor.check(path: folder.databasePath)
        #expect(!check.isSound)

        let report = try DatabaseDoctor.repair(path: folder.databasePath, suffix: "test")
        #expect(report.feeds == 2 && report.articles == 300 && report.savedSearches == 1)
        #expect(report.unreadableRows > 0, "the damaged pages held texts")
        #expect(FileManager.default.fileExists(atPath: folder.databasePath + ".damaged-test"))
        #expect(report.damagedCopy == folder.databasePath + ".damaged-test")

        #expect(try DatabaseDoctor.check(path: folder.databasePath).isSound)
        let store = try SQLiteStore(path: folder.databasePath)
        let totals = try await store.statistics()
        #expect(totals.articles == 300 && totals.unread == before.unread && totals.starred == before.starred)
        #expect(try await store.unreadCountsByFeed().values.reduce(0, +) == before.unread)
        #expect(try await store.credentials(of: "alice") == account, "the sync account survives a repair")
        #expect(try await store.tokens(of: "alice") == [token])
        #expect(try await store.fullTexts(of: [withPage])[withPage] == kept, "a kept full text survives a repair")
        let hits = try await store.search(SearchRequest(query: "lighthouse", limit: 500)).hits.count
        #expect(hits > 0 && hits < 300, "articles whose texts survived are found again (\(hits))")
        #expect(try await store.search(SearchRequest(query: "Alpha", limit: 500)).hits.count == 150,
                "every title is indexed, lost texts included")
    }

    @Test("damaged articles: the readable ones are kept with their state; the lost ones are counted")
    func damagedArticles() async throws {
        let folder = try TemporaryFolder()
        _ = try await fill(folder)
        try damage("articles", of: folder.databasePath)
        let report = try DatabaseDoctor.repair(path: folder.databasePath, suffix: "test")
        #expect(report.feeds == 2 && report.articles < 300 && report.articles > 0)
        #expect(report.unreadableRows > 0)
        let store = try SQLiteStore(path: folder.databasePath)
        let totals = try await store.statistics()
        #expect(totals.articles == report.articles)
        #expect(try DatabaseDoctor.check(path: folder.databasePath).isSound)
    }

    @Test("damaged index pages and a damaged text page: the articles are still copied (their key bounds are read from the table's own b-tree, not by scanning an index)")
    func damagedIndexesKeepTheirTable() async throws {
        let folder = try TemporaryFolder()
        _ = try await fill(folder)
        let queue = try DatabaseQueue(path: folder.databasePath)
        let (pages, pageSize) = try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let indexLeaves = try Int.fetchAll(db, sql: """
                SELECT min(pageno) FROM dbstat WHERE pagetype = 'leaf' AND name IN
                    (SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'articles') GROUP BY name
                """)
            let texts = try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE name = 'article_texts' AND pagetype = 'leaf' ORDER BY pageno")
            return (indexLeaves + [texts[texts.count / 2]], try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096)
        }
        try queue.close()
        #expect(pages.count >= 5, "every index of articles and a text page")
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: folder.databasePath))
        for page in pages {
            try handle.seek(toOffset: UInt64((page - 1) * pageSize))
            handle.write(Data(repeating: 0xAB, count: pageSize))
        }
        try handle.close()

        let report = try DatabaseDoctor.repair(path: folder.databasePath, suffix: "test")
        #expect(report.feeds == 2 && report.articles == 300)
        #expect(try DatabaseDoctor.check(path: folder.databasePath).isSound)
    }

    @Test("a damaged freelist: page salvage is skipped and says why, and the repair still copies what the tree reaches")
    func damagedFreelistSkipsPageSalvage() async throws {
        let folder = try TemporaryFolder()
        _ = try await fill(folder)
        let queue = try DatabaseQueue(path: folder.databasePath)
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA secure_delete = OFF; DELETE FROM articles WHERE id <= 100; PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let (root, pageSize) = try await queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT pageno FROM dbstat WHERE name = 'articles' AND path = '/'") ?? 0,
             try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096)
        }
        // The first freelist trunk page: bytes 32-35 of the file header.
        let header = try Data(contentsOf: URL(fileURLWithPath: folder.databasePath)).prefix(100)
        let trunk = header[32...35].reduce(0) { $0 << 8 | Int($1) }
        try queue.close()
        #expect(trunk > 0, "the deletion left a freelist")
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: folder.databasePath))
        for page in [trunk, root] {
            try handle.seek(toOffset: UInt64((page - 1) * pageSize))
            handle.write(Data(repeating: 0xAB, count: pageSize))
        }
        try handle.close()

        let report = try DatabaseDoctor.repair(path: folder.databasePath, suffix: "test")
        #expect(report.pageSalvageSkipped == "the list of free pages is damaged")
        #expect(report.salvagedRows == 0)
        #expect(report.feeds == 2 && report.savedSearches == 1)
        #expect(try DatabaseDoctor.check(path: folder.databasePath).isSound)
    }
}
