import Foundation
import HeraldComposition

extension Herald {
    /// Herald's data folder (`$XDG_DATA_HOME/herald`, else `~/.local/share/herald`): where the
    /// default database and the demo's files live.
    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ConfigurationLoader(environment: environment).dataDirectory
    }

    /// The SQLite file the configuration names (`--db`, `HERALD_DB`, the config file, the default),
    /// for `herald doctor`: checked and repaired without opening the engine on it (a damaged file
    /// may not open as a store at all).
    /// - Throws: ``HeraldError`` for a bad configuration, or a `postgres://` database (the server's
    ///   own tools check those).
    public static func databaseFile(override: String?,
                                    environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(HeraldError) -> String {
        try DatabaseMaintenance.databasePath(override: override, environment: environment)
    }

    /// Runs SQLite's integrity check and the search index's check on a database file.
    /// - Throws: ``HeraldError`` when there is no file there or it cannot be read at all.
    public static func checkDatabase(at path: String) throws(HeraldError) -> DatabaseCheck {
        try DatabaseMaintenance.check(path: path)
    }

    /// Rebuilds a damaged database file from what is readable; the damaged file is kept beside it.
    public static func repairDatabase(at path: String) throws(HeraldError) -> DatabaseRepair {
        try DatabaseMaintenance.repair(path: path)
    }
}
