import Foundation
import HeraldDomain

/// Everything a user can configure, resolved from defaults, the config file, the environment and flags
/// (later sources win).
public struct HeraldConfiguration: Sendable, Hashable {
    /// The database: a SQLite file path, or a `postgres://` URL for the PostgreSQL store.
    public var databasePath: String
    /// The person whose subscriptions and reading state a PostgreSQL database shows (`user`,
    /// `HERALD_USER`, `--user`); `nil` is the login name. A SQLite database has one person and
    /// refuses a user.
    public var user: String?
    /// Feeds fetched at once across all hosts.
    public var maxConcurrentFetches: Int
    /// Feeds fetched at once from one host.
    public var maxConcurrentPerHost: Int
    /// The shortest interval between two refreshes of a feed, in seconds.
    public var minimumRefreshInterval: Double
    /// The longest interval between two refreshes of a feed, in seconds.
    public var maximumRefreshInterval: Double
    /// How many articles and days to keep per feed (starred articles are always kept).
    public var retention: RetentionPolicy
    /// The User-Agent sent with every request; `nil` uses the fetcher's default.
    public var userAgent: String?
    /// The total timeout of one fetch, in seconds.
    public var fetchTimeout: Double
    /// The largest feed body accepted, in bytes.
    public var maxFeedBytes: Int
    /// The access token `herald serve` asks browsers for (`web-token`), needed to listen beyond loopback.
    public var webToken: String?
    /// The config file's `bind-key` lines, for the interactive reader to check and apply.
    public var keyBindings: [KeyBindingLine] = []
    /// The command run after a refresh that stored new articles (`on-new-articles`), as words;
    /// `nil` runs nothing.
    public var onNewArticles: [String]?
    /// How long that command may run, in seconds (`on-new-articles-timeout`).
    public var onNewArticlesTimeout: Double = 30
    /// The config file's per-site extraction rules (`extract-keep`, `extract-drop`), in file order;
    /// they come before the built-in ones.
    public var extractionRules: [ExtractionRule] = []
    /// The config file's article rules (`rule ACTION TARGET QUERY`), in file order.
    public var articleRules: [ArticleRule] = []
    /// The politeness guard's window in seconds (`refresh-guard-window`): while refreshes run at
    /// once, a feed one of them requested this recently is not requested by another.
    public var refreshGuardWindow: Double = 30
    /// The hard cap of requests to one host in any second, per process (`refresh-host-rate`).
    public var hostRequestsPerSecond: Int = 20
    /// The refresh log (`refresh-log`; the loader's default is `$XDG_STATE_HOME/herald/refresh.log`);
    /// `nil` logs nothing.
    public var refreshLogPath: String?
    /// Whether a feed's links may reach non-public addresses on another host than the feed's
    /// (`full-text-private-addresses = allow`); refused by default.
    public var fullTextAllowsPrivateAddresses = false
    /// Whether refreshes look for feeds' icons for the sync clients (`feed-icons yes|no`; yes by default).
    public var fetchesIcons = true
    /// Herald's data folder (`$XDG_DATA_HOME/herald`), set by the loader; `nil` is
    /// `~/.local/share/herald`. The download queue of a PostgreSQL database lives there.
    public var dataDirectory: String?
    /// The folder downloaded episodes go to, a folder per feed (`download-path`); `nil` is `~/Podcasts`.
    public var downloadFolder: String?
    /// Downloads at once (`download-parallel`).
    public var downloadParallel = 2
    /// Downloads at once from one host (`download-per-host`).
    public var downloadPerHost = 1
    /// The largest episode downloaded, in bytes (`download-max-size`).
    public var downloadMaxBytes = 4 * 1_073_741_824
    /// The config file these settings were read from (or would be, when there is none yet).
    public var configFilePath: String?

    /// Creates a configuration.
    public init(databasePath: String, maxConcurrentFetches: Int = 128, maxConcurrentPerHost: Int = 4,
                minimumRefreshInterval: Double = 15 * 60, maximumRefreshInterval: Double = 24 * 3600,
                retention: RetentionPolicy = RetentionPolicy(), userAgent: String? = nil,
                fetchTimeout: Double = 30, maxFeedBytes: Int = 32 * 1_048_576) {
        self.databasePath = databasePath
        self.maxConcurrentFetches = maxConcurrentFetches
        self.maxConcurrentPerHost = maxConcurrentPerHost
        self.minimumRefreshInterval = minimumRefreshInterval
        self.maximumRefreshInterval = maximumRefreshInterval
        self.retention = retention
        self.userAgent = userAgent
        self.fetchTimeout = fetchTimeout
        self.maxFeedBytes = maxFeedBytes
    }
}
