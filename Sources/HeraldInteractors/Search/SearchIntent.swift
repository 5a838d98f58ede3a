import HeraldDomain

/// What the user did on the search screen, as data (key maps, retries).
public enum SearchIntent: Sendable, Hashable {
    /// The user submitted a query (also how a history entry is re-run).
    case querySubmitted(String)
    /// The user changed the restrictions (feed, tag, unread, dates); the query runs again.
    case filterChanged(ArticleFilter)
    /// Load the next page of results.
    case nextPageRequested
    /// The user opened a result.
    case resultOpened(ArticleID)
    /// Save the current query as a saved search with this name.
    case querySaved(name: String)
}
