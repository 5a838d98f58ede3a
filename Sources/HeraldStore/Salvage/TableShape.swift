import Foundation
import GRDB

/// The columns of one table as the damaged file declares them, to tell whether an orphan row (which
/// carries no table name) is one of that table's rows: the same number of values, each of the kind
/// its column's type and `NOT NULL` allow, and a NULL where the rowid stands in for the key.
struct TableShape {
    private enum Affinity {
        case integer, real, text, any
    }

    private struct Column {
        let name: String
        let affinity: Affinity
        let notNull: Bool
    }

    /// The table's name.
    let table: String
    private let columns: [Column]
    /// The `INTEGER PRIMARY KEY` column, which a record stores as NULL (its value is the rowid).
    private let rowidAlias: Int?

    /// Reads the table's declared columns from `db` (the damaged file's connection).
    init(table: String, in db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?) ORDER BY cid",
                                    arguments: [table])
        columns = rows.map { row in
            let type = (row[1] as String? ?? "").uppercased()
            let affinity: Affinity = if type.contains("INT") { .integer }
                else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { .text }
                else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { .real }
                else { .any }
            return Column(name: row[0], affinity: affinity, notNull: row[2] as Bool)
        }
        let keys = rows.indices.filter { (rows[$0][3] as Int) > 0 }
        rowidAlias = keys.count == 1 && columns[keys[0]].affinity == .integer
            && (rows[keys[0]][1] as String? ?? "").uppercased() == "INTEGER" ? keys[0] : nil
        self.table = table
    }

    /// Whether `row` has this table's shape.
    func matches(_ row: OrphanRows.Row) -> Bool {
        guard !columns.isEmpty, row.values.count == columns.count else { return false }
        for (index, (column, value)) in zip(columns, row.values).enumerated() {
            if index == rowidAlias {
                guard value.isNull else { return false }
                continue
            }
            switch value.storage {
            case .null:
                if column.notNull { return false }
            case .int64:
                if column.affinity == .text { return false }
            case .double:
                if column.affinity == .integer || column.affinity == .text { return false }
            case .string:
                if column.affinity != .text && column.affinity != .any { return false }
            case .blob:
                if column.affinity != .any { return false }
            }
        }
        return true
    }

    /// The row's values by column name, the rowid in its alias column.
    func namedValues(of row: OrphanRows.Row) -> [String: DatabaseValue] {
        var named: [String: DatabaseValue] = [:]
        for (index, (column, value)) in zip(columns, row.values).enumerated() {
            named[column.name] = index == rowidAlias ? row.rowid.databaseValue : value
        }
        return named
    }
}
