import Foundation
import HeraldDomain
import HeraldPostgres
import PostgresNIO

/// Subscribes a benchmark user of a fresh schema to many feeds at once with plain SQL (a
/// subscription per feed through the store would take minutes at 100,000 feeds), after the store
/// itself has created the schema and the user.
enum ScalePostgresSetup {
    static func subscribe(_ urls: [String], url: String, user: String) async throws {
        let store = try await PostgresStore.open(url: url, user: user, createUser: true, maximumConnections: 1)
        await store.close()
        try await withClient(url) { client in
            let now = Date().timeIntervalSince1970
            let hosts = urls.map(HostKey.of)
            try await client.query("""
                INSERT INTO feeds (url, host, added_at) SELECT u, h, \(now) FROM unnest(\(urls)::text[], \(hosts)::text[]) AS t (u, h)
                """)
            try await client.query("""
                INSERT INTO subscriptions (user_id, feed_id, added_at)
                SELECT (SELECT id FROM users WHERE name = \(user)), id, \(now) FROM feeds
                """)
            try await client.query("""
                INSERT INTO feed_counts (user_id, feed_id) SELECT (SELECT id FROM users WHERE name = \(user)), id FROM feeds
                """)
            try await client.query("ANALYZE")
        }
    }

    /// The single number a query answers.
    static func count(_ sql: String, url: String) async throws -> Int {
        try await withClient(url) { client in
            var value = 0
            for try await row in try await client.query(PostgresQuery(unsafeSQL: sql)) {
                value = Int(try row.decode(Int64.self))
            }
            return value
        }
    }

    private static func withClient<T: Sendable>(_ url: String, _ body: (PostgresClient) async throws -> T) async throws -> T {
        let location = try PostgresLocation(url: url)
        let client = PostgresClient(configuration: try location.clientConfiguration(maximumConnections: 2))
        let runner = Task { await client.run() }
        defer { runner.cancel() }
        return try await body(client)
    }
}
