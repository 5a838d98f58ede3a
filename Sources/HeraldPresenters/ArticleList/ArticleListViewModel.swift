import HeraldDomain
import HeraldInteractors

/// An article list: one state at a time.
public typealias ArticleListViewModel = ScreenState<ArticleListContent, ArticleListIntent>

/// A loaded article list.
public struct ArticleListContent: Sendable, Hashable {
    /// "Swift Blog", "#news", "All articles", "Unread", "Starred", the saved search's name.
    public var title: String
    /// "12 unread" in the whole list (not only the loaded rows), or "" when none or unknown.
    public var subtitle: String
    /// The rows, newest first.
    public var rows: [ArticleRowViewModel]
    /// Whether scrolling further loads another page.
    public var hasMore: Bool
    /// The selected row, if any.
    public var selected: ArticleID?
    /// Whether the next page is on its way (a front end shows "Loading more…").
    public var isLoadingMore: Bool

    /// Creates the content.
    public init(title: String, subtitle: String, rows: [ArticleRowViewModel], hasMore: Bool, selected: ArticleID?,
                isLoadingMore: Bool = false) {
        self.title = title
        self.subtitle = subtitle
        self.rows = rows
        self.hasMore = hasMore
        self.selected = selected
        self.isLoadingMore = isLoadingMore
    }

    /// The index of the selected row (the first row when nothing is selected).
    public var selectedIndex: Int {
        selected.flatMap { id in rows.firstIndex { $0.id == id } } ?? 0
    }
}

/// One article line.
public struct ArticleRowViewModel: Sendable, Hashable, Identifiable {
    /// The article.
    public var id: ArticleID
    /// The title, safe for a terminal ("(untitled)" when empty).
    public var title: String
    /// The feed's title, safe for a terminal.
    public var feedTitle: String
    /// The first author, if any.
    public var author: String?
    /// "3 h ago", "yesterday", "12 Mar 2026".
    public var date: String
    /// Read.
    public var isRead: Bool
    /// Starred.
    public var isStarred: Bool

    /// Creates a row.
    public init(id: ArticleID, title: String, feedTitle: String, author: String?, date: String, isRead: Bool,
                isStarred: Bool) {
        self.id = id
        self.title = title
        self.feedTitle = feedTitle
        self.author = author
        self.date = date
        self.isRead = isRead
        self.isStarred = isStarred
    }
}

/// What a front end implements to show an article list.
public protocol ArticleListDisplayLogic: AnyObject, Sendable {
    /// Renders the list's new state.
    func display(_ viewModel: ArticleListViewModel) async
    /// "Next unread" found an article: route to its detail within `filter`.
    func displayNextUnread(_ id: ArticleID, within filter: ArticleFilter) async
}
