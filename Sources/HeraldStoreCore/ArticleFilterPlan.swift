import Foundation
import HeraldDomain

/// What an ``HeraldDomain/ArticleFilter`` asks of a store, decided once for both stores: the
/// restrictions every kept article meets (AND), in the order each store renders them in its SQL.
/// A saved-search scope brings its query and the saved search's own restrictions (its scope, its
/// unread/starred flags and dates), then the filter's own flags apply on top; a saved search inside
/// a saved search's filter restricts nothing (saved searches do not nest).
public struct ArticleFilterPlan: Sendable, Hashable {
    /// One restriction.
    public enum Restriction: Sendable, Hashable {
        /// Articles of feeds that are not hidden (the "all articles" scope).
        case visibleFeeds
        /// Articles no rule hid (every scope but the hidden one).
        case shown
        /// Articles a rule hid (the hidden scope).
        case hidden
        /// Articles first stored at or after a date.
        case firstSeen(since: Date)
        /// Articles of one feed.
        case feed(FeedID)
        /// Articles of the feeds with a tag.
        case tag(String)
        /// Articles the search query (Herald's query language) matches.
        case matches(query: String)
        /// Unread articles.
        case unread
        /// Starred articles.
        case starred
        /// Articles dated at or after.
        case since(Date)
        /// Articles dated before.
        case until(Date)
    }

    /// The restrictions, all of which an article meets.
    public private(set) var restrictions: [Restriction] = []

    /// The plan of `filter`.
    /// - Parameter savedSearch: The saved search the filter's scope names, when it names one
    ///   (the store looks it up; `nil` otherwise).
    public init(_ filter: ArticleFilter, savedSearch: SavedSearch?) {
        add(filter, savedSearch: savedSearch)
        if case .hidden = filter.scope { restrictions.append(.hidden) } else { restrictions.append(.shown) }
    }

    /// The plan of an id request: its filter's, then its query and its first-seen date.
    public init(_ request: ArticleIDRequest, savedSearch: SavedSearch?) {
        self.init(request.filter, savedSearch: savedSearch)
        if let query = request.query { restrictions.append(.matches(query: query)) }
        if let since = request.firstSeenSince { restrictions.append(.firstSeen(since: since)) }
    }

    /// The saved search a filter's scope names, which the store must look up for ``init(_:savedSearch:)``.
    public static func savedSearchID(of filter: ArticleFilter) -> SavedSearchID? {
        if case .savedSearch(let id) = filter.scope { id } else { nil }
    }

    /// True when every kept article belongs to one feed.
    public var isSingleFeed: Bool {
        restrictions.contains { if case .feed = $0 { true } else { false } }
    }

    /// The saved search's query, when the filter has one.
    public var searchQuery: String? {
        for restriction in restrictions { if case .matches(let query) = restriction { return query } }
        return nil
    }

    private mutating func add(_ filter: ArticleFilter, savedSearch: SavedSearch?) {
        switch filter.scope {
        case .all: restrictions.append(.visibleFeeds)
        case .hidden: break
        case .feed(let id): restrictions.append(.feed(id))
        case .tag(let tag): restrictions.append(.tag(tag))
        case .savedSearch:
            if let savedSearch {
                restrictions.append(.matches(query: savedSearch.query))
                add(savedSearch.filter, savedSearch: nil)
            }
        }
        if filter.unreadOnly { restrictions.append(.unread) }
        if filter.starredOnly { restrictions.append(.starred) }
        if let since = filter.since { restrictions.append(.since(since)) }
        if let until = filter.until { restrictions.append(.until(until)) }
        if let since = filter.firstSeenSince { restrictions.append(.firstSeen(since: since)) }
    }
}
