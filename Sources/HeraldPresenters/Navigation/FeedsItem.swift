import HeraldDomain

/// What a row of the feeds screen opens (every front end lists the same rows in the same order:
/// ``FeedsCursor/entries(of:)``).
public enum FeedsItem: Sendable, Hashable {
    /// Every article.
    case all
    /// Unread articles of every feed.
    case unread
    /// Starred articles.
    case starred
    /// A tag's heading (opens the tag's articles); `nil` is "Untagged", which opens nothing.
    case tag(String?)
    /// A feed.
    case feed(FeedID)
    /// A saved search.
    case savedSearch(SavedSearchID)
    /// The articles rules hid.
    case hidden

    /// The row that opens `filter`'s list (a feed's unread-only list is still that feed's row).
    public init(opening filter: ArticleFilter) {
        switch filter.scope {
        case .feed(let id): self = .feed(id)
        case .tag(let tag): self = .tag(tag)
        case .savedSearch(let id): self = .savedSearch(id)
        case .hidden: self = .hidden
        case .all: self = filter.unreadOnly ? .unread : filter.starredOnly ? .starred : .all
        }
    }

    /// The list it opens, if any.
    public var filter: ArticleFilter? {
        switch self {
        case .all: ArticleFilter()
        case .unread: ArticleFilter(unreadOnly: true)
        case .starred: ArticleFilter(starredOnly: true)
        case .tag(let tag?): ArticleFilter(scope: .tag(tag))
        case .tag(nil): nil
        case .feed(let id): ArticleFilter(scope: .feed(id))
        case .savedSearch(let id): ArticleFilter(scope: .savedSearch(id))
        case .hidden: ArticleFilter(scope: .hidden)
        }
    }
}

