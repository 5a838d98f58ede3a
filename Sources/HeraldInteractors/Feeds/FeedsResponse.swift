import HeraldDomain

/// A feed with its unread count.
public struct FeedStatus: Sendable, Hashable {
    /// The feed, with its fetch state (errors, next retry, gone).
    public var feed: Feed
    /// Its unread articles.
    public var unread: Int

    /// Creates a status.
    public init(feed: Feed, unread: Int) {
        self.feed = feed
        self.unread = unread
    }
}

/// A saved search with its unread count; listed like a feed.
public struct SavedSearchStatus: Sendable, Hashable {
    /// The saved search.
    public var search: SavedSearch
    /// Unread articles matching it.
    public var unread: Int

    /// Creates a status.
    public init(search: SavedSearch, unread: Int) {
        self.search = search
        self.unread = unread
    }
}

/// Everything the feeds screen shows, as plain data.
public struct FeedsResponse: Sendable, Hashable {
    /// The subscriptions, in the store's order (by display title).
    public var feeds: [FeedStatus]
    /// The saved searches, by name.
    public var savedSearches: [SavedSearchStatus]
    /// Unread counts per tag.
    public var unreadByTag: [String: Int]
    /// How many articles rules hid (the hidden list's size).
    public var hiddenArticles: Int
    /// The feeds left out because they have no unread article (``FeedsDataStore/showsReadFeeds`` off).
    public var readFeedsLeftOut: Int
    /// The tag whose feeds alone are listed (``FeedsDataStore/selectedTag``), if one is chosen.
    public var shownTag: String?

    /// Creates a response.
    public init(feeds: [FeedStatus], savedSearches: [SavedSearchStatus], unreadByTag: [String: Int],
                hiddenArticles: Int = 0, readFeedsLeftOut: Int = 0, shownTag: String? = nil) {
        self.shownTag = shownTag
        self.hiddenArticles = hiddenArticles
        self.readFeedsLeftOut = readFeedsLeftOut
        self.feeds = feeds
        self.savedSearches = savedSearches
        self.unreadByTag = unreadByTag
    }
}

/// How far a refresh has come, counted by the interactor from the event stream.
public struct RefreshProgress: Sendable, Hashable {
    /// Feeds finished (stored, not modified or failed).
    public var done: Int
    /// Feeds in the refresh.
    public var total: Int
    /// The feed being fetched, if any.
    public var current: FeedReference?

    /// Creates a progress value.
    public init(done: Int, total: Int, current: FeedReference?) {
        self.done = done
        self.total = total
        self.current = current
    }
}

/// The feeds module's outputs, implemented by its presenter.
public protocol FeedsPresentationLogic: Sendable {
    /// The screen is loading.
    func presentLoading() async
    /// The subscriptions loaded.
    func presentFeeds(_ response: FeedsResponse) async
    /// Loading failed; the message comes from the port's error.
    func presentLoadFailure(_ message: String) async
    /// A refresh moved on.
    func presentRefreshProgress(_ progress: RefreshProgress) async
    /// A refresh ended.
    func presentRefreshFinished(_ summary: RefreshSummary) async
    /// Something to tell the user in passing.
    func presentNotice(_ notice: Notice) async
    /// An action failed; the screen keeps its content.
    func presentActionFailure(_ failure: ActionFailure) async
}
