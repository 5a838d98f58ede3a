import Foundation
import GRDB
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

@Suite("Durability and concurrency", .serialized)
struct DurabilityTests {
    @Test func killDashNineDuringWritesLosesNoCommittedFeed() async throws {
        let executable = try #require(ChildWriter.executable(), "build herald-benchmarks (swift build) before the tests")
        let folder = try TemporaryFolder()
        _ = try SQLiteStore(path: folder.databasePath)
        var committed: [(feed: Int64, articles: Int)] = []
        for _ in 0..<4 {
            let child = try ChildWriter(executable: executable, database: folder.databasePath)
            try await Task.sleep(for: .milliseconds(Int.random(in: 250...900)))
            child.kill()
            committed += child.committedFeeds()
        }
        #expect(committed.count > 4)

        let store = try SQLiteStore(path: folder.databasePath)
        let integrity = try await store.writer.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
        #expect(integrity == ["ok"])
        // Articles the killed writers saved but had not indexed yet are indexed now; the search
        // index must then match the articles exactly.
        try await store.finishSaving()
        let ftsIntegrity: Void? = try? await store.writer.write {
            try $0.execute(sql: "INSERT INTO articles_fts(articles_fts, rank) VALUES ('integrity-check', 1)")
        }
        #expect(ftsIntegrity != nil)
        for (feed, articles) in committed {
            let page = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .feed(FeedID(feed))), limit: 1_000))
            #expect(page.articles.count == articles)
            #expect(Set(page.articles.map(\.title)) == Set((0..<articles).map { "Feed \(feed) item \($0)" }))
            #expect(try await store.unreadCountsByFeed()[FeedID(feed)] == articles)
        }
    }

    @Test func aReaderAndAWriterProcessWorkAtOnce() async throws {
        let executable = try #require(ChildWriter.executable(), "build herald-benchmarks (swift build) before the tests")
        let folder = try TemporaryFolder()
        let store = try SQLiteStore(path: folder.databasePath)
        let child = try ChildWriter(executable: executable, database: folder.databasePath, feeds: 60)
        var reads = 0
        while child.process.isRunning {
            let page = try await store.articles(ArticlePageRequest(limit: 20))
            if let first = page.articles.first { try await store.setRead(true, for: [first.id]) }
            _ = try await store.unreadCountsByFeed()
            _ = try await store.search(SearchRequest(query: "durability"))
            reads += 1
        }
        child.process.waitUntilExit()
        #expect(child.process.terminationStatus == 0)
        #expect(child.committedFeeds().count == 60)
        #expect(reads > 0)
        let stats = try await store.statistics()
        #expect(stats.feeds == 60 && stats.articles == 60 * 40)
        #expect(stats.unread == stats.articles - (try await store.articles(ArticlePageRequest(filter: ArticleFilter(), limit: 5_000))
            .articles.filter(\.isRead).count))
    }

    @Test func aFullDiskIsAClearErrorAndLosesNothing() async throws {
        let folder = try TemporaryFolder()
        let (store, feed) = try await StoreFixtures.storeWithFeed(in: folder)
        try await StoreFixtures.save([StoreFixtures.item("kept", title: "Stored before the disk filled")], to: feed.id, in: store)
        try await store.writer.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        let big = (0..<200).map { StoreFixtures.item("big\($0)", title: "Big \($0)", body: String(repeating: "<p>filler text</p>", count: 200)) }

        await #expect(throws: StoreError.diskFull) { try await StoreFixtures.save(big, to: feed.id, in: store) }

        let titles = try await store.articles(ArticlePageRequest()).articles.map(\.title)
        #expect(titles == ["Stored before the disk filled"])
        #expect(try await store.unreadCountsByFeed()[feed.id] == 1)
    }

    @Test func aReadOnlyDatabaseIsAClearErrorAndLosesNothing() async throws {
        let folder = try TemporaryFolder()
        do {
            let (store, feed) = try await StoreFixtures.storeWithFeed(in: folder)
            try await StoreFixtures.save([StoreFixtures.item("kept", title: "Written earlier")], to: feed.id, in: store)
        }
        let lock = try ReadOnlyFile(path: folder.databasePath)
        defer { lock.restore() }

        let opened = Result { () throws(StoreError) -> SQLiteStore in try SQLiteStore(path: folder.databasePath) }
        if case .failure(let error) = opened {
            #expect(error == .readOnly(path: folder.databasePath))
        }
        if case .success(let store) = opened {
            #expect(try await store.articles(ArticlePageRequest()).articles.map(\.title) == ["Written earlier"])
            // The article waits for indexing, which needs a write: the search runs without it.
            _ = try await store.search(SearchRequest(query: "earlier"))
            await #expect(throws: StoreError.readOnly(path: folder.databasePath)) {
                _ = try await store.addFeed(NewFeed(url: "https://new.example.org/feed"), at: StoreFixtures.epoch)
            }
        }
        lock.restore()
        let store = try SQLiteStore(path: folder.databasePath)
        #expect(try await store.articles(ArticlePageRequest()).articles.map(\.title) == ["Written earlier"])
        #expect(try await store.search(SearchRequest(query: "earlier")).hits.map(\.article.title) == ["Written earlier"])
    }
}

/// Makes a file unwritable: mode 0444, and the immutable attribute when running as root
/// (root ignores permission bits).
struct ReadOnlyFile {
    let path: String

    init(path: String) throws {
        self.path = path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        if geteuid() == 0 { try Self.chattr("+i", path) }
    }

    func restore() {
        if geteuid() == 0 { try? Self.chattr("-i", path) }
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    }

    private static func chattr(_ flag: String, _ path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        try process.run()
        process.waitUntilExit()
    }
}
