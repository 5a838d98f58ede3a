import Foundation
import GRDB
import HeraldDomain

/// Checks a database file and rebuilds a damaged one from what can still be read: every table is
/// copied by ranges of its key into a fresh file with the current schema; a range that fails to
/// read is split until the unreadable rows are isolated and skipped. Counts and the search index
/// are then rebuilt from the copied rows, so they match them exactly.
public enum DatabaseDoctor {
    /// Runs SQLite's `integrity_check` and FTS5's `integrity-check` on the file at `path`.
    /// - Throws: ``StoreError`` when the file cannot be opened at all.
    public static func check(path: String) throws(StoreError) -> DatabaseCheck {
        do {
            // FTS5's integrity check is an INSERT (it writes nothing): a writable connection, in a
            // transaction that is rolled back.
            let queue = try DatabaseQueue(path: path)
            var report = DatabaseCheck(problems: [], feeds: nil, articles: nil)
            try queue.inTransaction(.deferred) { db in
                var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check(20)").filter { $0 != "ok" }
                do {
                    try db.execute(sql: "INSERT INTO articles_fts(articles_fts, rank) VALUES ('integrity-check', 0)")
                } catch let error as DatabaseError {
                    problems.append("search index: " + (error.message ?? "\(error.resultCode)"))
                }
                let feeds = try? Int.fetchOne(db, sql: "SELECT count(*) FROM feeds")
                let articles = try? Int.fetchOne(db, sql: "SELECT count(*) FROM articles")
                report = DatabaseCheck(problems: problems, feeds: feeds ?? nil, articles: articles ?? nil)
                return .rollback
            }
            return report
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
            return DatabaseCheck(problems: [error.message ?? "\(error.resultCode)"], feeds: nil, articles: nil)
        } catch {
            throw StoreErrorMapping.map(error, path: path)
        }
    }

