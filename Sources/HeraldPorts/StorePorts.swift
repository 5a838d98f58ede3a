#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Subscriptions and their fetch state.
public protocol FeedStoring: Sendable {
    /// Subscribes to a feed.
    /// - Returns: The stored feed and whether it was new (an existing URL returns the existing feed, unchanged).
    func addFeed(_ feed: NewFeed, at date: Date) async throws(StoreError) -> (feed: Feed, created: Bool)
    /// Every subscribed feed, ordered by display title.
    func feeds() async throws(StoreError) -> [Feed]
    /// The subscribed feeds among `ids` (ids of no feed left out), in no set order: what a page
    /// of articles needs of its feeds, without reading all of them.
    func feeds(withIDs ids: Set<FeedID>) async throws(StoreError) -> [Feed]
    /// One feed.
    func feed(_ id: FeedID) async throws(StoreError) -> Feed
    /// The feed subscribed at a URL, if any.
    func feed(url: String) async throws(StoreError) -> Feed?
    /// Unsubscribes and deletes the feed's articles (starred ones too: the user asked).
    func removeFeed(_ id: FeedID) async throws(StoreError)
    /// Sets or clears the user's title.
    func setCustomTitle(_ title: String?, for id: FeedID) async throws(StoreError)
    /// Replaces the feed's tags.
    func setTags(_ tags: [String], for id: FeedID) async throws(StoreError)
    /// Replaces the feed's settings.
    func setSettings(_ settings: FeedSettings, for id: FeedID) async throws(StoreError)
    /// Moves the feed to a new URL, keeping its articles and state.
    func changeURL(of id: FeedID, to url: String) async throws(StoreError)
    /// Records a fetch that stored nothing (304, unchanged body, failure).
    func updateFetchState(_ state: FetchState, for id: FeedID) async throws(StoreError)
    /// Feeds due at `date` (next-due passed or unset), not gone, soonest first.
    func dueFeeds(at date: Date) async throws(StoreError) -> [Feed]
    /// Stores a fetched feed in one transaction: the feed's metadata, its articles (new ones
    /// inserted, changed ones updated with the user's state kept) and the new fetch state.
    func saveFetchedFeed(_ parsed: ParsedFeed, fetchState: FetchState, for id: FeedID, at date: Date)
        async throws(StoreError) -> StoreOutcome
    /// Ends a run of ``saveFetchedFeed(_:fetchState:for:at:)`` calls: work a store deferred to do
    /// it for many feeds at once (indexing new articles) is done now. Reads are correct without
    /// it; a refresh calls it once its last feed is saved.
    func finishSaving() async throws(StoreError)
}

/// Articles and the user's state of them.
public protocol ArticleStoring: Sendable {
    /// One article with its body.
    func article(_ id: ArticleID) async throws(StoreError) -> Article
    /// One page of a newest-first list (keyset pagination).
    func articles(_ request: ArticlePageRequest) async throws(StoreError) -> ArticlePage
    /// The keys of the same page, without the articles' texts (a store may read less for them).
    func articleKeys(_ request: ArticlePageRequest) async throws(StoreError) -> ArticleKeyPage
    /// The articles just newer and just older than `id` within a filter, for next/previous.
    func neighbours(of id: ArticleID, in filter: ArticleFilter) async throws(StoreError) -> (newer: ArticleID?, older: ArticleID?)
    /// The next unread article after `id` (older first, then the other feeds), or the newest unread when `id` is nil.
    func nextUnread(after id: ArticleID?, in filter: ArticleFilter) async throws(StoreError) -> ArticleID?
    /// The nearest unread article newer than `id` within a filter (no wrapping), or the oldest
    /// unread when `id` is nil: "previous unread".
    func previousUnread(before id: ArticleID?, in filter: ArticleFilter) async throws(StoreError) -> ArticleID?
    /// The articles with these ids, in the order given, in one read (ids with no article are
    /// left out): what a sync client's batch of items costs.
    func articles(withIDs ids: [ArticleID]) async throws(StoreError) -> [Article]
    /// Article ids in id order (not date order): Fever's paging and the sync APIs' id lists.
    func articleIDs(_ request: ArticleIDRequest) async throws(StoreError) -> [ArticleID]
    /// Marks articles read or unread.
    func setRead(_ isRead: Bool, for ids: [ArticleID]) async throws(StoreError)
    /// Stars or unstars articles.
    func setStarred(_ isStarred: Bool, for ids: [ArticleID]) async throws(StoreError)
    /// Hides articles (a rule blocked them) or shows them again; hiding changes nothing else.
    func setHidden(_ isHidden: Bool, for ids: [ArticleID]) async throws(StoreError)
    /// Replaces an article's user tags.
    func setTags(_ tags: [String], forArticle id: ArticleID) async throws(StoreError)
    /// Marks every article in a filter read. - Returns: How many changed.
    func markAllRead(in filter: ArticleFilter) async throws(StoreError) -> Int
    /// Unread counts per feed (feeds with none may be absent).
    func unreadCountsByFeed() async throws(StoreError) -> [FeedID: Int]
    /// Unread counts per feed tag.
    func unreadCountsByTag() async throws(StoreError) -> [String: Int]
    /// Totals over the store.
    func statistics() async throws(StoreError) -> StoreStatistics
    /// Deletes articles beyond each feed's retention (or `global`), never starred ones.
    /// - Returns: How many were deleted.
    func applyRetention(global: RetentionPolicy, now: Date) async throws(StoreError) -> Int
}

/// Full-text search and saved searches.
public protocol ArticleSearching: Sendable {
    /// Ranked results with highlighted snippets.
    /// - Throws: ``StoreError/invalidQuery(reason:)`` for a malformed query.
    func search(_ request: SearchRequest) async throws(StoreError) -> SearchPage
    /// Saves a search as a query feed.
    func saveSearch(name: String, query: String, filter: ArticleFilter) async throws(StoreError) -> SavedSearch
    /// Every saved search, by name.
    func savedSearches() async throws(StoreError) -> [SavedSearch]
    /// Deletes a saved search.
    func deleteSavedSearch(_ id: SavedSearchID) async throws(StoreError)
    /// Unread articles matching each saved search.
    func unreadCountsBySavedSearch() async throws(StoreError) -> [SavedSearchID: Int]
}

extension FeedStoring {
    /// The feeds among `ids`, picked out of ``feeds()``: for stores without a lighter query.
    public func feeds(withIDs ids: Set<FeedID>) async throws(StoreError) -> [Feed] {
        try await feeds().filter { ids.contains($0.id) }
    }
}

extension ArticleStoring {
    /// The keys of a page, read through ``articles(_:)``: for stores without a lighter query.
    public func articleKeys(_ request: ArticlePageRequest) async throws(StoreError) -> ArticleKeyPage {
        let page = try await articles(request)
        return ArticleKeyPage(keys: page.articles.map(\.cursor), next: page.next)
    }
}
