import HeraldDomain

/// The intents the search screen accepts, named for what happened.
public protocol SearchBusinessLogic: Sendable {
    /// Runs a query from its first page and records it in the history.
    func querySubmitted(_ query: String) async
    /// Replaces the restrictions and runs the current query again.
    func filterChanged(_ filter: ArticleFilter) async
    /// Appends the next page of results.
    func nextPageRequested() async
    /// Selects a result, for the detail route.
    func resultOpened(_ id: ArticleID) async
    /// Saves the current query and restrictions as a saved search.
    func querySaved(name: String) async
}

extension SearchBusinessLogic {
    /// Performs an intent given as data.
    public func perform(_ intent: SearchIntent) async {
        switch intent {
        case .querySubmitted(let query): await querySubmitted(query)
        case .filterChanged(let filter): await filterChanged(filter)
        case .nextPageRequested: await nextPageRequested()
        case .resultOpened(let id): await resultOpened(id)
        case .querySaved(let name): await querySaved(name: name)
        }
    }
}

/// What the search screen keeps that routing and the front end read.
public protocol SearchDataStore: Sendable {
    /// The query shown.
    var query: String { get async }
    /// The restrictions.
    var filter: ArticleFilter { get async }
    /// The hits loaded so far, best first.
    var hits: [SearchHit] { get async }
    /// Recent queries, most recent first, without duplicates.
    var history: [String] { get async }
    /// The result opened last, for the detail route.
    var selectedArticle: ArticleID? { get async }
    /// The saved search created last, for an article-list route.
    var savedSearch: SavedSearch? { get async }
}
