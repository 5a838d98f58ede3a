import Foundation
import GRDB
import GRDBSQLite

/// Checkpoints the write-ahead log on its own connection and thread, so that the single writer
/// only appends to the WAL instead of stopping every 32 MB to copy pages into the database file
/// and wait for `fsync` (SQLite's automatic checkpoint runs inside the committing transaction).
///
/// Each connection of the store reports its commits through `sqlite3_wal_hook`, which replaces
/// SQLite's automatic checkpoint on that connection. Every `backgroundPages` new WAL pages a
/// commit asks for a background `PASSIVE` checkpoint (it never blocks readers or the writer;
/// requests made while one runs are merged). A WAL only restarts from its beginning once a
/// checkpoint has caught up with the writer, which a background one never quite does while
/// writes go on; so past `inlinePages` the committing connection checkpoints itself, as
/// SQLite would, copying only the few pages the background one has not copied yet. The same
/// happens from `backgroundPages` on when the background connection could not be opened. The
/// WAL stays bounded whatever happens.
///
/// A final class rather than an actor: SQLite calls the hook synchronously on the writer's
/// thread, so its state is guarded by a lock.
final class WALCheckpointer: @unchecked Sendable {
    /// The default of `backgroundPages`: 8 MiB of 8 KiB pages (4 MiB of a file made with 4 KiB pages).
    static let defaultBackgroundPages: Int32 = 1_024
    /// The default of `inlinePages`: 32 MiB of 8 KiB pages. A WAL that restarts sooner reuses the
    /// blocks it already has instead of the file system allocating new ones, and costs less to
    /// delete when the store closes (D56).
    static let defaultInlinePages: Int32 = 4_096

    /// New WAL pages after which a background checkpoint is requested.
    let backgroundPages: Int32
    /// WAL pages after which the committing connection checkpoints itself.
    let inlinePages: Int32
    private let path: String
    private let queue = DispatchQueue(label: "herald.store.checkpoint", qos: .utility)
    private let lock = NSLock()
    private var isScheduled = false
    /// The WAL size at the last background request.
    private var requestedAt: Int32 = 0
    private var connection: OpaquePointer?
    private var connectionFailed = false
    /// Set by ``close()``: no background checkpoint runs any more.
    private var isClosed = false

    /// A checkpointer for the database file at `path`; its connection opens on first use.
    init(path: String, backgroundPages: Int32 = defaultBackgroundPages, inlinePages: Int32 = defaultInlinePages) {
        self.path = path
        self.backgroundPages = backgroundPages
        self.inlinePages = max(inlinePages, backgroundPages)
    }

    deinit {
        // The queue holds no reference to self (its blocks retain it), so no checkpoint runs now.
        if let connection { sqlite3_close_v2(connection) }
    }

    /// Closes the background connection, after the checkpoint it may be running; call before the
    /// store's own connections close. SQLite's last connection to close checkpoints the WAL, syncs
    /// the database file and deletes the WAL: the background connection, which has read the
    /// database, must not be that last one, or be still open when the process exits (the WAL would
    /// stay, unsynced, for the next open to read back in full).
    func close() {
        queue.sync {
            isClosed = true
            if let connection { sqlite3_close_v2(connection) }
            connection = nil
        }
    }

    /// Installs the commit hook on a connection of the store; call from `prepareDatabase`.
    func install(on db: Database) {
        sqlite3_wal_hook(db.sqliteConnection, { context, connection, _, pages in
            guard let context else { return SQLITE_OK }
            let checkpointer = Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
            checkpointer.committed(pages: pages, on: connection)
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func committed(pages: Int32, on writer: OpaquePointer?) {
        if pages >= inlinePages || (pages >= backgroundPages && !canCheckpointInBackground) {
            sqlite3_wal_checkpoint_v2(writer, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        } else if pages >= backgroundPages {
            requestBackgroundCheckpoint(pages: pages)
        }
    }

    private var canCheckpointInBackground: Bool {
        lock.withLock { !connectionFailed }
    }

    private func requestBackgroundCheckpoint(pages: Int32) {
        let shouldSchedule = lock.withLock {
            if pages < requestedAt { requestedAt = 0 }  // the WAL restarted
            guard !isScheduled, pages >= requestedAt + backgroundPages else { return false }
            isScheduled = true
            requestedAt = pages
            return true
        }
        guard shouldSchedule else { return }
        queue.async { [self] in
            lock.withLock { isScheduled = false }
            guard let connection = openedConnection() else { return }
            sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
    }

    /// The checkpoint connection, opened on the checkpoint queue the first time (never after ``close()``).
    ///
    /// A connection learns that the database is in WAL mode, and opens the WAL, when it first reads
    /// the file; until then `sqlite3_wal_checkpoint_v2` on it does nothing and still returns
    /// `SQLITE_OK`. So the connection reads the schema once before it is used.
    private func openedConnection() -> OpaquePointer? {
        if let connection { return connection }
        guard !isClosed else { return nil }
        var opened: OpaquePointer?
        guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            sqlite3_close_v2(opened)
            lock.withLock { connectionFailed = true }
            return nil
        }
        sqlite3_busy_timeout(opened, 5_000)
        guard sqlite3_exec(opened, "SELECT 1 FROM sqlite_master LIMIT 1", nil, nil, nil) == SQLITE_OK else {
            sqlite3_close_v2(opened)
            lock.withLock { connectionFailed = true }
            return nil
        }
        connection = opened
        return opened
    }

    /// Waits until the background checkpoints requested so far have run (for tests).
    func waitForBackgroundCheckpoints() {
        queue.sync {}
    }
}
