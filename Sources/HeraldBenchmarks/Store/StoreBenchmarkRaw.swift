import Foundation
import GRDBSQLite

/// The baseline: hand-written statements through the raw sqlite3 C API, no GRDB, no Herald.
final class RawSQLite {
    private var handle: OpaquePointer?
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(path: String) {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            fatalError("cannot open \(path)")
        }
        sqlite3_busy_timeout(handle, 5000)
    }

    deinit { sqlite3_close_v2(handle) }

    func execute(_ sql: String) {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            fatalError(String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// A prepared statement, reset and rebound on each run.
    final class Statement {
        fileprivate let pointer: OpaquePointer?
        fileprivate init(_ pointer: OpaquePointer?) { self.pointer = pointer }
        deinit { sqlite3_finalize(pointer) }

        func bind(_ values: [Any]) {
            sqlite3_reset(pointer)
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case let number as Int: sqlite3_bind_int64(pointer, index, Int64(number))
                case let number as Int64: sqlite3_bind_int64(pointer, index, number)
                case let number as Double: sqlite3_bind_double(pointer, index, number)
                case let text as String: sqlite3_bind_text(pointer, index, text, -1, RawSQLite.transient)
                default: sqlite3_bind_null(pointer, index)
                }
            }
        }

        /// Steps through every row, reading each column as text (as an app would); returns the row count.
        @discardableResult
        func run(_ values: [Any] = []) -> Int {
            bind(values)
            var rows = 0
            while sqlite3_step(pointer) == SQLITE_ROW {
                for column in 0..<sqlite3_column_count(pointer) { _ = sqlite3_column_text(pointer, column) }
                rows += 1
            }
            return rows
        }
    }

    func prepare(_ sql: String) -> Statement {
        var pointer: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &pointer, nil) == SQLITE_OK else {
            fatalError(String(cString: sqlite3_errmsg(handle)))
        }
        return Statement(pointer)
    }
}

extension RawSQLite.Statement {
    /// Steps once; true while there is a row.
    func step() -> Bool { sqlite3_step(pointer) == SQLITE_ROW }

    /// An integer column of the current row.
    func int64(column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }
}
