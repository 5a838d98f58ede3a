import GRDB
import HeraldDomain

/// Turns SQLite and GRDB failures into ``StoreError`` values a user can act on.
enum StoreErrorMapping {
    /// Maps any error thrown inside a database access.
    static func map(_ error: any Error, path: String?) -> StoreError {
        if let storeError = error as? StoreError { return storeError }
        guard let databaseError = error as? DatabaseError else {
            return .database(reason: String(describing: error))
        }
        let location = path ?? ":memory:"
        let detail = databaseError.message ?? "\(databaseError.resultCode)"
        switch databaseError.resultCode {
        case .SQLITE_FULL:
            return .diskFull
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return .readOnly(path: location)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy
        case .SQLITE_CORRUPT:
            return .corrupt(reason: detail)
        case .SQLITE_NOTADB:
            return .cannotOpen(path: location, reason: "the file is not a Herald database")
        case .SQLITE_CANTOPEN:
            return .cannotOpen(path: location, reason: "SQLite could not open the file; check that its folder exists and is writable")
        case .SQLITE_IOERR:
            return .database(reason: "a disk read or write failed (\(detail)); check the disk and try again")
        default:
            return .database(reason: detail)
        }
    }
}
