import Foundation
import GRDB
import HeraldDomain

/// Checks a database file and rebuilds a damaged one from what can still be read: every table is
/// copied by ranges of its key into a fresh file with the current schema; a range that fails to
/// read is split until the unreadable rows are isolated and skipped. Rows below a damaged interior
/// page, which no key reaches, are then read from the file's leaf pages directly (``OrphanRows``) and
/// kept when they have exactly one table's shape. Counts and the search index are then rebuilt from
/// the copied rows, so they match them exactly.
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
            let roots = (try? source.read { try Int.fetchAll($0, sql: "SELECT rootpage FROM sqlite_schema WHERE rootpage > 0") })
            let shapes = tables.compactMap { table in try? source.read { try TableShape(table: table.name, in: $0) } }
            // Only rows some copied table could own are kept in memory (not, say, the search index's).
            let orphans = roots.map { OrphanRows(path: path, roots: $0) { row in shapes.contains { $0.matches(row) } } }
            report = try queue.write { db in try copyEverything(from: source, orphans: orphans, shapes: shapes, into: db) }
            report.pageSalvageSkipped = orphans == nil ? "the list of tables cannot be read" : orphans?.skipped
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

    /// The tables copied, parents first (rows whose parent could not be read are left out).
    private static let tables = [
        TableCopy(name: "feeds", key: "id", parent: nil,
                  fallbackBounds: "SELECT (SELECT min(feed_id) FROM feed_counts), (SELECT max(feed_id) FROM feed_counts)"),
        TableCopy(name: "feed_tags", key: "feed_id", parent: ("feed_id", "feeds"),
                  fallbackBounds: "SELECT (SELECT min(id) FROM feeds), (SELECT max(id) FROM feeds)"),
        TableCopy(name: "saved_searches", key: "id", parent: nil, fallbackBounds: "SELECT 1, 10000"),
        TableCopy(name: "articles", key: "id", parent: ("feed_id", "feeds"),
                  fallbackBounds: "SELECT (SELECT min(article_id) FROM article_texts), (SELECT max(article_id) FROM article_texts)"),
        TableCopy(name: "article_texts", key: "article_id", parent: ("article_id", "articles"),
                  fallbackBounds: "SELECT (SELECT min(id) FROM articles), (SELECT max(id) FROM articles)"),
        TableCopy(name: "article_tags", key: "article_id", parent: ("article_id", "articles"),
                  fallbackBounds: "SELECT (SELECT min(id) FROM articles), (SELECT max(id) FROM articles)"),
        // Full texts (schema 8): the search body copied in `article_texts` already holds their words.
        TableCopy(name: "article_pages", key: "article_id", parent: ("article_id", "articles"),
                  fallbackBounds: "SELECT (SELECT min(id) FROM articles), (SELECT max(id) FROM articles)"),
        // The sync account and its tokens (schema 7), by rowid: a handful of rows.
        TableCopy(name: "accounts", key: "rowid", parent: nil, fallbackBounds: "SELECT 1, 1000"),
        TableCopy(name: "api_tokens", key: "rowid", parent: nil, fallbackBounds: "SELECT 1, 100000"),
    ]

    private static func copyEverything(from source: DatabaseQueue, orphans: OrphanRows?, shapes: [TableShape],
                                       into db: Database) throws -> DatabaseRepair {
        var unreadable = 0
        var salvaged = 0
        let found = rowsBelowDamagedPages(orphans, shapes: shapes)
        for table in tables {
            let copied = try copy(table, from: source, salvaging: found[table.name] ?? [], into: db)
            unreadable += copied.unreadable
            salvaged += copied.salvaged
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
            unreadableRows: unreadable, salvagedRows: salvaged, damagedCopy: "")
    }

    /// The orphan rows that have the shape of exactly one of `tables`, by table, as column → value.
    private static func rowsBelowDamagedPages(_ orphans: OrphanRows?,
                                              shapes: [TableShape]) -> [String: [[String: DatabaseValue]]] {
        guard let orphans, !orphans.rows.isEmpty else { return [:] }
        var found: [String: [[String: DatabaseValue]]] = [:]
        for row in orphans.rows {
            let matching = shapes.filter { $0.matches(row) }
            // A row two tables could own is left out rather than guessed.
            guard matching.count == 1, let shape = matching.first else { continue }
            found[shape.table, default: []].append(shape.namedValues(of: row))
        }
        return found
    }

    /// Copies the readable rows of one table, then those of `salvaging` that the key ranges missed.
    /// - Returns: How many key values could not be read (less those salvaged), and how many rows
    ///   were salvaged.
    private static func copy(_ table: TableCopy, from source: DatabaseQueue, salvaging: [[String: DatabaseValue]],
                             into db: Database) throws -> (unreadable: Int, salvaged: Int) {
        let newColumns = try db.columns(in: table.name).map(\.name)
        let oldColumns = Set(try source.read { try $0.columns(in: table.name).map(\.name) })
        let columns = newColumns.filter { oldColumns.contains($0) }
        let select = "SELECT \(columns.joined(separator: ", ")) FROM \(table.name) WHERE \(table.key) BETWEEN ?1 AND ?2"
        let placeholders = columns.indices.map { "?\($0 + 1)" }
        var insert = "INSERT OR IGNORE INTO \(table.name) (\(columns.joined(separator: ", "))) SELECT "
            + placeholders.joined(separator: ", ")
        if let parent = table.parent, let index = columns.firstIndex(of: parent.column) {
            insert += " WHERE EXISTS (SELECT 1 FROM \(parent.table) WHERE id = ?\(index + 1))"
        }
        // Articles come in waiting for the search index, which is rebuilt once at the end.
        let waiting = table.name == "articles" ? columns.firstIndex(of: "is_indexed") : nil
        let statement = try db.cachedStatement(sql: insert)
        func store(_ row: [DatabaseValue]) throws {
            var values = row
            if let waiting { values[waiting] = 0.databaseValue }
            try statement.execute(arguments: StatementArguments(values))
        }
        // The key ranges SQLite could not read, and whether even the table's bounds were unreadable.
        var lost: [ClosedRange<Int64>] = []
        var boundsLost = false
        switch bounds(of: table, in: source) {
        case .range(let low, let high):
            var start = low
            while start <= high {
                let end = high - start < 4_999 ? high : start + 4_999
                try copyRange(start...end, select: select, from: source, lost: &lost) { rows in
                    for row in rows { try store(Array(row.databaseValues)) }
                }
                start = end + 1
            }
        case .empty:
            break
        case .unreadable:
            boundsLost = true
        }
        var salvaged = 0
        var salvagedInLost = 0
        for row in salvaging {
            try store(columns.map { row[$0] ?? .null })
            guard db.changesCount > 0 else { continue }
            salvaged += 1
            if let key = row[table.key].flatMap(Int64.fromDatabaseValue), lost.contains(where: { $0.contains(key) }) {
                salvagedInLost += 1
            }
        }
        let lostKeys = lost.reduce(0) { $0 + $1.count } + (boundsLost && salvaged == 0 ? 1 : 0)
        return (max(0, lostKeys - salvagedInLost), salvaged)
    }

    /// The keys of a table to read: from its lowest to its highest, read from the table or else from
    /// its fallback.
    private enum KeyBounds {
        case range(Int64, Int64)
        case empty
        case unreadable
    }

    private static func bounds(of table: TableCopy, in source: DatabaseQueue) -> KeyBounds {
        // `min` and `max` in two statements: alone, each seeks one end of the key's b-tree; together
        // they scan the whole table or an index, and any damaged page in it hides both bounds.
        let ownBounds = "SELECT (SELECT min(\(table.key)) FROM \(table.name)), (SELECT max(\(table.key)) FROM \(table.name))"
        for sql in [ownBounds, table.fallbackBounds] {
            guard let row = try? source.read({ try Row.fetchOne($0, sql: sql) }) else { continue }
            // NULLs: the table is empty.
            guard let first: Int64 = row[0], let last: Int64 = row[1], first <= last else { return .empty }
            return .range(first, last)
        }
        return .unreadable
    }

    /// Reads one key range and hands its rows to `store`; a range that cannot be read is halved
    /// until single keys fail, which are added to `lost`. A single key is read by equality: a range
    /// read steps on to the next row to find its end, and the row after the last key before a damaged
    /// page is in that page.
    private static func copyRange(_ range: ClosedRange<Int64>, select: String, from source: DatabaseQueue,
                                  lost: inout [ClosedRange<Int64>], store: ([Row]) throws -> Void) throws {
        let rows: [Row]
        let (sql, arguments): (String, StatementArguments) = range.count == 1
            ? (select.replacingOccurrences(of: "BETWEEN ?1 AND ?2", with: "= ?1"), [range.lowerBound])
            : (select, [range.lowerBound, range.upperBound])
        do {
            rows = try source.read { try Row.fetchAll($0, sql: sql, arguments: arguments) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            guard range.count > 1 else {
                if let last = lost.last, last.upperBound + 1 == range.lowerBound {
                    lost[lost.count - 1] = last.lowerBound...range.upperBound
                } else {
                    lost.append(range)
                }
                return
            }
            let middle = range.lowerBound + Int64(range.count / 2) - 1
            try copyRange(range.lowerBound...middle, select: select, from: source, lost: &lost, store: store)
            try copyRange((middle + 1)...range.upperBound, select: select, from: source, lost: &lost, store: store)
            return
        }
        try store(rows)
    }

    private static func removeDatabaseFiles(at path: String) {
        for extra in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + extra) }
    }
}
