import Foundation
import HeraldDomain
import HeraldTestSupport
import PostgresNIO
import Testing
@testable import HeraldPostgres

/// What only the PostgreSQL store does: schema versions in `schema_migrations`, and commits of
/// other processes (workers, other users' readers) reported through NOTIFY.
@Suite("PostgreSQL store", .enabled(if: Backend.postgresURL != nil, "HERALD_TEST_POSTGRES_URL is not set"))
struct PostgresStoreTests {
    /// The binary `tsvector` an insert sends is the vector its literal says: same words, positions
    /// and weights, in PostgreSQL's own reading, for titles and bodies in several scripts, repeated
    /// words, and a body long enough to reach the largest position (where positions merge).
    @Test func binaryVectorsAreTheLiteralsVectors() async throws {
        let (store, schema) = try await Backend.openPostgres()
        let long = (1...17_000).map { "w\($0 % 300)" }.joined(separator: " ")
        let samples: [(String, String)] = [
            ("Swift 6.3 released", "The Swift team released Swift 6.3 today; swift builds faster."),
            ("Café déjà vu", "Ünïcödé wörds and CAFÉ again, naïve résumé."),
            ("京都の紅葉", "嵐山で紅葉が見頃に。Kyoto autumn leaves."),
            ("", ""),
            ("Title only", ""),
            ("Long", long),
        ]
        for (title, body) in samples {
            let vector = SearchText.searchVector(title: title, body: body)
            let same = try await store.client.query("""
                SELECT \(vector.binary) = \(vector.literal)::tsvector, length(\(vector.binary)),
                    \(vector.binary)::text = \(vector.literal)::tsvector::text
                """).first { try $0.decode((Bool, Int, Bool).self) }
            #expect(same?.0 == true, "\(title)")
            #expect(same?.2 == true, "\(title)")
        }
        await Backend.drop(store, schema: schema)
    }

    @Test func migrationsAreRecordedByNameAndRunOnce() async throws {
        let (store, schema) = try await Backend.openPostgres()
        let applied = try await store.client.query("SELECT version, name FROM schema_migrations ORDER BY version")
            .all { try $0.decode((Int, String).self) }
        #expect(applied.map(\.0) == [1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(applied.map(\.1) == ["v1-shared-feeds-per-user-state", "v2-refresh-queue", "v3-fetch-ledger", "v4-accounts",
                                     "v5-article-pages", "v6-hidden-articles",
                                     "v7-articles-uncompressed", "v8-feed-icons-kept-tags", "v9-podcast-episodes"])
        let (again, _) = try await Backend.openPostgres(schema: schema)
        _ = try await again.addFeed(NewFeed(url: "https://a.example.org/rss"), at: StoreFixtures.epoch)
        #expect(try await again.feeds().count == 1)
        await again.close()
        await Backend.drop(store, schema: schema)
    }

    @Test func aDatabaseWrittenByANewerHeraldIsRefused() async throws {
        let (store, schema) = try await Backend.openPostgres()
        try await store.client.query("INSERT INTO schema_migrations (version, name) VALUES (99, 'v99-from-the-future')")
        await #expect(throws: StoreError.newerSchema(found: 99, supported: PostgresSchema.currentVersion)) {
            _ = try await Backend.openPostgres(schema: schema)
        }
        let message = StoreError.newerSchema(found: 99, supported: 1).message
        #expect(message.contains("newer Herald"))
        await Backend.drop(store, schema: schema)
    }

    @Test func aCommitByAnotherStoreOnTheSameDatabaseIsReported() async throws {
        let (reader, schema) = try await Backend.openPostgres()
        let (writer, _) = try await Backend.openPostgres(schema: schema)
        let feed = try await writer.addFeed(NewFeed(url: "https://cron.example.org/rss"), at: StoreFixtures.epoch).feed
        try await Task.sleep(for: .milliseconds(300))
        let stream = reader.changes()
        try await StoreFixtures.save([StoreFixtures.item("x", title: "From a worker")], to: feed.id, in: writer)
        var seen: StoreChanges = []
        for await change in stream {
            seen.formUnion(change)
            if seen.isSuperset(of: [.articles, .counts]) { break }
        }
        #expect(seen.isSuperset(of: [.articles, .counts]))
        #expect(try await reader.articles(ArticlePageRequest(limit: 10)).articles.map(\.title) == ["From a worker"])
        await writer.close()
        await Backend.drop(reader, schema: schema)
    }

    @Test func finishingASaveCleansTheSearchIndexAndSearchStillFindsEverything() async throws {
        let (store, schema) = try await Backend.openPostgres()
        let feed = try await store.addFeed(NewFeed(url: "https://a.example.org/rss"), at: StoreFixtures.epoch).feed
        try await StoreFixtures.save((0..<30).map { StoreFixtures.item("i\($0)", title: "Zebra \($0)") }, to: feed.id, in: store)
        try await store.finishSaving()
        #expect(try await store.search(SearchRequest(query: "zebra", limit: 50)).hits.count == 30)
        await Backend.drop(store, schema: schema)
    }

    @Test func anUnreachableServerIsACannotOpenError() async throws {
        await #expect {
            _ = try await PostgresStore.open(url: "postgres://nobody@127.0.0.1:1/none")
        } throws: { error in
            guard case StoreError.cannotOpen(let path, _) = error else { return false }
            return path == "postgres://nobody@127.0.0.1:1/none"
        }
    }
}
