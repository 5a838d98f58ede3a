import Foundation

/// The grammar of Herald's config file: its text read onto a ``HeraldConfiguration``, or the first
/// mistake as a ``ConfigurationError`` naming the file, the line and the key.
///
/// A line is `key = value` or `bind-key KEY ACTION [CONTEXT]`; `#` starts a comment; lines end with
/// LF, CRLF or CR. It reads no file and no environment (`ConfigurationLoader` does), so the grammar
/// alone can be tested and fuzzed.
///
/// ```
/// database = ~/news/herald.db          # or postgres://herald@db.example/herald
/// user = alice                           # PostgreSQL only; default: the login name
/// refresh-concurrency = 32
/// refresh-per-host = 4
/// refresh-min-interval = 15m
/// refresh-max-interval = 1d
/// refresh-guard-window = 30s
/// refresh-host-rate = 20
/// refresh-log = ~/.local/state/herald/refresh.log   # or: off
/// keep-articles = 2000
/// keep-days = 365
/// user-agent = MyReader/1.0
/// fetch-timeout = 30s
/// max-feed-size = 32MB
/// web-token = a-long-random-secret-1234
/// download-path = ~/Podcasts                 # herald download: a folder per feed
/// download-parallel = 2
/// download-per-host = 1
/// download-max-size = 4GB
/// on-new-articles = notify-send "New articles"   # then the counts as arguments
/// on-new-articles-timeout = 30s
/// bind-key ^D pagedown
/// extract-keep example.com article .post-body
/// extract-drop example.com .related, #newsletter   # a comment starts at "# "
/// rule block * title:sponsored                       # ACTION TARGET QUERY (ArticleRuleLine)
/// ```
public struct ConfigurationFile: Sendable {
    /// The folder a leading `~` of a path stands for.
    public var home: String

    /// Creates the grammar for a user whose home folder is `home`.
    public init(home: String) {
        self.home = home
    }

    /// Applies the lines of a config file to a configuration; keys the file does not name keep their
    /// value, and a key named twice takes the later value.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - path: The file's path, which every error message starts with.
    ///   - configuration: The configuration to change.
    /// - Throws: ``ConfigurationError`` for the first bad line, or for a minimum refresh interval above
    ///   the maximum. The configuration may then hold the lines before the bad one.
    public func apply(_ text: String, from path: String,
                      to configuration: inout HeraldConfiguration) throws(ConfigurationError) {
        // "\r\n" is one Character, so splitting on "\n" alone would keep a CRLF file on one line.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, rawLine) in lines.enumerated() {
            let place = "\(path):\(index + 1)"
            if let rule = try ExtractionRuleLine.read(String(rawLine), at: place) {
                configuration.extractionRules.append(rule)
                continue
            }
            if let rule = try ArticleRuleLine.read(String(rawLine), at: place) {
                configuration.articleRules.append(rule)
                continue
            }
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if line.isEmpty { continue }
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

    /// `path` with a leading `~` or `~/` replaced by the home folder.
    public func expandingTilde(in path: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }

    private func apply(key: String, value: String, at place: String,
                       to configuration: inout HeraldConfiguration) throws(ConfigurationError) {
        switch key {
        case "database":
            guard !value.isEmpty else { throw ConfigurationError("\(place): `database` needs a file path or a `postgres://` URL.") }
            configuration.databasePath = expandingTilde(in: value)
        case "user":
            configuration.user = try SettingValue.userName(value, at: place)
        case "refresh-concurrency":
            configuration.maxConcurrentFetches = try SettingValue.positiveInteger(value, key: key, at: place)
        case "refresh-per-host":
            configuration.maxConcurrentPerHost = try SettingValue.positiveInteger(value, key: key, at: place)
        case "refresh-min-interval":
            configuration.minimumRefreshInterval = try SettingValue.duration(value, key: key, at: place)
        case "refresh-max-interval":
            configuration.maximumRefreshInterval = try SettingValue.duration(value, key: key, at: place)
        case "refresh-guard-window":
            configuration.refreshGuardWindow = try SettingValue.duration(value, key: key, at: place)
        case "refresh-host-rate":
            configuration.hostRequestsPerSecond = try SettingValue.positiveInteger(value, key: key, at: place)
        case "refresh-log":
            guard !value.isEmpty else { throw ConfigurationError("\(place): `refresh-log` needs a file path or `off`.") }
            configuration.refreshLogPath = value == "off" ? nil : expandingTilde(in: value)
        case "keep-articles":
            configuration.retention.keepNewest = try SettingValue.positiveInteger(value, key: key, at: place)
        case "keep-days":
            configuration.retention.keepDays = try SettingValue.positiveInteger(value, key: key, at: place)
        case "user-agent":
            configuration.userAgent = try SettingValue.userAgent(value, at: place)
        case "fetch-timeout":
            configuration.fetchTimeout = try SettingValue.duration(value, key: key, at: place)
        case "max-feed-size":
            configuration.maxFeedBytes = try SettingValue.byteSize(value, key: key, at: place)
        case "on-new-articles":
            var words = try CommandWords.split(value, key: key, at: place)
            words[0] = expandingTilde(in: words[0])
            configuration.onNewArticles = words
        case "on-new-articles-timeout":
            configuration.onNewArticlesTimeout = try SettingValue.duration(value, key: key, at: place)
        case "full-text-private-addresses":
            switch value.lowercased() {
            case "allow": configuration.fullTextAllowsPrivateAddresses = true
            case "refuse": configuration.fullTextAllowsPrivateAddresses = false
            default:
                throw ConfigurationError("\(place): `full-text-private-addresses` is `allow` or `refuse`, found `\(value)`.")
            }
        case "feed-icons":
            switch value.lowercased() {
            case "yes", "true", "on": configuration.fetchesIcons = true
            case "no", "false", "off": configuration.fetchesIcons = false
            default: throw ConfigurationError("\(place): `feed-icons` is `yes` or `no`, found `\(value)`.")
            }
        case "download-path":
            guard !value.isEmpty else { throw ConfigurationError("\(place): `download-path` needs a folder.") }
            configuration.downloadFolder = expandingTilde(in: value)
        case "download-parallel":
            configuration.downloadParallel = try SettingValue.positiveInteger(value, key: key, at: place)
        case "download-per-host":
            configuration.downloadPerHost = try SettingValue.positiveInteger(value, key: key, at: place)
        case "download-max-size":
            configuration.downloadMaxBytes = try SettingValue.byteSize(value, key: key, at: place)
        case "web-token":
            configuration.webToken = try SettingValue.webToken(value, at: place)
        default:
            throw ConfigurationError("\(place): unknown setting `\(key)`; see Docs/cli.md for the settings Herald knows.")
        }
    }
}
