import HeraldDomain
import HeraldPorts

/// What an article list covers, resolved to names the presenter can show.
public enum ArticleListSource: Sendable, Hashable {
    /// Every feed.
    case all
    /// One feed.
    case feed(Feed)
    /// Every feed with a tag.
    case tag(String)
    /// A saved search.
    case savedSearch(SavedSearch)
    /// The articles rules hid.
    case hidden
}

extension ArticleListSource {
    /// What `filter`'s list shows articles of, read from the store (a feed or saved search that is
    /// gone throws ``StoreError/feedNotFound(_:)`` or ``StoreError/savedSearchNotFound(_:)``).
    static func resolving(_ filter: ArticleFilter, feeds: any FeedStoring,
                          searches: (any ArticleSearching)?) async throws(StoreError) -> ArticleListSource {
        switch filter.scope {
        case .all: return .all
        case .hidden: return .hidden
        case .tag(let tag): return .tag(tag)
        case .feed(let id): return .feed(try await feeds.feed(id))
        case .savedSearch(let id):
            guard let saved = try await searches?.savedSearches().first(where: { $0.id == id }) else {
                throw .savedSearchNotFound(id)
            }
            return .savedSearch(saved)
        }
    }
}

/// Everything an article list shows, as plain data.
public struct ArticleListResponse: Sendable, Hashable {
    /// What the list covers.
    public var source: ArticleListSource
    /// The filter (for "unread" and "starred" wording).
    public var filter: ArticleFilter
    /// The rows loaded so far, newest first.
    public var rows: [ArticleSummary]
    /// Whether another page can be loaded.
    public var hasMore: Bool
    /// The selected article, if any.
    public var selected: ArticleID?
    /// Unread articles in the whole scope (not only the loaded rows); `nil` when the store cannot
    /// count it cheaply (starred-only or dated filters).
    public var unreadTotal: Int?
    /// Whether the next page is on its way.
    public var isLoadingMore: Bool

    /// Creates a response.
    public init(source: ArticleListSource, filter: ArticleFilter, rows: [ArticleSummary], hasMore: Bool,
                selected: ArticleID?, unreadTotal: Int? = nil, isLoadingMore: Bool = false) {
        self.source = source
        self.filter = filter
        self.rows = rows
        self.hasMore = hasMore
        self.selected = selected
        self.unreadTotal = unreadTotal
        self.isLoadingMore = isLoadingMore
    }
}

/// An article list's outputs, implemented by its presenter.
public protocol ArticleListPresentationLogic: Sendable {
    /// The list is loading its first page.
    func presentLoading() async
    /// The rows changed (a page, a toggle, a selection).
    func presentArticles(_ response: ArticleListResponse) async
    /// Loading the first page failed.
    func presentLoadFailure(_ message: String) async
    /// "Next unread" found an article (the front end routes to it).
    func presentNextUnread(_ id: ArticleID, within filter: ArticleFilter) async
    /// Something to tell the user in passing.
    func presentNotice(_ notice: Notice) async
    /// An action failed; the list keeps its rows.
    func presentActionFailure(_ failure: ActionFailure) async
}
