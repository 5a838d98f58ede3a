import Foundation
import HeraldDomain
import HeraldPostgres
import HeraldStore

/// Checks and repairs the database file without opening the engine on it (a damaged file may not
/// open as a store at all): what `herald doctor` runs.
public enum DatabaseMaintenance {
    /// The database file the configuration names (`--db`, `HERALD_DB`, the config file, the default).
    /// - Throws: ``HeraldError/configuration(_:)`` for a bad configuration file.
    public static func databasePath(override: String?,
                                    environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(HeraldError) -> String {
        let path: String
        do {
            path = try ConfigurationLoader(environment: environment).load(databaseOverride: override).databasePath
        } catch {
            throw .configuration(error)
        }
        if case .postgres = StoreLocation(path) {
            throw .file(path: StoreLocation(path).displayName,
                        reason: "`herald doctor` checks SQLite files; a PostgreSQL database is checked and backed up with the server's own tools (pg_amcheck, pg_dump)")
        }
        return path
    }

    /// Runs SQLite's integrity check and the search index's check on the file.
    public static func check(path: String) throws(HeraldError) -> DatabaseCheck {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .file(path: path, reason: "there is no database there yet")
        }
        do { return try DatabaseDoctor.check(path: path) } catch { throw .store(error) }
    }

    /// Rebuilds a damaged file from what is readable; the damaged file is kept beside it.
    /// - Parameter now: Names the kept copy (`herald.db.damaged-20261124-185312`).
    public static func repair(path: String, now: Date = Date()) throws(HeraldError) -> DatabaseRepair {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        do {
            return try DatabaseDoctor.repair(path: path, suffix: formatter.string(from: now))
        } catch {
            throw .store(error)
        }
    }
}
