import Foundation
import HeraldDomain
import HeraldStore
import HeraldTestSupport
import PostgresNIO
import Testing
@testable import HeraldPostgres
import HeraldPorts

/// What every store offers the engine.
typealias AnyStore = FeedStoring & ArticleStoring & ArticleSearching & StoreObserving & FetchLedgering & AccountStoring
    & FullTextStoring & FeedIconStoring & TagStoring

/// A store backend the shared behaviour tests run on.
enum Backend: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// The URL of the PostgreSQL server the tests may use (`scripts/postgres url`).
    static let postgresURL: String? = {
        let url = ProcessInfo.processInfo.environment["HERALD_TEST_POSTGRES_URL"] ?? ""
        return url.isEmpty ? nil : url
    }()

    /// The backends to test: SQLite always; PostgreSQL when ``postgresURL`` is set (otherwise the
    /// reason is printed once, and `PostgresAvailabilityTests` fails the run when `CI` is set).
    static let all: [Backend] = {
        guard postgresURL != nil else {
            print("""
                ◇ PostgreSQL store tests skipped: HERALD_TEST_POSTGRES_URL is not set. \
                Run `scripts/postgres start` and `export HERALD_TEST_POSTGRES_URL=$(scripts/postgres url)` to run them.
                """)
            return [.sqlite]
        }
        return [.sqlite, .postgres]
    }()

    /// Runs `body` on a new empty store: a file in a temporary folder, or a schema of its own in
    /// the test database (so tests run in parallel), dropped afterwards.
    func withStore(_ body: (AnyStore) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-backend-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try await body(try SQLiteStore(path: folder.appendingPathComponent("herald.db").path))
        case .postgres:
            let (store, schema) = try await Self.openPostgres()
            do {
                try await body(store)
            } catch {
                await Self.drop(store, schema: schema)
                throw error
            }
            await Self.drop(store, schema: schema)
        }
    }

    /// Runs `body` on a new store subscribed to one feed.
    func withStoreAndFeed(url: String = "https://news.example.org/feed.xml", tags: [String] = [],
                          _ body: (AnyStore, Feed) async throws -> Void) async throws {
        try await withStore { store in
            let (feed, _) = try await store.addFeed(NewFeed(url: url, tags: tags), at: StoreFixtures.epoch)
            try await body(store, feed)
        }
    }

    /// A store in a new schema of the test database.
    static func openPostgres(schema: String = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased(),
                             user: String = PostgresStore.defaultUser, createUser: Bool = false)
        async throws -> (PostgresStore, String) {
        let url = try #require(postgresURL, "HERALD_TEST_POSTGRES_URL is not set")
        let store = try await PostgresStore.open(url: url + (url.contains("?") ? "&" : "?") + "schema=\(schema)",
                                                 user: user, createUser: createUser,
                                                 maximumConnections: 2,
                                                 // A busy machine running the whole suite in parallel
                                                 // (schemas created and migrated at once) is slow, not down.
                                                 openTimeout: .seconds(90))
        return (store, schema)
    }

    /// Drops a test schema and closes its store.
    static func drop(_ store: PostgresStore, schema: String) async {
        _ = try? await store.client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \"\(schema)\" CASCADE"))
        await store.close()
    }
}

/// The store fixtures that need this target's store type.
extension StoreFixtures {
    /// Saves items into a feed with an empty fetch state.
    @discardableResult
    static func save(_ items: [ParsedItem], to feed: FeedID, in store: AnyStore, at date: Date = epoch)
        async throws -> StoreOutcome {
        try await store.saveFetchedFeed(self.feed(items), fetchState: FetchState(lastSuccessAt: date), for: feed, at: date)
    }
}
