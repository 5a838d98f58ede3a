import HeraldDomain
import HeraldPorts

/// An article list's business logic: a feed, a tag, everything, unread, starred or a saved
/// search, newest first, paged on demand with the store's keyset cursor.
public actor ArticleListInteractor: ArticleListBusinessLogic, ArticleListDataStore {
    /// The ports the module uses.
    public struct Dependencies: Sendable {
        /// Feed titles for the heading.
        public var feeds: any FeedStoring
        /// Pages, state changes, next unread.
        public var articles: any ArticleStoring
        /// Saved-search names for the heading.
        public var searches: any ArticleSearching

        /// Bundles the ports.
        public init(feeds: any FeedStoring, articles: any ArticleStoring, searches: any ArticleSearching) {
            self.feeds = feeds
            self.articles = articles
            self.searches = searches
        }
    }

    private let ports: Dependencies
    private let presenter: any ArticleListPresentationLogic
    private let pageSize: Int
    private var source: ArticleListSource = .all
    /// The filter the list shows.
    public let filter: ArticleFilter
    /// The rows loaded so far.
    public private(set) var rows: [ArticleSummary] = []
    /// Where the next page starts.
    public private(set) var cursor: PageCursor?
    /// The selected article.
    public private(set) var selectedArticle: ArticleID?
    private var unreadTotal: Int?
    private var isLoadingPage = false
    private var presentedOnce = false

    /// Where the first page starts: `nil` for the newest article, or a cursor to continue a list
    /// another front end (or an earlier command) stopped at.
    public let startingAfter: PageCursor?

    /// Creates a list.
    /// - Parameters:
    ///   - filter: Which articles (from the route).
    ///   - pageSize: Rows per page.
    ///   - startingAfter: Continue after this row instead of starting at the newest article.
    public init(filter: ArticleFilter, pageSize: Int = 50, startingAfter: PageCursor? = nil,
                dependencies: Dependencies, presenter: any ArticleListPresentationLogic) {
        self.filter = filter
        self.startingAfter = startingAfter
        self.pageSize = max(pageSize, 1)
        self.ports = dependencies
        self.presenter = presenter
    }

    /// Resolves the heading and loads the first page; the first unread row is selected (else the first).
    public func viewAppeared() async {
        await presenter.presentLoading()
        do {
            source = try await resolveSource()
            let page = try await ports.articles.articles(ArticlePageRequest(filter: filter, limit: pageSize, after: startingAfter))
            rows = page.articles
            cursor = page.next
            // The first unread article, as newsboat opens a feed (`goto-first-unread`), else the first.
            selectedArticle = (rows.first { !$0.isRead } ?? rows.first)?.id
            unreadTotal = await countUnread()
            await presentRows()
        } catch {
            await presenter.presentLoadFailure(error.message)
        }
    }

    /// Reloads in place after the store changed (a refresh stored articles, another screen marked
    /// some read): as many rows as are loaded (new ones on top), the selection kept on the same
    /// article, or on the row at the same position when that article left the list.
    public func storeChanged(_ changes: StoreChanges) async {
        guard presentedOnce, !isLoadingPage else { return }
        do {
            let limit = max(rows.count, pageSize)
            let page = try await ports.articles.articles(ArticlePageRequest(filter: filter, limit: limit, after: startingAfter))
            let oldIndex = selectedArticle.flatMap { id in rows.firstIndex { $0.id == id } } ?? 0
            rows = page.articles
            cursor = page.next
            if let selected = selectedArticle, rows.contains(where: { $0.id == selected }) {
                // Kept.
            } else {
                selectedArticle = rows.isEmpty ? nil : rows[min(oldIndex, rows.count - 1)].id
            }
            unreadTotal = await countUnread()
            await presentRows()
        } catch {
            await fail(error.message) { await $0.storeChanged(changes) }
        }
    }

    /// Appends the next page; does nothing when everything is loaded or a page is already on its
    /// way (two requests in flight would append the same page twice).
    public func nextPageRequested() async {
        guard let after = cursor, !isLoadingPage else { return }
        isLoadingPage = true
        await presentRows()
        do {
            let page = try await ports.articles.articles(ArticlePageRequest(filter: filter, limit: pageSize, after: after))
            let known = Set(rows.map(\.id))
            rows += page.articles.filter { !known.contains($0.id) }
            cursor = page.next
            isLoadingPage = false
            await presentRows()
        } catch {
            isLoadingPage = false
            await presentRows()
            await fail(error.message) { await $0.nextPageRequested() }
        }
    }

    /// Selects an article the list may not have loaded yet, paging on (at most 50 pages) until it does.
    public func selectionRevealed(_ id: ArticleID) async {
        var pages = 0
        while pages < 50, !rows.contains(where: { $0.id == id }), cursor != nil {
            await nextPageRequested()
            pages += 1
        }
        await selectionMoved(to: id)
    }

    /// Moves the selection to a row without opening it.
    public func selectionMoved(to id: ArticleID) async {
        guard rows.contains(where: { $0.id == id }), selectedArticle != id else { return }
        selectedArticle = id
        await presentRows()
    }

    /// Selects the article and marks it read.
    public func articleOpened(_ id: ArticleID) async {
        selectedArticle = id
        if rows.first(where: { $0.id == id })?.isRead == false {
            await setRead(true, for: id)
        } else {
            await presentRows()
        }
    }

    /// Toggles the read state of a row.
    public func readToggled(_ id: ArticleID) async {
        guard let row = rows.first(where: { $0.id == id }) else { return }
        await setRead(!row.isRead, for: id)
    }

    /// Toggles the star of a row.
    public func starToggled(_ id: ArticleID) async {
        guard let row = rows.first(where: { $0.id == id }) else { return }
        do {
            try await ports.articles.setStarred(!row.isStarred, for: [id])
            update(id) { $0.isStarred.toggle() }
            await presentRows()
        } catch {
            await fail(error.message) { await $0.starToggled(id) }
        }
    }

    /// Sets the read state of articles named by the user (by identifier, loaded or not) and says so.
    public func readSet(_ isRead: Bool, for ids: [ArticleID]) async {
        do {
            try await ports.articles.setRead(isRead, for: ids)
            for id in ids { update(id) { $0.isRead = isRead } }
            await presenter.presentNotice(.articlesChanged(count: ids.count, change: isRead ? .read : .unread))
            if presentedOnce { await presentRows() }
        } catch {
            await fail(error.message) { await $0.readSet(isRead, for: ids) }
        }
    }

    /// Stars or unstars articles named by the user and says so.
    public func starSet(_ isStarred: Bool, for ids: [ArticleID]) async {
        do {
            try await ports.articles.setStarred(isStarred, for: ids)
            for id in ids { update(id) { $0.isStarred = isStarred } }
            await presenter.presentNotice(.articlesChanged(count: ids.count, change: isStarred ? .starred : .unstarred))
            if presentedOnce { await presentRows() }
        } catch {
            await fail(error.message) { await $0.starSet(isStarred, for: ids) }
        }
    }

    /// Hides articles named by the user, or shows hidden ones again, and says so; the rows that
    /// leave this list go.
    public func hiddenSet(_ isHidden: Bool, for ids: [ArticleID]) async {
        do {
            try await ports.articles.setHidden(isHidden, for: ids)
            let leaving = Set(ids)
            if isHidden != (filter.scope == .hidden) { rows.removeAll { leaving.contains($0.id) } }
            await presenter.presentNotice(.articlesChanged(count: ids.count, change: isHidden ? .hidden : .shown))
            if presentedOnce { await presentRows() }
        } catch {
            await fail(error.message) { await $0.hiddenSet(isHidden, for: ids) }
        }
    }

    /// Marks everything the filter covers read and reloads from the first page.
    public func markAllReadConfirmed() async {
        do {
            let count = try await ports.articles.markAllRead(in: filter)
            await presenter.presentNotice(.markedRead(count: count))
            let page = try await ports.articles.articles(ArticlePageRequest(filter: filter, limit: max(rows.count, pageSize),
                                                                           after: startingAfter))
            rows = page.articles
            cursor = page.next
            if let selected = selectedArticle, !rows.contains(where: { $0.id == selected }) { selectedArticle = rows.first?.id }
            unreadTotal = await countUnread()
            await presentRows()
        } catch {
            await fail(error.message) { await $0.markAllReadConfirmed() }
        }
    }

    /// Finds the next unread article after the selection: older ones of this list first, then
    /// the next feed with unread articles (see ``UnreadNavigator``), and selects it.
    public func nextUnreadRequested(among feeds: Set<FeedID>?) async {
        await unread(.next, among: feeds)
    }

    /// Finds the previous (newer) unread article, then the preceding feeds'.
    public func previousUnreadRequested(among feeds: Set<FeedID>?) async {
        await unread(.previous, among: feeds)
    }

    private func unread(_ direction: UnreadDirection, among feeds: Set<FeedID>?) async {
        let navigator = UnreadNavigator(feeds: ports.feeds, articles: ports.articles)
        do {
            guard let found = try await navigator.find(direction, from: selectedArticle, in: filter, among: feeds) else {
                await presenter.presentNotice(.noUnreadLeft)
                return
            }
            if found.filter == filter { selectedArticle = found.id }
            await presenter.presentNextUnread(found.id, within: found.filter)
        } catch {
            await fail(error.message) { await $0.unread(direction, among: feeds) }
        }
    }

    private func countUnread() async -> Int? {
        guard !filter.starredOnly, filter.since == nil, filter.until == nil else { return nil }
        do {
            switch filter.scope {
            case .all: return try await ports.articles.unreadCountsByFeed().values.reduce(0, +)
            case .feed(let id): return try await ports.articles.unreadCountsByFeed()[id] ?? 0
            case .tag(let tag): return try await ports.articles.unreadCountsByTag()[tag] ?? 0
            case .savedSearch(let id): return try await ports.searches.unreadCountsBySavedSearch()[id] ?? 0
            case .hidden: return nil
            }
        } catch {
            return nil
        }
    }

    private func setRead(_ isRead: Bool, for id: ArticleID) async {
        do {
            try await ports.articles.setRead(isRead, for: [id])
            update(id) { $0.isRead = isRead }
            if let total = unreadTotal { unreadTotal = max(0, total + (isRead ? -1 : 1)) }
            await presentRows()
        } catch {
            await fail(error.message) { await $0.setRead(isRead, for: id) }
        }
    }

    private func update(_ id: ArticleID, _ change: (inout ArticleSummary) -> Void) {
        guard let index = rows.firstIndex(where: { $0.id == id }) else { return }
        change(&rows[index])
    }

    private func resolveSource() async throws(StoreError) -> ArticleListSource {
        try await ArticleListSource.resolving(filter, feeds: ports.feeds, searches: ports.searches)
    }

    private func presentRows() async {
        presentedOnce = true
        await presenter.presentArticles(ArticleListResponse(
            source: source, filter: filter, rows: rows, hasMore: cursor != nil, selected: selectedArticle,
            unreadTotal: unreadTotal, isLoadingMore: isLoadingPage))
    }

    private func fail(_ message: String, retry: @escaping @Sendable (ArticleListInteractor) async -> Void) async {
        await presenter.presentActionFailure(ActionFailure(message: message) { await retry(self) })
    }
}
