import HeraldDomain
import HeraldPorts

/// The search screen's business logic: ranked hits with snippets, offset paging, filters,
/// a capped history of recent queries, and saving the query as a saved search.
public actor SearchInteractor: SearchBusinessLogic, SearchDataStore {
    private let searches: any ArticleSearching
    private let presenter: any SearchPresentationLogic
    private let pageSize: Int
    private let historyLimit: Int
    private var nextOffset: Int?
    /// True while a next page is being read: a second request meanwhile is dropped.
    private var isLoadingPage = false
    /// Counts queries, so that a page read for an earlier query is never appended to a later one.
    private var generation = 0
    /// The query shown.
    public private(set) var query = ""
    /// The restrictions.
    public private(set) var filter: ArticleFilter
    /// The hits loaded so far.
    public private(set) var hits: [SearchHit] = []
    /// Recent queries, most recent first.
    public private(set) var history: [String]
    /// The result opened last.
    public private(set) var selectedArticle: ArticleID?
    /// The saved search created last.
    public private(set) var savedSearch: SavedSearch?

    /// Creates the screen.
    /// - Parameters:
    ///   - filter: The initial restrictions.
    ///   - history: Recent queries to start from (most recent first).
    ///   - pageSize: Hits per page.
    ///   - historyLimit: How many recent queries to keep.
    public init(searches: any ArticleSearching, presenter: any SearchPresentationLogic,
                filter: ArticleFilter = ArticleFilter(), history: [String] = [], pageSize: Int = 20,
                historyLimit: Int = 20) {
        self.searches = searches
        self.presenter = presenter
        self.filter = filter
        self.pageSize = max(pageSize, 1)
        self.historyLimit = max(historyLimit, 0)
        self.history = Array(history.prefix(max(historyLimit, 0)))
    }

    /// Runs `query` from its first page; an empty query shows the history instead.
    public func querySubmitted(_ query: String) async {
        let trimmed = query.trimmedOfWhitespace
        self.query = trimmed
        generation += 1
        hits = []
        nextOffset = nil
        guard !trimmed.isEmpty else {
            await presenter.presentProblem(.noQuery(history: history))
            return
        }
        remember(trimmed)
        await presenter.presentLoading()
        do {
            let page = try await searches.search(SearchRequest(query: trimmed, filter: filter, limit: pageSize))
            hits = page.hits
            nextOffset = page.nextOffset
            await presentResults()
        } catch {
            switch error {
            case .invalidQuery: await presenter.presentProblem(.invalidQuery(query: trimmed, message: error.message))
            default: await presenter.presentProblem(.failed(query: trimmed, message: error.message))
            }
        }
    }

    /// Replaces the restrictions and runs the current query again.
    public func filterChanged(_ filter: ArticleFilter) async {
        self.filter = filter
        await querySubmitted(query)
    }

    /// Appends the next page; does nothing after the last one.
    public func nextPageRequested() async {
        guard let offset = nextOffset, !isLoadingPage else { return }
        isLoadingPage = true
        defer { isLoadingPage = false }
        let started = generation
        do {
            let page = try await searches.search(SearchRequest(query: query, filter: filter, limit: pageSize, offset: offset))
            guard started == generation else { return }
            let known = Set(hits.map(\.article.id))
            hits += page.hits.filter { !known.contains($0.article.id) }
            nextOffset = page.nextOffset
            await presentResults()
        } catch {
            await fail(error.message) { await $0.nextPageRequested() }
        }
    }

    /// Selects a result for the detail route.
    public func resultOpened(_ id: ArticleID) async {
        selectedArticle = id
    }

    /// Saves the current query; a blank name uses the query itself.
    public func querySaved(name: String) async {
        guard !query.isEmpty else {
            await presenter.presentProblem(.noQuery(history: history))
            return
        }
        let trimmedName = name.trimmedOfWhitespace
        do {
            let saved = try await searches.saveSearch(name: trimmedName.isEmpty ? query : trimmedName, query: query, filter: filter)
            savedSearch = saved
            await presenter.presentNotice(.searchSaved(name: saved.name))
        } catch {
            await fail(error.message) { await $0.querySaved(name: name) }
        }
    }

    private func remember(_ query: String) {
        history.removeAll { $0 == query }
        history.insert(query, at: 0)
        if history.count > historyLimit { history.removeLast(history.count - historyLimit) }
    }

    private func presentResults() async {
        await presenter.presentResults(SearchResponse(query: query, hits: hits, hasMore: nextOffset != nil, history: history))
    }

    private func fail(_ message: String, retry: @escaping @Sendable (SearchInteractor) async -> Void) async {
        await presenter.presentActionFailure(ActionFailure(message: message) { await retry(self) })
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    var trimmedOfWhitespace: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }
        return String(String.UnicodeScalarView(scalars.reversed().drop { $0.properties.isWhitespace }.reversed()))
    }
}
