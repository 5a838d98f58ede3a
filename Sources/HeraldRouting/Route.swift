import HeraldDomain

/// A screen, as data: where the reader is or goes. The composition root builds the module
/// for a route; the data a module needs travels in the route itself.
public enum Route: Sendable, Hashable {
    /// The subscriptions, grouped by tag, with saved searches.
    case feeds
    /// The articles a filter covers (a feed, a tag, everything, unread, starred, a saved search).
    case articleList(ArticleFilter)
    /// One article; next/previous move within the filter of the list it was opened from.
    case articleDetail(ArticleID, within: ArticleFilter)
    /// Full-text search, starting with a query ("" for an empty search screen), among the
    /// articles of a feed, tag or saved search when `within` names one (`/` in its list, as in
    /// newsboat), else among all.
    case search(String, within: ArticleFilter = ArticleFilter())
    /// The key and command reference.
    case help
}

/// How a route is shown.
public enum Presentation: Sendable, Hashable {
    /// On top of the current screen; back returns to it.
    case push
    /// Instead of the current screen (next/previous article, a new search).
    case replace
    /// Over everything until dismissed (help).
    case modal
}
