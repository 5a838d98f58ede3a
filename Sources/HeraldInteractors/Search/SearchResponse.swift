import HeraldDomain

/// Everything the search screen shows, as plain data.
public struct SearchResponse: Sendable, Hashable {
    /// The query that produced the hits.
    public var query: String
    /// The hits loaded so far, best first.
    public var hits: [SearchHit]
    /// Whether another page can be loaded.
    public var hasMore: Bool
    /// Recent queries, most recent first.
    public var history: [String]

    /// Creates a response.
    public init(query: String, hits: [SearchHit], hasMore: Bool, history: [String]) {
        self.query = query
        self.hits = hits
        self.hasMore = hasMore
        self.history = history
    }
}

/// Why a search produced no results.
public enum SearchProblem: Sendable, Hashable {
    /// Nothing was typed yet; the history is offered.
    case noQuery(history: [String])
    /// The store refused the query; its message says why.
    case invalidQuery(query: String, message: String)
    /// The store failed; retrying may help.
    case failed(query: String, message: String)
}

/// The search screen's outputs, implemented by its presenter.
public protocol SearchPresentationLogic: Sendable {
    /// A query is running.
    func presentLoading() async
    /// Results arrived (possibly none).
    func presentResults(_ response: SearchResponse) async
    /// No results could be produced.
    func presentProblem(_ problem: SearchProblem) async
    /// Something to tell the user in passing.
    func presentNotice(_ notice: Notice) async
    /// An action (a next page, a save) failed; the results stay.
    func presentActionFailure(_ failure: ActionFailure) async
}
