#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An article as the store keeps it, with the user's state.
public struct Article: Sendable, Hashable, Identifiable {
    /// The store's identifier.
    public var id: ArticleID
    /// The feed it belongs to.
    public var feedID: FeedID
    /// The parser's stable identity of the item within its feed.
    public var identity: String
    /// The title as plain text.
    public var title: String
    /// The permalink.
    public var url: String?
    /// The authors.
    public var authors: [Person]
    /// When it was published, if the feed said.
    public var published: Date?
    /// When it was last updated, if the feed said.
    public var updated: Date?
    /// The summary.
    public var summary: TextConstruct?
    /// The full content.
    public var content: TextConstruct?
    /// Attached media.
    public var enclosures: [Enclosure]
    /// The feed's categories for it.
    public var categories: [Category]
    /// The comments page.
    public var commentsURL: String?
    /// The podcast episode's data, when the feed gave any.
    public var episode: EpisodeDetails?
    /// When Herald first stored it.
    public var firstSeenAt: Date
    /// The user's state.
    public var state: ArticleState

    /// Creates an article value.
    public init(id: ArticleID, feedID: FeedID, identity: String, title: String, url: String? = nil,
                authors: [Person] = [], published: Date? = nil, updated: Date? = nil, summary: TextConstruct? = nil,
                content: TextConstruct? = nil, enclosures: [Enclosure] = [], categories: [Category] = [],
                commentsURL: String? = nil, episode: EpisodeDetails? = nil, firstSeenAt: Date,
                state: ArticleState = ArticleState()) {
        self.episode = episode
        self.id = id
        self.feedID = feedID
        self.identity = identity
        self.title = title
        self.url = url
        self.authors = authors
        self.published = published
        self.updated = updated
        self.summary = summary
        self.content = content
        self.enclosures = enclosures
        self.categories = categories
        self.commentsURL = commentsURL
        self.firstSeenAt = firstSeenAt
        self.state = state
    }

    /// The date lists sort by: published, else updated, else first seen.
    public var sortDate: Date { published ?? updated ?? firstSeenAt }
}

/// The user's state of an article; never overwritten by a refresh.
public struct ArticleState: Sendable, Hashable, Codable {
    /// Read or unread.
    public var isRead: Bool
    /// Starred (kept forever).
    public var isStarred: Bool
    /// The user's own tags.
    public var tags: [String]
    /// Hidden by a rule: left out of every list but the hidden one (``ArticleScope/hidden``).
    public var isHidden: Bool

    /// Creates a state.
    public init(isRead: Bool = false, isStarred: Bool = false, tags: [String] = [], isHidden: Bool = false) {
        self.isRead = isRead
        self.isStarred = isStarred
        self.tags = tags
        self.isHidden = isHidden
    }

    private enum CodingKeys: String, CodingKey { case isRead, isStarred, tags, isHidden }

    /// Decodes a state; one written before rules existed has no `isHidden` and is shown.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isRead = try container.decode(Bool.self, forKey: .isRead)
        isStarred = try container.decode(Bool.self, forKey: .isStarred)
        tags = try container.decode([String].self, forKey: .tags)
        isHidden = try container.decodeIfPresent(Bool.self, forKey: .isHidden) ?? false
    }
}

/// One row of an article list: what a list shows, without the body.
public struct ArticleSummary: Sendable, Hashable, Identifiable {
    /// The article's identifier.
    public var id: ArticleID
    /// Its feed.
    public var feedID: FeedID
    /// The feed's display title.
    public var feedTitle: String
    /// The title as plain text.
    public var title: String
    /// The permalink.
    public var url: String?
    /// The first author's display name.
    public var author: String?
    /// The sort date (published, else updated, else first seen).
    public var date: Date
    /// Read or unread.
    public var isRead: Bool
    /// Starred.
    public var isStarred: Bool

    /// Creates a list row.
    public init(id: ArticleID, feedID: FeedID, feedTitle: String, title: String, url: String? = nil,
                author: String? = nil, date: Date, isRead: Bool, isStarred: Bool) {
        self.id = id
        self.feedID = feedID
        self.feedTitle = feedTitle
        self.title = title
        self.url = url
        self.author = author
        self.date = date
        self.isRead = isRead
        self.isStarred = isStarred
    }

    /// The keyset cursor that continues a list after this row.
    public var cursor: PageCursor { PageCursor(date: date, id: id) }
}
