import Foundation
import HeraldDomain
import HeraldPorts

/// An in-memory store behind ``FeedStoring``, ``ArticleStoring`` and ``ArticleSearching``,
/// for module tests: keyset pages newest first, filters, unread counts, a substring search
/// with highlighted segments, and saved searches, with none of SQLite's cost.
///
/// Any operation can be made to fail with ``failOperation(_:with:)`` to drive error paths.
public actor InMemoryStore: FeedStoring, ArticleStoring, ArticleSearching {
    /// The store operations a test can make fail.
    public enum Operation: Sendable, Hashable, CaseIterable {
        /// Reads of feeds (`feeds()`, `feed(_:)`, `feed(url:)`, `dueFeeds(at:)`).
        case readFeeds
        /// Changes to feeds (add, remove, rename, retag, settings, URL, fetch state, save).
        case writeFeeds
        /// Reads of articles (`article(_:)`, `articles(_:)`, `neighbours`, `nextUnread`).
        case readArticles
        /// Changes to articles' user state (read, starred, tags, mark all read, retention).
        case writeArticles
        /// Unread counts and statistics.
        case counts
        /// Searches.
        case search
        /// Saved-search reads and changes.
        case savedSearches
    }

    var feedsByID: [FeedID: Feed] = [:]
    var articlesByID: [ArticleID: Article] = [:]
    var searchesByID: [SavedSearchID: SavedSearch] = [:]
    var nextFeedID: Int64 = 1
    var nextArticleID: Int64 = 1
    var nextSearchID: Int64 = 1
    var failures: [Operation: StoreError] = [:]
    var observers: [AsyncStream<StoreChanges>.Continuation] = []
    /// How many times each operation ran (including failed runs); lets tests check what was asked.
    public private(set) var operationCounts: [Operation: Int] = [:]

    /// Creates an empty store.
    public init() {}

    /// Makes every later call of `operation` throw `error` until ``clearFailure(_:)``.
    public func failOperation(_ operation: Operation, with error: StoreError) {
        failures[operation] = error
    }

    /// Lets `operation` succeed again.
    public func clearFailure(_ operation: Operation) {
        failures[operation] = nil
    }

    /// Counts the call and throws the scripted failure, if any.
    func check(_ operation: Operation) throws(StoreError) {
        operationCounts[operation, default: 0] += 1
        if let error = failures[operation] { throw error }
    }

    // MARK: FeedStoring

    /// Subscribes to a feed; an already subscribed URL returns the existing feed unchanged.
    public func addFeed(_ feed: NewFeed, at date: Date) async throws(StoreError) -> (feed: Feed, created: Bool) {
        try check(.writeFeeds)
        if let existing = feedsByID.values.first(where: { $0.url == feed.url }) { return (existing, false) }
        let id = FeedID(nextFeedID)
        nextFeedID += 1
        let stored = Feed(id: id, url: feed.url, customTitle: feed.customTitle, tags: feed.tags,
                          isHidden: feed.isHidden, addedAt: date)
        feedsByID[id] = stored
        return (stored, true)
    }

    /// Every feed, ordered by display title (case-insensitive), then identifier.
    public func feeds() async throws(StoreError) -> [Feed] {
        try check(.readFeeds)
        return feedsByID.values.sorted {
            ($0.displayTitle.lowercased(), $0.id) < ($1.displayTitle.lowercased(), $1.id)
        }
    }

    /// One feed.
    public func feed(_ id: FeedID) async throws(StoreError) -> Feed {
        try check(.readFeeds)
        guard let feed = feedsByID[id] else { throw .feedNotFound(id) }
        return feed
    }

    /// The feed subscribed at a URL, if any.
    public func feed(url: String) async throws(StoreError) -> Feed? {
        try check(.readFeeds)
        return feedsByID.values.first { $0.url == url }
    }

    /// Removes the feed and all its articles.
    public func removeFeed(_ id: FeedID) async throws(StoreError) {
        try check(.writeFeeds)
        guard feedsByID.removeValue(forKey: id) != nil else { throw .feedNotFound(id) }
        articlesByID = articlesByID.filter { $0.value.feedID != id }
    }

    /// Sets or clears the user's title.
    public func setCustomTitle(_ title: String?, for id: FeedID) async throws(StoreError) {
        try check(.writeFeeds)
        try updateFeed(id) { $0.customTitle = title }
    }

    /// Replaces the feed's tags.
    public func setTags(_ tags: [String], for id: FeedID) async throws(StoreError) {
        try check(.writeFeeds)
        try updateFeed(id) { $0.tags = tags }
    }

    /// Replaces the feed's settings.
    public func setSettings(_ settings: FeedSettings, for id: FeedID) async throws(StoreError) {
        try check(.writeFeeds)
        try updateFeed(id) { $0.settings = settings }
    }

    /// Moves the feed to a new URL.
    public func changeURL(of id: FeedID, to url: String) async throws(StoreError) {
        try check(.writeFeeds)
        if let other = feedsByID.values.first(where: { $0.url == url && $0.id != id }) {
            throw .duplicateFeed(url: url, existing: other.id)
        }
        try updateFeed(id) { $0.url = url }
    }

    /// Records a fetch that stored nothing.
    public func updateFetchState(_ state: FetchState, for id: FeedID) async throws(StoreError) {
        try check(.writeFeeds)
        try updateFeed(id) { $0.fetchState = state }
    }

    /// Feeds due at `date`, not gone, soonest first.
    public func dueFeeds(at date: Date) async throws(StoreError) -> [Feed] {
        try check(.readFeeds)
        return feedsByID.values
            .filter { !$0.fetchState.isGone && ($0.fetchState.nextDueAt ?? .distantPast) <= date }
            .sorted { (($0.fetchState.nextDueAt ?? .distantPast), $0.id) < (($1.fetchState.nextDueAt ?? .distantPast), $1.id) }
    }

    func updateFeed(_ id: FeedID, _ change: (inout Feed) -> Void) throws(StoreError) {
        guard var feed = feedsByID[id] else { throw .feedNotFound(id) }
        change(&feed)
        feedsByID[id] = feed
    }
}
