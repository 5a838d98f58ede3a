#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// One article as the sync APIs serve it: its state, and its body as sanitised HTML whatever the
/// feed sent (text bodies are escaped into paragraphs).
public struct SyncEntry: Sendable, Hashable {
    /// The article.
    public var id: ArticleID
    /// Its feed.
    public var feedID: FeedID
    /// The title (may be empty).
    public var title: String
    /// The link to the page.
    public var url: String?
    /// The first author's name, if any.
    public var author: String?
    /// The comments page.
    public var commentsURL: String?
    /// The date lists sort by: published, else updated, else first seen.
    public var date: Date
    /// When Herald first stored it.
    public var firstSeenAt: Date
    /// The body, sanitised HTML (empty when the feed sent none).
    public var html: String
    /// Its enclosures (podcast episodes, images).
    public var enclosures: [Enclosure]
    /// Read and starred state.
    public var isRead: Bool
    /// See ``isRead``.
    public var isStarred: Bool
    /// The feed's guid or link, which identifies the article within its feed.
    public var identity: String

    /// Creates an entry.
    public init(id: ArticleID, feedID: FeedID, title: String, url: String?, author: String?, commentsURL: String?,
                date: Date, firstSeenAt: Date, html: String, enclosures: [Enclosure], isRead: Bool, isStarred: Bool,
                identity: String) {
        self.id = id
        self.feedID = feedID
        self.title = title
        self.url = url
        self.author = author
        self.commentsURL = commentsURL
        self.date = date
        self.firstSeenAt = firstSeenAt
        self.html = html
        self.enclosures = enclosures
        self.isRead = isRead
        self.isStarred = isStarred
        self.identity = identity
    }
}

/// Which articles a sync client asks for, and how many.
public struct SyncEntryRequest: Sendable, Hashable {
    /// The articles (a feed, a tag, unread, starred, a time range).
    public var filter: ArticleFilter
    /// Only read articles (the filter has "unread only"; a client may ask for the read ones).
    public var readOnly: Bool
    /// Only articles not starred (Miniflux's `starred=false`).
    public var unstarredOnly: Bool
    /// Only articles of these feeds (a protocol's group of untagged feeds); `nil` for no limit.
    public var feeds: Set<FeedID>?
    /// Newest first (the store's order), or oldest first.
    public var newestFirst: Bool
    /// At most this many.
    public var limit: Int
    /// After skipping this many in that order.
    public var offset: Int
    /// Only articles this query matches (Herald's query language, as `herald search` reads it).
    public var query: String?
    /// What the entries are ordered by (``newestFirst`` says which way).
    public var order: SyncEntryOrder
    /// Only articles with a larger id (Miniflux's `after_entry_id`).
    public var afterID: ArticleID?
    /// Only articles with a smaller id (Miniflux's `before_entry_id`).
    public var beforeID: ArticleID?

    /// Creates a request.
    public init(filter: ArticleFilter, readOnly: Bool = false, unstarredOnly: Bool = false, feeds: Set<FeedID>? = nil,
                newestFirst: Bool = true, limit: Int = 100, offset: Int = 0, query: String? = nil,
                order: SyncEntryOrder = .date, afterID: ArticleID? = nil, beforeID: ArticleID? = nil) {
        self.unstarredOnly = unstarredOnly
        self.order = order
        self.afterID = afterID
        self.beforeID = beforeID
        self.query = query
        self.filter = filter
        self.readOnly = readOnly
        self.feeds = feeds
        self.newestFirst = newestFirst
        self.limit = limit
        self.offset = offset
    }
}

/// What a page of entries is ordered by; ties go by date, then id.
public enum SyncEntryOrder: Sendable, Hashable {
    /// The article's date (published, else updated, else first seen): the store's order.
    case date
    /// The article's id: the order Herald stored them in.
    case id
    /// Read or unread: "newest first" puts unread first, as Miniflux orders its `status` strings.
    case status
    /// A rank per feed (a category's title or id, computed by the front end): "newest first" puts
    /// the largest rank first, so oldest first is rank 0 first, and feeds without one come last.
    case feedRank([FeedID: Int])
}

/// A page of entries and how many the filter covers in all.
public struct SyncEntryPage: Sendable, Hashable {
    /// The entries, in the order asked.
    public var entries: [SyncEntry]
    /// How many articles the request's filter covers.
    public var total: Int

    /// Creates a page.
    public init(entries: [SyncEntry], total: Int) {
        self.entries = entries
        self.total = total
    }
}
