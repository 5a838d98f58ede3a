import HeraldDomain
import HeraldInteractors

/// The search screen: one state at a time.
public typealias SearchViewModel = ScreenState<SearchContent, SearchIntent>

/// Search results (or, before a query, the recent queries).
public struct SearchContent: Sendable, Hashable {
    /// The query, safe for a terminal ("" before the first query).
    public var query: String
    /// "20 results", "20 results so far" when more pages exist, or "Recent searches".
    public var summary: String
    /// The hits, best first.
    public var hits: [SearchHitViewModel]
    /// Whether another page can be loaded.
    public var hasMore: Bool
    /// Recent queries, most recent first, safe for a terminal.
    public var history: [String]

    /// Creates the content.
    public init(query: String, summary: String, hits: [SearchHitViewModel], hasMore: Bool, history: [String]) {
        self.query = query
        self.summary = summary
        self.hits = hits
        self.hasMore = hasMore
        self.history = history
    }
}

/// One result line with its highlighted title and snippet.
public struct SearchHitViewModel: Sendable, Hashable, Identifiable {
    /// The article.
    public var id: ArticleID
    /// The title, its matches marked.
    public var title: HighlightedText
    /// The extract around the matches, its matches marked.
    public var snippet: HighlightedText
    /// The feed's title.
    public var feedTitle: String
    /// "3 h ago", "12 Mar 2026".
    public var date: String
    /// Read.
    public var isRead: Bool

    /// Creates a result line.
    public init(id: ArticleID, title: HighlightedText, snippet: HighlightedText, feedTitle: String, date: String,
                isRead: Bool) {
        self.id = id
        self.title = title
        self.snippet = snippet
        self.feedTitle = feedTitle
        self.date = date
        self.isRead = isRead
    }
}

/// What a front end implements to show the search screen.
public protocol SearchDisplayLogic: AnyObject, Sendable {
    /// Renders the screen's new state.
    func display(_ viewModel: SearchViewModel) async
}
