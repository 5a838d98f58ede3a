#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which articles a list or a search covers.
public enum ArticleScope: Sendable, Hashable, Codable {
    /// Every article of every feed that is not hidden.
    case all
    /// One feed.
    case feed(FeedID)
    /// Every feed with a tag.
    case tag(String)
    /// The articles matching a saved search.
    case savedSearch(SavedSearchID)
    /// The articles a rule hid (``ArticleRule/Action/block``), of every feed: the one list that
    /// shows them; every other scope leaves them out.
    case hidden
}

/// A filter over articles: a scope plus state and date restrictions.
public struct ArticleFilter: Sendable, Hashable, Codable {
    /// Which articles.
    public var scope: ArticleScope
    /// Only unread articles.
    public var unreadOnly: Bool
    /// Only starred articles.
    public var starredOnly: Bool
    /// Only articles dated at or after this.
    public var since: Date?
    /// Only articles dated before this.
    public var until: Date?
    /// Only articles first stored at or after this (whatever their own date): what a sync client
    /// fetched since its last sync.
    public var firstSeenSince: Date?

    /// Creates a filter; the default is every article.
    public init(scope: ArticleScope = .all, unreadOnly: Bool = false, starredOnly: Bool = false,
                since: Date? = nil, until: Date? = nil, firstSeenSince: Date? = nil) {
        self.scope = scope
        self.unreadOnly = unreadOnly
        self.starredOnly = starredOnly
        self.since = since
        self.until = until
        self.firstSeenSince = firstSeenSince
    }
}

/// A keyset position in a newest-first list: continue strictly after (older than) this row.
public struct PageCursor: Sendable, Hashable, Codable {
    /// The sort date of the last row seen.
    public var date: Date
    /// The identifier of the last row seen (breaks ties).
    public var id: ArticleID

    /// Creates a cursor.
    public init(date: Date, id: ArticleID) {
        self.date = date
        self.id = id
    }
}

/// A request for one page of a newest-first list.
public struct ArticlePageRequest: Sendable, Hashable {
    /// Which articles.
    public var filter: ArticleFilter
    /// The page size.
    public var limit: Int
    /// Continue after this row; `nil` for the first page.
    public var after: PageCursor?

    /// Creates a page request.
    public init(filter: ArticleFilter = ArticleFilter(), limit: Int = 50, after: PageCursor? = nil) {
        self.filter = filter
        self.limit = limit
        self.after = after
    }
}

/// The keys (date and id) of one page of a newest-first list, without the articles' texts: what an
/// id list with a continuation needs.
public struct ArticleKeyPage: Sendable, Hashable {
    /// Each row's date and id, newest first.
    public var keys: [PageCursor]
    /// Where the next page starts; `nil` when this is the last page.
    public var next: PageCursor?

    /// Creates a page of keys.
    public init(keys: [PageCursor], next: PageCursor?) {
        self.keys = keys
        self.next = next
    }
}

/// One page of a list.
public struct ArticlePage: Sendable, Hashable {
    /// The rows, newest first.
    public var articles: [ArticleSummary]
    /// Where the next page starts; `nil` when this is the last page.
    public var next: PageCursor?

    /// Creates a page.
    public init(articles: [ArticleSummary], next: PageCursor?) {
        self.articles = articles
        self.next = next
    }
}

/// A full-text search.
public struct SearchRequest: Sendable, Hashable {
    /// The query: words, `"phrases"`, `prefix*`, `title:word`, `AND`/`OR`/`NOT`.
    public var query: String
    /// Restricts the search by feed, tag, state and date.
    public var filter: ArticleFilter
    /// The page size.
    public var limit: Int
    /// How many ranked results to skip (search pages are short and ranked, so an offset is bounded).
    public var offset: Int

    /// Creates a search request.
    public init(query: String, filter: ArticleFilter = ArticleFilter(), limit: Int = 20, offset: Int = 0) {
        self.query = query
        self.filter = filter
        self.limit = limit
        self.offset = offset
    }
}

/// Text with the parts that matched a search marked.
public struct HighlightedText: Sendable, Hashable, Codable {
    /// A run of text, matched or not.
    public struct Segment: Sendable, Hashable, Codable {
        /// The text of the run.
        public var text: String
        /// Whether the run matched the query.
        public var isMatch: Bool

        /// Creates a run.
        public init(text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    /// The runs in order.
    public var segments: [Segment]

    /// Creates highlighted text.
    public init(segments: [Segment]) { self.segments = segments }

    /// The text without highlighting.
    public var plainText: String { segments.map(\.text).joined() }
}

/// One ranked search result.
public struct SearchHit: Sendable, Hashable {
    /// The article, as a list row.
    public var article: ArticleSummary
    /// A short extract around the matches.
    public var snippet: HighlightedText
    /// The title with its matches marked.
    public var highlightedTitle: HighlightedText
    /// The relevance (higher is better).
    public var score: Double

    /// Creates a hit.
    public init(article: ArticleSummary, snippet: HighlightedText, highlightedTitle: HighlightedText, score: Double) {
        self.article = article
        self.snippet = snippet
        self.highlightedTitle = highlightedTitle
        self.score = score
    }
}

/// One page of search results.
public struct SearchPage: Sendable, Hashable {
    /// The hits, best first.
    public var hits: [SearchHit]
    /// The offset of the next page; `nil` when there are no more results.
    public var nextOffset: Int?

    /// Creates a page of results.
    public init(hits: [SearchHit], nextOffset: Int?) {
        self.hits = hits
        self.nextOffset = nextOffset
    }
}

/// A search the user saved; it behaves like a feed in lists and counts.
public struct SavedSearch: Sendable, Hashable, Identifiable {
    /// The store's identifier.
    public var id: SavedSearchID
    /// The name shown in lists.
    public var name: String
    /// The query.
    public var query: String
    /// Further restrictions.
    public var filter: ArticleFilter

    /// Creates a saved search.
    public init(id: SavedSearchID, name: String, query: String, filter: ArticleFilter = ArticleFilter()) {
        self.id = id
        self.name = name
        self.query = query
        self.filter = filter
    }
}

/// Totals over the whole store.
public struct StoreStatistics: Sendable, Hashable, Codable {
    /// Subscribed feeds.
    public var feeds: Int
    /// Stored articles.
    public var articles: Int
    /// Unread articles.
    public var unread: Int
    /// Starred articles.
    public var starred: Int
    /// Feeds whose last fetch failed.
    public var failingFeeds: Int
    /// The database size on disk, in bytes (including the WAL).
    public var databaseBytes: Int64
    /// When a feed was last fetched successfully (304 included), if ever.
    public var lastRefreshedAt: Date?

    /// Creates statistics.
    public init(feeds: Int, articles: Int, unread: Int, starred: Int, failingFeeds: Int, databaseBytes: Int64,
                lastRefreshedAt: Date? = nil) {
        self.lastRefreshedAt = lastRefreshedAt
        self.feeds = feeds
        self.articles = articles
        self.unread = unread
        self.starred = starred
        self.failingFeeds = failingFeeds
        self.databaseBytes = databaseBytes
    }
}

/// What storing one fetched feed changed.
public struct StoreOutcome: Sendable, Hashable, Codable {
    /// Articles seen for the first time.
    public var inserted: Int
    /// Articles whose content changed (user state kept).
    public var updated: Int
    /// Articles already stored unchanged.
    public var unchanged: Int

    /// Creates an outcome.
    public init(inserted: Int, updated: Int, unchanged: Int) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }
}
