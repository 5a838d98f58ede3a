import Foundation
import HeraldDomain
@_exported import HeraldSettings

/// Resolves a ``HeraldConfiguration`` from the config file, the environment and command-line overrides.
///
/// The config file is `$HERALD_CONFIG`, else `$XDG_CONFIG_HOME/herald/config`, else
/// `~/.config/herald/config`; a missing file is fine. ``ConfigurationFile`` reads its lines (`key = value`,
/// `bind-key …`, `#` comments); `HERALD_DB`, `HERALD_USER` and the flags then win over it.
public struct ConfigurationLoader: Sendable {
    /// The process environment (or a test's).
    public var environment: [String: String]

    /// Creates a loader reading the given environment.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The config file path this loader reads.
    public var configFilePath: String {
        if let explicit = environment["HERALD_CONFIG"], !explicit.isEmpty { return expandTilde(explicit) }
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/herald/config" }
        return home + "/.config/herald/config"
    }

    /// The default database path: `HERALD_DB`, else `$XDG_DATA_HOME/herald/herald.db`,
    /// else `~/.local/share/herald/herald.db`.
    public var defaultDatabasePath: String {
        if let explicit = environment["HERALD_DB"], !explicit.isEmpty { return expandTilde(explicit) }
        return dataDirectory + "/herald.db"
    }

    /// Herald's data folder: `$XDG_DATA_HOME/herald`, else `~/.local/share/herald`.
    public var dataDirectory: String {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/herald" }
        return home + "/.local/share/herald"
    }

    /// Herald's state folder (logs): `$XDG_STATE_HOME/herald`, else `~/.local/state/herald`.
    public var stateDirectory: String {
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty { return xdg + "/herald" }
        return home + "/.local/state/herald"
    }

    /// Loads the configuration.
    /// - Parameters:
    ///   - databaseOverride: The `--db` flag, which wins over the file and `HERALD_DB`.
    ///   - userOverride: The `--user` flag, which wins over the file and `HERALD_USER`.
    /// - Throws: ``ConfigurationError`` naming the file, line and key of a bad value.
    public func load(databaseOverride: String? = nil,
                     userOverride: String? = nil) throws(ConfigurationError) -> HeraldConfiguration {
        var configuration = HeraldConfiguration(databasePath: defaultDatabasePath)
        configuration.refreshLogPath = stateDirectory + "/refresh.log"
        configuration.downloadFolder = home + "/Podcasts"
        configuration.dataDirectory = dataDirectory
        let path = configFilePath
        configuration.configFilePath = path
        if FileManager.default.fileExists(atPath: path) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ConfigurationError("Cannot read the config file \(path); check its permissions and that it is UTF-8 text.")
            }
            try ConfigurationFile(home: home).apply(text, from: path, to: &configuration)
        }
        if let explicit = environment["HERALD_DB"], !explicit.isEmpty {
            configuration.databasePath = expandTilde(explicit)
        }
        if let databaseOverride, !databaseOverride.isEmpty {
            configuration.databasePath = expandTilde(databaseOverride)
        }
        if let explicit = environment["HERALD_USER"], !explicit.isEmpty {
            configuration.user = try SettingValue.userName(explicit, at: "HERALD_USER")
        }
        if let userOverride {
            configuration.user = try SettingValue.userName(userOverride, at: "--user")
        }
        return configuration
    }

    private var home: String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    private func expandTilde(_ path: String) -> String {
        ConfigurationFile(home: home).expandingTilde(in: path)
    }
}
