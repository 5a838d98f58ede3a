import Foundation
import HeraldDomain
import PostgresNIO
import Synchronization
import HeraldPorts

/// Herald's store on PostgreSQL: the same ports and behaviour as the SQLite store, for several
/// people and refresh workers sharing one database (Docs/scale.md).
///
/// Feeds and articles are stored once, whoever subscribes; each user has their own subscriptions
/// (title, tags, hidden, settings), read/starred state and tags of articles, and saved searches.
/// A store instance acts for one user, chosen when it opens (``open(url:user:createUser:maximumConnections:openTimeout:)``).
/// Connections come from a pool (postgres-nio's `PostgresClient`); every write is one transaction.
public final class PostgresStore: FeedStoring, ArticleStoring, ArticleSearching, StoreObserving, Sendable {
    let client: PostgresClient
    /// The database, without password, for messages.
    public let location: String
    /// The user this store acts for.
    let userID: Int64
    /// Their name.
    public let currentUser: String
    /// The schema holding the tables (`current_schema()`), which names the change channel.
    let schema: String
    private let runner: Task<Void, Never>
    let changeFeed: ChangeFeed
    static let logger: Logger = {
        var logger = Logger(label: "herald.postgres")
        logger.logLevel = .critical
        return logger
    }()

    private init(client: PostgresClient, runner: Task<Void, Never>, location: String, userID: Int64, userName: String,
                 schema: String, changeFeed: ChangeFeed) {
        self.currentUser = userName
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
    ///   - user: The person the store acts for; `default` is the user every database has.
    ///   - createUser: Adds `user` when the database has no such user yet (the login name's first use);
    ///     otherwise an unknown user is refused.
    ///   - maximumConnections: The size of the connection pool (one more is held to hear of changes).
    ///   - openTimeout: How long to wait for the server to answer and the schema to be ready.
    /// - Throws: ``StoreError/newerSchema(found:supported:)`` for a database written by a newer Herald,
    ///   ``StoreError/cannotOpen(path:reason:)`` when the server cannot be reached or refuses the login,
    ///   ``StoreError/unknownUser(_:)`` for a user the database does not have.
    public static func open(url: String, user: String = PostgresStore.defaultUser, createUser: Bool = false,
                            maximumConnections: Int = 8,
                            openTimeout: Duration = defaultOpenTimeout) async throws(StoreError) -> PostgresStore {
        let location = try PostgresLocation(url: url)
        let openTimeout = location.connectTimeout ?? openTimeout
        let connections = Self.poolSize(asked: maximumConnections, location: location,
                                        cores: ProcessInfo.processInfo.activeProcessorCount)
        let configuration = try location.clientConfiguration(maximumConnections: connections + 1)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runner = Task { await client.run() }
        do {
            // The pool retries a server that does not answer for a minute before it gives up;
            // opening gives up sooner, with the reason.
            let (schema, userID) = try await withThrowingTaskGroup(of: (String, Int64)?.self) { group in
                group.addTask {
                    let schema = try await PostgresSchema.prepare(client, schema: location.schema, location: location.redacted)
                    return (schema, try await PostgresUsers.identifier(of: user, creating: createUser, client: client))
                }
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
                                 userName: user, schema: schema, changeFeed: changeFeed)
        } catch {
            runner.cancel()
            throw PostgresErrorMapping.map(error, location: location.redacted)
        }
    }

    /// The pool's size: as asked, but for a server on this machine at most twice its cores (at
    /// least 2). Such a server shares the cores with Herald, and connections beyond them only
    /// contend inside it: on two cores a refresh with 4 connections took a fifth less of the
    /// server's CPU than with 16, and no longer (Docs/benchmarks.md). A server elsewhere keeps the
    /// size asked, whose connections also hide the network's round trips.
    static func poolSize(asked: Int, location: PostgresLocation, cores: Int) -> Int {
        guard location.isOnThisMachine else { return asked }
        return min(asked, max(2, 2 * cores))
    }

    /// The user every database has, whom a store acts for when no user is chosen.
    public static let defaultUser = PostgresSchema.defaultUser

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
