#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A subscribed feed as the store keeps it.
public struct Feed: Sendable, Hashable, Identifiable {
    /// The store's identifier.
    public var id: FeedID
    /// The URL fetched on refresh (updated after a confirmed permanent redirect).
    public var url: String
    /// The title the feed gives itself.
    public var title: String?
    /// The title the user chose; wins over ``title``.
    public var customTitle: String?
    /// The site's home page.
    public var siteURL: String?
    /// The user's tags (folders), in order.
    public var tags: [String]
    /// Hidden from the all-articles list (newsboat `!`).
    public var isHidden: Bool
    /// Per-feed settings.
    public var settings: FeedSettings
    /// What the last fetches found; drives scheduling and error reporting.
    public var fetchState: FetchState
    /// When the user subscribed.
    public var addedAt: Date

    /// Creates a feed value.
    public init(id: FeedID, url: String, title: String? = nil, customTitle: String? = nil, siteURL: String? = nil,
                tags: [String] = [], isHidden: Bool = false, settings: FeedSettings = FeedSettings(),
                fetchState: FetchState = FetchState(), addedAt: Date) {
        self.id = id
        self.url = url
        self.title = title
        self.customTitle = customTitle
        self.siteURL = siteURL
        self.tags = tags
        self.isHidden = isHidden
        self.settings = settings
        self.fetchState = fetchState
        self.addedAt = addedAt
    }

    /// The title to show: the user's, else the feed's, else the URL.
    public var displayTitle: String { customTitle ?? title ?? url }
}

/// Settings a user can set per feed.
public struct FeedSettings: Sendable, Hashable, Codable {
    /// How many articles or days to keep; `nil` uses the global policy.
    public var retention: RetentionPolicy?
    /// The shortest interval between refreshes, in seconds; `nil` uses the global setting.
    public var minimumInterval: Double?
    /// The longest interval between refreshes, in seconds; `nil` uses the global setting.
    public var maximumInterval: Double?
    /// Whether refreshes fetch the page behind each new article's link and keep its extracted
    /// article beside the feed's own text (for summary-only feeds); `nil` is off.
    public var fullText: Bool?
    /// Whether new articles' enclosures join the download queue by themselves (`herald download
    /// auto FEED on`, podboat's `download auto`); `nil` is off.
    public var downloadsEpisodes: Bool?

    /// Creates settings.
    public init(retention: RetentionPolicy? = nil, minimumInterval: Double? = nil, maximumInterval: Double? = nil,
                fullText: Bool? = nil, downloadsEpisodes: Bool? = nil) {
        self.retention = retention
        self.minimumInterval = minimumInterval
        self.maximumInterval = maximumInterval
        self.fullText = fullText
        self.downloadsEpisodes = downloadsEpisodes
    }

    /// Whether refreshes fetch and keep each new article's full text.
    public var fetchesFullText: Bool { fullText ?? false }

    /// Whether new episodes are queued for download by themselves.
    public var queuesEpisodes: Bool { downloadsEpisodes ?? false }
}

/// How long articles are kept. Starred articles are always kept.
public struct RetentionPolicy: Sendable, Hashable, Codable {
    /// Keep at most this many newest articles per feed.
    public var keepNewest: Int?
    /// Keep articles at most this many days old.
    public var keepDays: Int?

    /// Creates a policy; `nil` parts do not limit.
    public init(keepNewest: Int? = nil, keepDays: Int? = nil) {
        self.keepNewest = keepNewest
        self.keepDays = keepDays
    }
}

/// What Herald knows about fetching one feed: validators, errors, schedule.
public struct FetchState: Sendable, Hashable, Codable {
    /// The `ETag` of the last successful response.
    public var etag: String?
    /// The `Last-Modified` of the last successful response.
    public var lastModified: String?
    /// A hash of the last body parsed, to skip parsing an unchanged body.
    public var bodyHash: String?
    /// When Herald last tried to fetch the feed.
    public var lastAttemptAt: Date?
    /// When a fetch last succeeded (including 304).
    public var lastSuccessAt: Date?
    /// The last failure, cleared by a success.
    public var lastError: FeedFailure?
    /// Consecutive failures; drives the backoff.
    public var errorCount: Int
    /// When the feed is next due; `nil` means now.
    public var nextDueAt: Date?
    /// The server said the feed is gone (410) or not found repeatedly; polling stopped until the user acts.
    public var isGone: Bool
    /// A permanent redirect seen on the last refresh, waiting to be confirmed by the next.
    public var pendingRedirect: PendingRedirect?

    /// Creates a fetch state.
    public init(etag: String? = nil, lastModified: String? = nil, bodyHash: String? = nil, lastAttemptAt: Date? = nil,
                lastSuccessAt: Date? = nil, lastError: FeedFailure? = nil, errorCount: Int = 0, nextDueAt: Date? = nil,
                isGone: Bool = false, pendingRedirect: PendingRedirect? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.bodyHash = bodyHash
        self.lastAttemptAt = lastAttemptAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.errorCount = errorCount
        self.nextDueAt = nextDueAt
        self.isGone = isGone
        self.pendingRedirect = pendingRedirect
    }
}

/// A permanent redirect waiting for confirmation.
public struct PendingRedirect: Sendable, Hashable, Codable {
    /// Where the feed moved to.
    public var target: String
    /// On how many consecutive refreshes it was seen.
    public var timesSeen: Int

    /// Creates a pending redirect.
    public init(target: String, timesSeen: Int) {
        self.target = target
        self.timesSeen = timesSeen
    }
}

/// Why the last fetch of a feed failed, kept with the feed and shown to the user.
public struct FeedFailure: Sendable, Hashable, Codable {
    /// The class of failure.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// 404.
        case notFound
        /// 410: the publisher removed the feed.
        case gone
        /// 429 or 503 with Retry-After.
        case rateLimited
        /// Another HTTP error status.
        case httpError
        /// The host name did not resolve.
        case dns
        /// The connection failed or was reset.
        case connection
        /// The TLS handshake or certificate failed.
        case tls
        /// A timeout.
        case timeout
        /// Redirect loop or too many redirects.
        case redirect
        /// The body exceeded a size or decompression limit.
        case tooLarge
        /// The body is not a feed (an HTML page, say).
        case notAFeed
        /// The feed could not be parsed.
        case parse
        /// A local file could not be read.
        case file
        /// A script source's command failed.
        case script
        /// Anything else.
        case other
    }

    /// The class of failure.
    public var kind: Kind
    /// A sentence for the user: what happened and what they can do.
    public var message: String
    /// The HTTP status, when there was one.
    public var status: Int?

    /// Creates a failure.
    public init(kind: Kind, message: String, status: Int? = nil) {
        self.kind = kind
        self.message = message
        self.status = status
    }
}

/// A new subscription to add.
public struct NewFeed: Sendable, Hashable {
    /// The feed URL (`http`, `https` or `file`).
    public var url: String
    /// A title chosen by the user.
    public var customTitle: String?
    /// Tags.
    public var tags: [String]
    /// Hidden from the all-articles list.
    public var isHidden: Bool

    /// Creates a subscription request.
    public init(url: String, customTitle: String? = nil, tags: [String] = [], isHidden: Bool = false) {
        self.url = url
        self.customTitle = customTitle
        self.tags = tags
        self.isHidden = isHidden
    }
}
