import GRDB
import GRDBSQLite

/// Binds values straight to the SQLite handle of a GRDB prepared statement and runs it: the
/// article upsert binds about twenty values per item, and GRDB's `StatementArguments` (an
/// array of boxed values, copied again when bound) cost more than the insert itself.
///
/// Use only on a statement that returns no rows, inside a GRDB transaction; failures are
/// thrown as GRDB `DatabaseError`s, so they map to `StoreError` like any other.
struct DirectBinding {
    private let statement: Statement
    private let db: Database
    private var index: Int32 = 0
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Starts binding `statement` from its first parameter.
    init(_ statement: Statement, in db: Database) {
        self.statement = statement
        self.db = db
        sqlite3_reset(statement.sqliteStatement)
    }

    private mutating func next() -> Int32 {
        index += 1
        return index
    }

    /// Binds text, or NULL for `nil`.
    mutating func add(_ value: String?) {
        let position = next()
        guard var value else {
            sqlite3_bind_null(statement.sqliteStatement, position)
            return
        }
        value.withUTF8 { bytes in
            // An empty buffer may have no address, which SQLite would read as NULL.
            let start = bytes.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(("" as StaticString).utf8Start)
            _ = sqlite3_bind_text(statement.sqliteStatement, position, start.assumingMemoryBound(to: CChar.self),
                                  Int32(bytes.count), Self.transient)
        }
    }

    /// Binds a real, or NULL for `nil`.
    mutating func add(_ value: Double?) {
        let position = next()
        if let value {
            sqlite3_bind_double(statement.sqliteStatement, position, value)
        } else {
            sqlite3_bind_null(statement.sqliteStatement, position)
        }
    }

    /// Binds an integer.
    mutating func add(_ value: Int64) {
        sqlite3_bind_int64(statement.sqliteStatement, next(), value)
    }

    /// Runs the statement to completion.
    func execute() throws {
        let code = sqlite3_step(statement.sqliteStatement)
        guard code == SQLITE_DONE else {
            let message = db.lastErrorMessage
            sqlite3_reset(statement.sqliteStatement)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
        sqlite3_reset(statement.sqliteStatement)
    }
}
