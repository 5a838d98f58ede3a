import Foundation
import GRDB
import HeraldDomain
import HeraldPorts

/// Herald's offline cache: feeds, articles, the user's state and full-text search in one SQLite
/// database (WAL mode, one transaction per refreshed feed). Safe to share between tasks.
public final class SQLiteStore: FeedStoring, ArticleStoring, ArticleSearching, Sendable {
    /// The database connection (a `DatabasePool` for files, a `DatabaseQueue` in memory).
    let writer: any DatabaseWriter
    /// The database file, or `nil` for an in-memory store.
    public let path: String?
    /// How many saved articles may wait for indexing before a save indexes them (see
    /// ``finishSaving()``). A refresh of fewer new articles is indexed once, at its end; a bulk
    /// import is indexed by batches this large. Larger batches make fewer, larger FTS5 segments
    /// (less merging); the price is paid while articles wait: a list of several feeds reads the
    /// waiting rows too (6.5 ms for 50,000 waiting), and a search first indexes them (about 1 s
    /// for 100,000).
    let indexingBatch: Int
    /// The default of ``indexingBatch``.
    static let defaultIndexingBatch = 100_000
    /// Checkpoints a file store's WAL (`nil` in memory).
    let checkpointer: WALCheckpointer?
    /// Commits the saves of feeds that wait for the writer together.
    let saves: SaveBatcher

    /// Opens (creating if needed) the database file at `path` and brings its schema up to date.
    /// - Parameter path: The database file; its folder is created when missing.
    /// - Throws: ``StoreError/newerSchema(found:supported:)`` for a database written by a newer Herald,
    ///   ``StoreError/readOnly(path:)`` when the file or folder cannot be written,
    ///   ``StoreError/cannotOpen(path:reason:)`` for a file that is not a Herald database.
    public convenience init(path: String) throws(StoreError) {
        try self.init(path: path, indexingBatch: Self.defaultIndexingBatch)
    }

    /// Opens the database file at `path`, indexing saved articles by batches of `indexingBatch`
    /// and checkpointing the WAL at the given sizes (see `WALCheckpointer`).
    init(path: String, indexingBatch: Int,
         walPages: (background: Int32, inline: Int32) = (WALCheckpointer.defaultBackgroundPages,
                                                         WALCheckpointer.defaultInlinePages)) throws(StoreError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.readOnly(path: path)
        }
        do {
            let checkpointer = WALCheckpointer(path: path, backgroundPages: walPages.background, inlinePages: walPages.inline)
            let pool = try DatabasePool(path: path, configuration: Self.configuration(checkpointer: checkpointer))
            try StoreSchema.prepare(pool)
            self.writer = pool
            self.saves = SaveBatcher(writer: pool)
            self.checkpointer = checkpointer
        } catch {
            throw StoreErrorMapping.map(error, path: path)
        }
        self.path = path
        self.indexingBatch = indexingBatch
    }

    deinit {
        // Before the pool's connections close, so that the last of them checkpoints and deletes the WAL.
        checkpointer?.close()
    }

    private init(writer: any DatabaseWriter) {
        self.writer = writer
        self.saves = SaveBatcher(writer: writer)
        self.checkpointer = nil
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

    /// WAL (set by `DatabasePool`), 8 KiB pages for a new file, a 5 s busy timeout, foreign keys, and `synchronous = NORMAL`:
    /// with WAL a committed transaction survives a killed process; a power cut may lose only the
    /// last transactions, never consistency. A file store's WAL is checkpointed by `checkpointer`
    /// (in the background) instead of by SQLite inside the writer's commits.
    static func configuration(checkpointer: WALCheckpointer? = nil) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try RankFunction.register(on: db)
            // 8 KiB pages for a new file (an existing one keeps its size): an article's texts are
            // 1 to 4 KB, and a 4 KiB page holds one such row and wastes the rest (D56).
            try db.execute(sql: "PRAGMA page_size = 8192; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY")
            // After the pragmas: `wal_autocheckpoint` would replace the hook.
            checkpointer?.install(on: db)
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
