import Foundation
import HeraldDomain

/// Resolves a ``HeraldConfiguration`` from the config file, the environment and command-line overrides.
///
/// The config file is `$HERALD_CONFIG`, else `$XDG_CONFIG_HOME/herald/config`, else
/// `~/.config/herald/config`; a missing file is fine. Its lines are `key = value`, `#` starts a comment:
///
/// ```
/// database = ~/news/herald.db          # or postgres://herald@db.example/herald
/// user = alice                           # PostgreSQL only; default: the login name
/// refresh-concurrency = 32
/// refresh-per-host = 4
/// refresh-min-interval = 15m
/// refresh-max-interval = 1d
/// keep-articles = 2000
/// keep-days = 365
/// user-agent = MyReader/1.0
/// fetch-timeout = 30s
/// max-feed-size = 32MB
/// bind-key ^D pagedown
/// ```
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

    /// Loads the configuration.
    /// - Parameters:
    ///   - databaseOverride: The `--db` flag, which wins over the file and `HERALD_DB`.
    ///   - userOverride: The `--user` flag, which wins over the file and `HERALD_USER`.
    /// - Throws: ``ConfigurationError`` naming the file, line and key of a bad value.
    public func load(databaseOverride: String? = nil,
                     userOverride: String? = nil) throws(ConfigurationError) -> HeraldConfiguration {
        var configuration = HeraldConfiguration(databasePath: defaultDatabasePath)
        let path = configFilePath
        if FileManager.default.fileExists(atPath: path) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ConfigurationError("Cannot read the config file \(path); check its permissions and that it is UTF-8 text.")
            }
            try apply(text, from: path, to: &configuration)
        }
        if let explicit = environment["HERALD_DB"], !explicit.isEmpty {
            configuration.databasePath = expandTilde(explicit)
        }
        if let databaseOverride, !databaseOverride.isEmpty {
            configuration.databasePath = expandTilde(databaseOverride)
        }
        if let explicit = environment["HERALD_USER"], !explicit.isEmpty {
            configuration.user = try userName(explicit, at: "HERALD_USER")
        }
        if let userOverride {
            configuration.user = try userName(userOverride, at: "--user")
        }
        return configuration
    }

    /// Applies the lines of a config file to a configuration.
    func apply(_ text: String, from path: String, to configuration: inout HeraldConfiguration) throws(ConfigurationError) {
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if line.isEmpty { continue }
            let place = "\(path):\(index + 1)"
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if words.first == "bind-key" {
                configuration.keyBindings.append(KeyBindingLine(words: Array(words.dropFirst()), place: place))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw ConfigurationError("\(place): expected `key = value`, found `\(line)`.")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            try apply(key: key, value: value, at: place, to: &configuration)
        }
        // Checked once every line is read, so the order of the two keys in the file does not matter.
        if configuration.minimumRefreshInterval > configuration.maximumRefreshInterval {
            throw ConfigurationError("\(path): refresh-min-interval is longer than refresh-max-interval.")
        }
    }

    private func apply(key: String, value: String, at place: String,
                       to configuration: inout HeraldConfiguration) throws(ConfigurationError) {
        switch key {
        case "database":
            guard !value.isEmpty else { throw ConfigurationError("\(place): `database` needs a file path or a `postgres://` URL.") }
            configuration.databasePath = expandTilde(value)
        case "user":
            configuration.user = try userName(value, at: place)
        case "refresh-concurrency":
            configuration.maxConcurrentFetches = try positiveInteger(value, key: key, at: place)
        case "refresh-per-host":
            configuration.maxConcurrentPerHost = try positiveInteger(value, key: key, at: place)
        case "refresh-min-interval":
            configuration.minimumRefreshInterval = try duration(value, key: key, at: place)
        case "refresh-max-interval":
            configuration.maximumRefreshInterval = try duration(value, key: key, at: place)
        case "keep-articles":
            configuration.retention.keepNewest = try positiveInteger(value, key: key, at: place)
        case "keep-days":
            configuration.retention.keepDays = try positiveInteger(value, key: key, at: place)
        case "user-agent":
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && !$0.isNewline }) else {
                throw ConfigurationError("\(place): `user-agent` must be one line of ASCII text.")
            }
            configuration.userAgent = value
        case "fetch-timeout":
            configuration.fetchTimeout = try duration(value, key: key, at: place)
        case "max-feed-size":
            configuration.maxFeedBytes = try byteSize(value, key: key, at: place)
        case "web-token":
            guard value.count >= 16, value.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                throw ConfigurationError("\(place): `web-token` must be at least 16 printable ASCII characters without spaces.")
            }
            configuration.webToken = value
        default:
            throw ConfigurationError("\(place): unknown setting `\(key)`; see Docs/cli.md for the settings Herald knows.")
        }
    }

    /// A user name: 1 to 64 characters, letters, digits, `.`, `_`, `-` and `@`.
    private func userName(_ value: String, at place: String) throws(ConfigurationError) -> String {
        let allowed = value.unicodeScalars.allSatisfy { scalar in
            CharacterSet.alphanumerics.contains(scalar) || "._-@".unicodeScalars.contains(scalar)
        }
        guard (1...64).contains(value.count), allowed else {
            throw ConfigurationError("\(place): a user name is 1 to 64 letters, digits, `.`, `_`, `-` or `@`, found `\(value)`.")
        }
        return value
    }

    private func positiveInteger(_ value: String, key: String, at place: String) throws(ConfigurationError) -> Int {
        guard let number = Int(value), number > 0 else {
            throw ConfigurationError("\(place): `\(key)` needs a whole number above 0, found `\(value)`.")
        }
        return number
    }

    /// Parses `90`, `90s`, `15m`, `2h`, `1d` into seconds.
    private func duration(_ value: String, key: String, at place: String) throws(ConfigurationError) -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = value
        var scale = 1.0
        if let last = value.last, let unit = units[last] {
            digits = String(value.dropLast())
            scale = unit
        }
        guard let number = Double(digits), number > 0, number.isFinite else {
            throw ConfigurationError("\(place): `\(key)` needs a duration like 90s, 15m, 2h or 1d, found `\(value)`.")
        }
        return number * scale
    }

    /// Parses `500000`, `512KB`, `32MB` into bytes.
    private func byteSize(_ value: String, key: String, at place: String) throws(ConfigurationError) -> Int {
        let upper = value.uppercased()
        let units: [(String, Int)] = [("KB", 1024), ("MB", 1_048_576), ("GB", 1_073_741_824), ("B", 1)]
        var digits = upper
        var scale = 1
        for (suffix, size) in units where upper.hasSuffix(suffix) {
            digits = String(upper.dropLast(suffix.count))
            scale = size
            break
        }
        guard let number = Int(digits.trimmingCharacters(in: .whitespaces)), number > 0 else {
            throw ConfigurationError("\(place): `\(key)` needs a size like 512KB or 32MB, found `\(value)`.")
        }
        return number * scale
    }

    private var home: String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    private func expandTilde(_ path: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }
}
