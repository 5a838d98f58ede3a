import Foundation
import GRDB
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

@Suite("Schema versions")
struct MigrationTests {
    @Test func aVersion1DatabaseIsMigratedInPlace() async throws {
        let folder = try TemporaryFolder()
        do {
            let pool = try DatabasePool(path: folder.databasePath)
            try StoreSchema.migrator.migrate(pool, upTo: "v1-feeds-articles-search")
            try await pool.write { db in
                try db.execute(sql: "INSERT INTO feeds(url, title, added_at) VALUES ('https://old.example.org/rss', 'Old', 0)")
                try db.execute(sql: """
                    INSERT INTO articles(feed_id, identity, title, first_seen, sort_date, body, content_hash, is_starred,
                        content_type, content_value)
                    VALUES (1, 'guid-1', 'Kept from version 1', 0, 0, 'written long ago', 7, 1, 'html', '<p>written long ago</p>')
                    """)
            }
            #expect(try await pool.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 1)
        }

        let store = try SQLiteStore(path: folder.databasePath)

        let article = try #require(try await store.articles(ArticlePageRequest()).articles.first)
        #expect(article.title == "Kept from version 1" && article.isStarred)
        // The long texts moved to `article_texts` (v5) and are read back with the article.
        #expect(try await store.article(article.id).content == TextConstruct(type: .html, value: "<p>written long ago</p>"))
        #expect(try await store.search(SearchRequest(query: "long")).hits.count == 1)
        _ = try await store.saveSearch(name: "Old", query: "written", filter: ArticleFilter())
        #expect(try await store.unreadCountsBySavedSearch().values.first == 1)
        let version = try await store.writer.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
        #expect(version == StoreSchema.currentVersion)
    }

    @Test func aVersion3DatabaseIsReindexedForCJKSearch() async throws {
        let folder = try TemporaryFolder()
        do {
            let pool = try DatabasePool(path: folder.databasePath)
            try StoreSchema.migrator.migrate(pool, upTo: "v3-unread-index")
            try await pool.write { db in
                try db.execute(sql: "INSERT INTO feeds(url, title, added_at) VALUES ('https://ja.example.jp/rss', 'ニュース', 0)")
                try db.execute(sql: """
                    INSERT INTO articles(feed_id, identity, title, first_seen, sort_date, body, content_hash)
                    VALUES (1, 'j1', '京都の紅葉', 0, 0, '京都市内の寺社では紅葉が見頃です', 1),
                           (1, 'e1', 'English only', 0, 1, 'nothing to segment here', 2)
                    """)
            }
            #expect(try await pool.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 3)
        }

        let store = try SQLiteStore(path: folder.databasePath)

        #expect(try await store.search(SearchRequest(query: "紅葉")).hits.map(\.article.title) == ["京都の紅葉"])
        #expect(try await store.search(SearchRequest(query: "segment")).hits.map(\.article.title) == ["English only"])
        let bodies = try await store.writer.read { try String.fetchAll($0, sql: "SELECT body FROM article_texts ORDER BY article_id") }
        #expect(bodies.last == "nothing to segment here")
    }

    @Test func aNewerDatabaseIsRefused() async throws {
        let folder = try TemporaryFolder()
        _ = try SQLiteStore(path: folder.databasePath)
        let queue = try DatabaseQueue(path: folder.databasePath)
        try await queue.write { try $0.execute(sql: "PRAGMA user_version = 42") }
        try queue.close()

        #expect(throws: StoreError.newerSchema(found: 42, supported: StoreSchema.currentVersion)) {
            _ = try SQLiteStore(path: folder.databasePath)
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefused() throws {
        let folder = try TemporaryFolder()
        try Data("<rss>this is not SQLite</rss>".utf8).write(to: URL(fileURLWithPath: folder.databasePath))
        #expect {
            _ = try SQLiteStore(path: folder.databasePath)
        } throws: { error in
            guard case StoreError.cannotOpen = error else { return false }
            return true
        }
    }

    @Test func inMemoryStoresWork() async throws {
        let store = try SQLiteStore.inMemory()
        #expect(store.path == nil)
        let feed = try await store.addFeed(NewFeed(url: "https://mem.example.org/feed"), at: StoreFixtures.epoch).feed
        try await StoreFixtures.save([StoreFixtures.item("m", title: "In memory")], to: feed.id, in: store)
        #expect(try await store.statistics().articles == 1)
    }
}
