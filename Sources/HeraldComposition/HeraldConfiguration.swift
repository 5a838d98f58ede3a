import Foundation
import HeraldDomain

/// Everything a user can configure, resolved from defaults, the config file, the environment and flags
/// (later sources win).
public struct HeraldConfiguration: Sendable, Hashable {
    /// The SQLite database file.
    public var databasePath: String
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

    /// Creates a configuration.
    public init(databasePath: String, maxConcurrentFetches: Int = 32, maxConcurrentPerHost: Int = 4,
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