    /// Rebuilds the database at `path` from what is readable: the new file takes its place and the
    /// damaged one (with its WAL) is kept beside it as `<name>.damaged-<suffix>`.
    /// - Parameter suffix: Names the kept copy (a timestamp).
    /// - Throws: ``StoreError`` when the new file cannot be written (the damaged file is then untouched).
    public static func repair(path: String, suffix: String) throws(StoreError) -> DatabaseRepair {
        let rebuilt = path + ".rebuilding-" + suffix
        let kept = path + ".damaged-" + suffix
        removeDatabaseFiles(at: rebuilt)
        var report: DatabaseRepair
        do {
            // The new file gets the current schema (migrations, triggers) from the store itself.
            _ = try SQLiteStore(path: rebuilt)
            let queue = try DatabaseQueue(path: rebuilt, configuration: SQLiteStore.configuration())
            // The damaged file is read on its own connection, one short read per range: an error in
            // a damaged page puts that connection's pager in an error state, which must never reach
            // the connection that writes (an attached damaged file would fail its every statement
            // after the first bad page, up to the commit).
            var sourceConfiguration = Configuration()
            sourceConfiguration.readonly = true
            let source = try DatabaseQueue(path: path, configuration: sourceConfiguration)
            report = try queue.write { db in try copyEverything(from: source, into: db) }
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            try queue.close()
        } catch {
            removeDatabaseFiles(at: rebuilt)
            throw StoreErrorMapping.map(error, path: rebuilt)
        }
        do {
            for extra in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + extra) {
                try FileManager.default.moveItem(atPath: path + extra, toPath: kept + extra)
            }
            for extra in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: rebuilt + extra) }
            try FileManager.default.moveItem(atPath: rebuilt, toPath: path)
        } catch {
            throw StoreError.readOnly(path: path)
        }
        report.damagedCopy = kept
        return report
    }

    // MARK: Copying

    /// One table to copy: its key column (ranges are read along it) and the parent its rows need.
    private struct TableCopy {
        let name: String
        let key: String
        /// The column naming the parent row and the parent table (`nil`: no parent).
        let parent: (column: String, table: String)?
        /// Where the key's range is read when the table's own first or last page is damaged.
        let fallbackBounds: String
    }

    private static func copyEverything(from source: DatabaseQueue, into db: Database) throws -> DatabaseRepair {
        var unreadable = 0
        // Parents first; rows whose parent could not be read are left out.
        let tables = [
            TableCopy(name: "feeds", key: "id", parent: nil,
                      fallbackBounds: "SELECT min(feed_id), max(feed_id) FROM feed_counts"),
            TableCopy(name: "feed_tags", key: "feed_id", parent: ("feed_id", "feeds"),
                      fallbackBounds: "SELECT min(id), max(id) FROM feeds"),
            TableCopy(name: "saved_searches", key: "id", parent: nil, fallbackBounds: "SELECT 1, 10000"),
            TableCopy(name: "articles", key: "id", parent: ("feed_id", "feeds"),
                      fallbackBounds: "SELECT min(article_id), max(article_id) FROM article_texts"),
            TableCopy(name: "article_texts", key: "article_id", parent: ("article_id", "articles"),
                      fallbackBounds: "SELECT min(id), max(id) FROM articles"),
            TableCopy(name: "article_tags", key: "article_id", parent: ("article_id", "articles"),
                      fallbackBounds: "SELECT min(id), max(id) FROM articles"),
        ]
        for table in tables {
            unreadable += try copy(table, from: source, into: db)
        }
        // An article whose texts were lost keeps its title and an empty body.
        try db.execute(sql: """
            INSERT INTO article_texts (article_id, title, body)
            SELECT id, title, '' FROM articles AS a
            WHERE NOT EXISTS (SELECT 1 FROM article_texts WHERE article_id = a.id)
            """)
        // Counts from the copied rows; every article indexed again from its texts.
        try db.execute(sql: """
            UPDATE feed_counts SET
                total = (SELECT count(*) FROM articles WHERE feed_id = feed_counts.feed_id),
                unread = (SELECT count(*) FROM articles WHERE feed_id = feed_counts.feed_id AND is_read = 0),
                starred = (SELECT count(*) FROM articles WHERE feed_id = feed_counts.feed_id AND is_starred = 1)
            """)
        try DeferredIndexing.indexWaitingArticles(db)
        return DatabaseRepair(
            feeds: try Int.fetchOne(db, sql: "SELECT count(*) FROM feeds") ?? 0,
            articles: try Int.fetchOne(db, sql: "SELECT count(*) FROM articles") ?? 0,
            savedSearches: try Int.fetchOne(db, sql: "SELECT count(*) FROM saved_searches") ?? 0,
            unreadableRows: unreadable, damagedCopy: "")
    }

    /// Copies the readable rows of one table. - Returns: How many key values could not be read.
    private static func copy(_ table: TableCopy, from source: DatabaseQueue, into db: Database) throws -> Int {
        let newColumns = try db.columns(in: table.name).map(\.name)
        let oldColumns = Set(try source.read { try $0.columns(in: table.name).map(\.name) })
        let columns = newColumns.filter { oldColumns.contains($0) }
        let select = "SELECT \(columns.joined(separator: ", ")) FROM \(table.name) WHERE \(table.key) BETWEEN ? AND ?"
        let placeholders = columns.indices.map { "?\($0 + 1)" }
        var insert = "INSERT OR IGNORE INTO \(table.name) (\(columns.joined(separator: ", "))) SELECT "
            + placeholders.joined(separator: ", ")
        if let parent = table.parent, let index = columns.firstIndex(of: parent.column) {
            insert += " WHERE EXISTS (SELECT 1 FROM \(parent.table) WHERE id = ?\(index + 1))"
        }
        // Articles come in waiting for the search index, which is rebuilt once at the end.
        let waiting = table.name == "articles" ? columns.firstIndex(of: "is_indexed") : nil
        let low: Int64, high: Int64
        if let row = try? source.read({ try Row.fetchOne($0, sql: "SELECT min(\(table.key)), max(\(table.key)) FROM \(table.name)") }) {
            // NULLs: the table is empty.
            guard let first: Int64 = row[0], let last: Int64 = row[1] else { return 0 }
            (low, high) = (first, last)
        } else if let row = try? source.read({ try Row.fetchOne($0, sql: table.fallbackBounds) }),
                  let first: Int64 = row[0], let last: Int64 = row[1] {
            (low, high) = (first, last)
        } else {
            return 1
        }
        guard low <= high else { return 0 }
        let statement = try db.cachedStatement(sql: insert)
        var unreadable = 0
        var start = low
        while start <= high {
            let end = high - start < 4_999 ? high : start + 4_999
            unreadable += try copyRange(start...end, select: select, from: source) { rows in
                for row in rows {
                    var values = Array(row.databaseValues)
                    if let waiting { values[waiting] = 0.databaseValue }
                    try statement.execute(arguments: StatementArguments(values))
                }
            }
            start = end + 1
        }
        return unreadable
    }

    /// Reads one key range and hands its rows to `store`; a range that cannot be read is halved
    /// until single keys fail. - Returns: How many keys could not be read.
    private static func copyRange(_ range: ClosedRange<Int64>, select: String, from source: DatabaseQueue,
                                  store: ([Row]) throws -> Void) throws -> Int {
        let rows: [Row]
        do {
            rows = try source.read { try Row.fetchAll($0, sql: select, arguments: [range.lowerBound, range.upperBound]) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            guard range.count > 1 else { return 1 }
            let middle = range.lowerBound + Int64(range.count / 2) - 1
            return try copyRange(range.lowerBound...middle, select: select, from: source, store: store)
                + copyRange((middle + 1)...range.upperBound, select: select, from: source, store: store)
        }
        try store(rows)
        return 0
    }

    private static func removeDatabaseFiles(at path: String) {
        for extra in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + extra) }
    }
}
