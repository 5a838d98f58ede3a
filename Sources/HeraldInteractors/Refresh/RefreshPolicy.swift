#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How refreshes are scheduled, limited and retried. Every rule is a pure function of this value
/// (see `RefreshPolicy+Scheduling.swift`), so it can be tested without any I/O.
public struct RefreshPolicy: Sendable, Hashable {
    /// How the backoff after a failure is spread out.
    public enum JitterStyle: Sendable, Hashable {
        /// No jitter: exactly `base × 2^(errors − 1)`, capped. Predictable, but failing feeds retry in lockstep.
        case none
        /// Full jitter: uniform between `base` and the exponential ceiling, so retries spread out
        /// yet never come sooner than `base`.
        case full
    }

    /// Fetches in flight at once across all hosts.
    public var maxConcurrentFetches: Int
    /// Fetches in flight at once to one host (`file://` feeds count as the one host `localhost-file`).
    public var maxConcurrentPerHost: Int
    /// The shortest interval between two refreshes of a feed, in seconds (a feed's own setting wins).
    public var minimumInterval: TimeInterval
    /// The longest interval between two refreshes of a feed, in seconds (a feed's own setting wins).
    public var maximumInterval: TimeInterval
    /// The interval when neither the feed nor the server suggests one, in seconds.
    public var defaultInterval: TimeInterval
    /// The backoff after the first failure, in seconds; it doubles with each further failure.
    public var backoffBase: TimeInterval
    /// The longest backoff, in seconds.
    public var backoffCap: TimeInterval
    /// How the backoff is spread out.
    public var jitterStyle: JitterStyle
    /// On how many consecutive refreshes a permanent redirect (301/308) must be seen before the stored URL changes.
    public var redirectConfirmations: Int
    /// Whether a 410 marks the feed gone (no more polling by due refreshes until the user acts).
    public var stopPollingWhenGone: Bool
    /// After this many consecutive failures ending in 404s the feed is treated as gone, once it
    /// has also not been fetched for ``notFoundGrace``; `nil` never.
    public var notFoundLimit: Int?
    /// How long a feed that was fetched before must have failed before 404s make it gone: a
    /// week (a feed never fetched needs only ``notFoundLimit`` 404s).
    public var notFoundGrace: TimeInterval = 7 * 24 * 3600
    /// A running refresh has the store index its new articles (`FeedStoring.finishSaving()`) each
    /// time this many wait, while the other feeds are still fetched and parsed, instead of all of them
    /// at its end; `nil` indexes only at the end. Each indexing makes one search-index segment, so
    /// small batches would make many.
    public var indexingBatch: Int?
    /// How long a claim on a shared refresh queue (``FeedQueueing``) lasts unless extended, in
    /// seconds: a refresh extends its claims every third of it, so this is how soon a killed
    /// worker's feeds return to the queue.
    public var claimLease: TimeInterval = 120
    /// How often a refresh on a shared queue looks again when every feed left is held by others.
    public var claimPollInterval: TimeInterval = 0.25
    /// The politeness guard's window, in seconds: while refreshes run at once (in any process on
    /// the same store), a feed one of them requested this recently is not requested by another.
    public var guardWindow: TimeInterval = 30
    /// The hard cap of requests to one host in any second, across every refresh of the process
    /// (`file://` feeds are not capped). A request over it waits for the second to pass.
    public var hostRequestsPerSecond: Int = 20
    /// For a feed with full text on: how many article pages one refresh fetches, newest articles
    /// first (the rest wait for the next refresh), one at a time.
    public var fullTextPagesPerFeed: Int = 10
    /// How many failed fetches of an article's page before it is no longer tried.
    public var fullTextAttempts: Int = 3
    /// How long ago an article may have been first stored (in seconds) and still have its page
    /// fetched: turning full text on for a feed fetches its new articles, not its whole archive.
    public var fullTextWindow: TimeInterval = 14 * 24 * 3600
    /// Whether a feed's links may reach non-public addresses (loopback, private, link-local) on
    /// another host than the feed's own (`full-text-private-addresses = allow`). Off by default:
    /// a feed from the internet must not make Herald read the machine's or its network's services.
    public var fullTextAllowsPrivateAddresses = false
    /// Whether refreshes look for feeds' icons (`feed-icons no` turns it off).
    public var fetchesIcons = true
    /// How long after a feed's icon was last looked for (found or not), in seconds, a refresh
    /// looks again: a week.
    public var iconCheckInterval: TimeInterval = 7 * 24 * 3600

    /// Creates a policy; every parameter has the documented default.
    public init(maxConcurrentFetches: Int = 128, maxConcurrentPerHost: Int = 4,
                minimumInterval: TimeInterval = 15 * 60, maximumInterval: TimeInterval = 24 * 3600,
                defaultInterval: TimeInterval = 3600, backoffBase: TimeInterval = 5 * 60,
                backoffCap: TimeInterval = 24 * 3600, jitterStyle: JitterStyle = .full,
                redirectConfirmations: Int = 2, stopPollingWhenGone: Bool = true, notFoundLimit: Int? = 3,
                indexingBatch: Int? = 2_000) {
        self.maxConcurrentFetches = max(1, maxConcurrentFetches)
        self.maxConcurrentPerHost = max(1, maxConcurrentPerHost)
        self.minimumInterval = max(0, minimumInterval)
        self.maximumInterval = max(self.minimumInterval, maximumInterval)
        self.defaultInterval = defaultInterval
        self.backoffBase = max(1, backoffBase)
        self.backoffCap = max(self.backoffBase, backoffCap)
        self.jitterStyle = jitterStyle
        self.redirectConfirmations = max(1, redirectConfirmations)
        self.stopPollingWhenGone = stopPollingWhenGone
        self.notFoundLimit = notFoundLimit
        self.indexingBatch = indexingBatch.map { max(1, $0) }
    }

    /// The defaults: 64 fetches at once, 4 per host, intervals between 15 minutes and 24 hours
    /// (1 hour when nothing suggests one), backoff from 5 minutes capped at 24 hours with full jitter,
    /// redirects confirmed on 2 consecutive refreshes, 410 and 3 × 404 stop polling, new articles
    /// indexed by batches of 2,000 while a refresh runs.
    public static let `default` = RefreshPolicy()
}
