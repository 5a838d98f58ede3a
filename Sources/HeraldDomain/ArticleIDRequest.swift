#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which article ids a sync client asks for, in id order: what id-keyed protocols page by (Fever's
/// `since_id` and `max_id`) and the id lists they send whole (unread and saved ids).
public struct ArticleIDRequest: Sendable, Hashable {
    /// The articles (a feed, a tag, unread, starred, a time range).
    public var filter: ArticleFilter
    /// Only read articles.
    public var readOnly: Bool
    /// Only ids greater than this one.
    public var after: ArticleID?
    /// Only ids smaller than this one.
    public var before: ArticleID?
    /// Smallest first (`true`) or largest first.
    public var ascending: Bool
    /// At most this many; `nil` for all.
    public var limit: Int?
    /// Only articles this query (Herald's query language) matches, on top of the filter.
    public var query: String?
    /// Only articles first stored at or after this date (what a refresh stored).
    public var firstSeenSince: Date?

    /// Creates a request.
    public init(filter: ArticleFilter = ArticleFilter(), readOnly: Bool = false, after: ArticleID? = nil,
                before: ArticleID? = nil, ascending: Bool = true, limit: Int? = nil,
                query: String? = nil, firstSeenSince: Date? = nil) {
        self.query = query
        self.firstSeenSince = firstSeenSince
        self.filter = filter
        self.readOnly = readOnly
        self.after = after
        self.before = before
        self.ascending = ascending
        self.limit = limit
    }
}
