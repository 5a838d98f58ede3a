import Foundation
import HeraldDomain
import PostgresNIO
import Synchronization

/// Herald's store on PostgreSQL: the same ports and behaviour as the SQLite store, for several
/// people and refresh workers sharing one database (Docs/scale.md).
///
/// Feeds and articles are stored once, whoever subscribes; each user has their own subscriptions
/// (title, tags, hidden, settings), read/starred state and tags of articles, and saved searches.
/// A store instance acts for one user (the default user, `default`, until users can be chosen).
/// Connections come from a pool (postgres-nio's `PostgresClient`); every write is one transaction.
public final class PostgresStore: FeedStoring, ArticleStoring, ArticleSearching, StoreObserving, Sendable {
    let client: PostgresClient
    /// The database, without password, for messages.
    public let location: String
    /// The user this store acts for.
    let userID: Int64
    /// The schema holding the tables (`current_schema()`), which names the change channel.
    let schema: String
    private let runner: Task<Void, Never>
    let changeFeed: ChangeFeed
    static let logger: Logger = {
        var logger = Logger(label: "herald.postgres")
        logger.logLevel = .critical
        return logger
    }()

    private init(client: PostgresClient, runner: Task<Void, Never>, location: String, userID: Int64, schema: String,
                 changeFeed: ChangeFeed) {
        self.client = client
        self.runner = runner
        self.location = location
        self.userID = userID
        self.schema = schema
        self.changeFeed = changeFeed
    }

    /// Connects to the database a `postgres://` URL names and brings its schema up to date.
    /// - Parameters:
    ///   - url: See ``PostgresLocation``.
    ///   - maximumConnections: The size of the connection pool (one more is held to hear of changes).
    ///   - openTimeout: How long to wait for the server to answer and the schema to be ready.
    /// - Throws: ``StoreError/newerSchema(found:supported:)`` for a database written by a newer Herald,
    ///   ``StoreError/cannotOpen(path:reason:)`` when the server cannot be reached or refuses the login.
    public static func open(url: String, maximumConnections: Int = 8,
                            openTimeout: Duration = defaultOpenTimeout) async throws(StoreError) -> PostgresStore {
        let location = try PostgresLocation(url: url)
        let configuration = try location.clientConfiguration(maximumConnections: maximumConnections + 1)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runner = Task { await client.run() }
        do {
            // The pool retries a server that does not answer for a minute before it gives up;
            // opening gives up sooner, with the reason.
            let (schema, userID) = try await withThrowingTaskGroup(of: (String, Int64)?.self) { group in
                group.addTask { try await PostgresSchema.prepare(client, schema: location.schema, location: location.redacted) }
                group.addTask {
                    try await Task.sleep(for: openTimeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let opened = try await group.next() ?? nil else {
                    throw StoreError.cannotOpen(path: location.redacted, reason: "the PostgreSQL server did not answer within \(openTimeout); check that it runs and the URL")
                }
                return opened
            }
            let changeFeed = try await ChangeFeed.start(client: client, channel: "herald:" + schema)
            return PostgresStore(client: client, runner: runner, location: location.redacted, userID: userID,
                                 schema: schema, changeFeed: changeFeed)
        } catch {
            runner.cancel()
            throw PostgresErrorMapping.map(error, location: location.redacted)
        }
    }

    /// How long ``open(url:maximumConnections:openTimeout:)`` waits for the server by default.
    public static let defaultOpenTimeout: Duration = .seconds(10)

    /// Closes the pool's connections; the store cannot be used afterwards.
    public func close() async {
        changeFeed.stop()
        runner.cancel()
        await runner.value
    }

    deinit {
        changeFeed.stop()
        runner.cancel()
    }

    /// Runs `body` on a pooled connection, mapping failures to ``StoreError``.
    func read<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        do {
            return try await client.withConnection { connection in try await body(connection) }
        } catch {
            throw PostgresErrorMapping.map(error, location: location)
        }
    }

    /// Runs `body` in one transaction (committed when it returns, rolled back when it throws),
    /// mapping failures to ``StoreError``.
    func write<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        do {
            return try await client.withConnection { connection in
                try await connection.query("BEGIN", logger: Self.logger)
                do {
                    let value = try await body(connection)
                    try await connection.query("COMMIT", logger: Self.logger)
                    return value
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: Self.logger)
                    throw error
                }
            }
        } catch {
            throw PostgresErrorMapping.map(error, location: location)
        }
    }
}

extension PostgresConnection {
    /// Runs a statement with Herald's (silent) logger.
    @discardableResult
    func run(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await self.query(query, logger: PostgresStore.logger)
    }

    /// Runs an assembled statement.
    @discardableResult
    func run(_ text: SQLText) async throws -> PostgresRowSequence {
        try await self.query(text.query, logger: PostgresStore.logger)
    }
}
