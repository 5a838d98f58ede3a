import Foundation
import GRDB
import HeraldDomain

/// Herald's offline cache: feeds, articles, the user's state and full-text search in one SQLite
/// database (WAL mode, one transaction per refreshed feed). Safe to share between tasks.
public final class SQLiteStore: FeedStoring, ArticleStoring, ArticleSearching, Sendable {
    /// The database connection (a `DatabasePool` for files, a `DatabaseQueue` in memory).
    let writer: any DatabaseWriter
    /// The database file, or `nil` for an in-memory store.
    public let path: String?
    /// How many saved articles may wait for indexing before a save indexes them (see
    /// ``finishSaving()``): large enough to batch the index writes of many feeds, small enough
    /// that lists reading the waiting articles stay fast.
    let indexingBatch: Int
    /// The default of ``indexingBatch``.
    static let defaultIndexingBatch = 20_000

    /// Opens (creating if needed) the database file at `path` and brings its schema up to date.
    /// - Parameter path: The database file; its folder is created when missing.
    /// - Throws: ``StoreError/newerSchema(found:supported:)`` for a database written by a newer Herald,
    ///   ``StoreError/readOnly(path:)`` when the file or folder cannot be written,
    ///   ``StoreError/cannotOpen(path:reason:)`` for a file that is not a Herald database.
    public convenience init(path: String) throws(StoreError) {
        try self.init(path: path, indexingBatch: Self.defaultIndexingBatch)
    }

    /// Opens the database file at `path`, indexing saved articles by batches of `indexingBatch`.
    init(path: String, indexingBatch: Int) throws(StoreError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.readOnly(path: path)
        }
        do {
            let pool = try DatabasePool(path: path, configuration: Self.configuration())
            try StoreSchema.prepare(pool)
            self.writer = pool
        } catch {
            throw StoreErrorMapping.map(error, path: path)
        }
        self.path = path
        self.indexingBatch = indexingBatch
    }

    private init(writer: any DatabaseWriter) {
        self.writer = writer
        self.path = nil
        self.indexingBatch = Self.defaultIndexingBatch
    }

    /// A store in memory, gone when released: for tests and previews.
    public static func inMemory() throws(StoreError) -> SQLiteStore {
        do {
            let queue = try DatabaseQueue(configuration: configuration())
            try StoreSchema.prepare(queue)
            return SQLiteStore(writer: queue)
        } catch {
            throw StoreErrorMapping.map(error, path: nil)
        }
    }

    /// WAL (set by `DatabasePool`), a 5 s busy timeout, foreign keys, and `synchronous = NORMAL`:
    /// with WAL a committed transaction survives a killed process; a power cut may lose only the
    /// last transactions, never consistency.
    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try RankFunction.register(on: db)
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY; PRAGMA wal_autocheckpoint = 8192")
        }
        return configuration
    }

    /// Runs a write transaction, mapping failures to ``StoreError``.
    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await writer.write(updates)
        } catch {
            throw StoreErrorMapping.map(error, path: path)
        }
    }

    /// Runs a read, mapping failures to ``StoreError``.
    func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await writer.read(value)
        } catch {
            throw StoreErrorMapping.map(error, path: path)
        }
    }
}
