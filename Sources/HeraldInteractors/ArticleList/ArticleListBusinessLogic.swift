import HeraldDomain

/// The intents an article list accepts, named for what happened.
public protocol ArticleListBusinessLogic: Sendable {
    /// Loads the first page.
    func viewAppeared() async
    /// Appends the next page, if there is one.
    func nextPageRequested() async
    /// Selects an article and marks it read.
    func articleOpened(_ id: ArticleID) async
    /// Toggles an article's read state.
    func readToggled(_ id: ArticleID) async
    /// Toggles an article's star.
    func starToggled(_ id: ArticleID) async
    /// Sets the read state of articles named by identifier.
    func readSet(_ isRead: Bool, for ids: [ArticleID]) async
    /// Stars or unstars articles named by identifier.
    func starSet(_ isStarred: Bool, for ids: [ArticleID]) async
    /// Hides articles named by identifier, or shows them again.
    func hiddenSet(_ isHidden: Bool, for ids: [ArticleID]) async
    /// Marks every article the list covers read, then reloads.
    func markAllReadConfirmed() async
    /// Selects the next unread article: older ones of the list, then the next feed's; with
    /// `feeds`, only those are crossed to (the feeds screen lists one tag's).
    func nextUnreadRequested(among feeds: Set<FeedID>?) async
    /// Selects the previous unread article: newer ones of the list, then the preceding feed's
    /// (of `feeds` when given).
    func previousUnreadRequested(among feeds: Set<FeedID>?) async
    /// Moves the selection without opening the article.
    func selectionMoved(to id: ArticleID) async
    /// Selects an article the list may not have loaded yet, paging on (at most 50 pages) until it does.
    func selectionRevealed(_ id: ArticleID) async
    /// Reloads in place after the store changed, keeping the selection.
    func storeChanged(_ changes: StoreChanges) async
}

extension ArticleListBusinessLogic {
    /// Selects the next unread article, crossing to any feed.
    public func nextUnreadRequested() async { await nextUnreadRequested(among: nil) }

    /// Selects the previous unread article, crossing to any feed.
    public func previousUnreadRequested() async { await previousUnreadRequested(among: nil) }

    /// Performs an intent given as data.
    public func perform(_ intent: ArticleListIntent) async {
        switch intent {
        case .viewAppeared: await viewAppeared()
        case .nextPageRequested: await nextPageRequested()
        case .articleOpened(let id): await articleOpened(id)
        case .readToggled(let id): await readToggled(id)
        case .starToggled(let id): await starToggled(id)
        case let .readSet(isRead, ids): await readSet(isRead, for: ids)
        case let .starSet(isStarred, ids): await starSet(isStarred, for: ids)
        case let .hiddenSet(isHidden, ids): await hiddenSet(isHidden, for: ids)
        case .markAllReadConfirmed: await markAllReadConfirmed()
        case .nextUnreadRequested: await nextUnreadRequested()
        case .previousUnreadRequested: await previousUnreadRequested()
        case .selectionMoved(let id): await selectionMoved(to: id)
        case .selectionRevealed(let id): await selectionRevealed(id)
        case .storeChanged(let changes): await storeChanged(changes)
        }
    }
}

/// What an article list keeps that routing reads.
public protocol ArticleListDataStore: Sendable {
    /// The filter the list shows; the detail route's `within:`.
    var filter: ArticleFilter { get async }
    /// The rows loaded so far, newest first.
    var rows: [ArticleSummary] { get async }
    /// Where the next page starts; `nil` when everything is loaded.
    var cursor: PageCursor? { get async }
    /// The article opened or found by "next unread"; the detail route's article.
    var selectedArticle: ArticleID? { get async }
}
