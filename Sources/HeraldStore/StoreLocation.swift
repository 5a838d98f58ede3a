/// Where Herald keeps its database when the user does not say.
public enum StoreLocation {
    /// The default database path for an environment.
    ///
    /// `HERALD_DB` wins when set; else `$XDG_DATA_HOME/herald/herald.db`; else
    /// `$HOME/.local/share/herald/herald.db`. The CLI's `--db` flag wins over all of these.
    /// - Parameter environment: The process environment (pass `ProcessInfo.processInfo.environment`).
    /// - Returns: An absolute or relative file path.
    public static func defaultDatabasePath(environment: [String: String]) -> String {
        if let explicit = environment["HERALD_DB"], !explicit.isEmpty {
            return explicit
        }
        if let dataHome = environment["XDG_DATA_HOME"], !dataHome.isEmpty {
            return join(dataHome, "herald/herald.db")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return join(home, ".local/share/herald/herald.db")
    }

    private static func join(_ folder: String, _ rest: String) -> String {
        folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
    }
}
