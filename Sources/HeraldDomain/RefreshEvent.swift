/// A feed as refresh progress names it.
public struct FeedReference: Sendable, Hashable, Codable {
    /// The feed's identifier.
    public var id: FeedID
    /// Its display title.
    public var title: String

    /// Creates a reference.
    public init(id: FeedID, title: String) {
        self.id = id
        self.title = title
    }
}

/// What happened during a refresh, streamed to front ends as it happens.
public enum RefreshEvent: Sendable, Hashable {
    /// The refresh begins with this many feeds.
    case started(total: Int)
    /// A feed is being fetched.
    case fetching(FeedReference)
    /// The server answered 304, or the body hash was unchanged: nothing parsed.
    case notModified(FeedReference)
    /// A feed was parsed and stored.
    case stored(FeedReference, StoreOutcome)
    /// A confirmed permanent redirect moved the feed to a new URL.
    case moved(FeedReference, to: String)
    /// A feed failed; it will be retried with backoff.
    case failed(FeedReference, FeedFailure)
    /// A feed was not requested: the politeness guard refused it (see ``RefreshSkipReason``).
    case skipped(FeedReference, RefreshSkipReason)
    /// The pages behind a full-text feed's new articles were fetched after the feed itself:
    /// `kept` full texts stored, `failed` pages that could not be fetched or held no text (the
    /// articles keep the feed's own text).
    case fullTexts(FeedReference, kept: Int, failed: Int)
    /// The refresh is over (also after cancellation).
    case finished(RefreshSummary)
}

/// The totals of one refresh.
public struct RefreshSummary: Sendable, Hashable, Codable {
    /// Feeds attempted.
    public var total: Int
    /// Feeds parsed and stored.
    public var stored: Int
    /// Feeds unchanged (304 or same body).
    public var notModified: Int
    /// Feeds that failed.
    public var failed: Int
    /// Feeds the politeness guard did not request (another refresh had just fetched them).
    public var skipped: Int
    /// New articles across all feeds.
    public var newArticles: Int
    /// True when the refresh was cancelled before every feed was done.
    public var cancelled: Bool
    /// Full texts of articles kept (pages fetched for feeds with full text on).
    public var fullTexts: Int = 0
    /// New articles the config's rules hid (`rule block` or `rule keep`); counted in ``newArticles`` too.
    public var hiddenByRules: Int = 0

    /// Creates a summary.
    public init(total: Int, stored: Int, notModified: Int, failed: Int, newArticles: Int, cancelled: Bool,
                skipped: Int = 0, fullTexts: Int = 0) {
        self.fullTexts = fullTexts
        self.total = total
        self.stored = stored
        self.notModified = notModified
        self.failed = failed
        self.skipped = skipped
        self.newArticles = newArticles
        self.cancelled = cancelled
    }
}
