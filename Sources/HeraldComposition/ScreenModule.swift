import HeraldDomain
import HeraldInteractors
import HeraldPresenters
import HeraldRouting

/// A front end's screen that can show any module's view model: what ``ModuleFactory/module(for:display:pageSize:history:)``
/// reports to. A terminal or web front end implements it once per screen on its stack.
public typealias ScreenDisplaying = FeedsDisplayLogic & ArticleListDisplayLogic & ArticleDetailDisplayLogic
    & SearchDisplayLogic

/// The module built for a ``Route``: its interactor, which front ends send intents to and whose
/// data store routing reads.
public enum ScreenModule: Sendable {
    /// The feeds screen.
    case feeds(FeedsInteractor)
    /// An article list.
    case articleList(ArticleListInteractor)
    /// One article.
    case articleDetail(ArticleDetailInteractor)
    /// The search screen, with the route's query to run when it appears.
    case search(SearchInteractor, query: String)
    /// The key reference: no module, the front end draws it from its key map.
    case help

    /// Loads the screen (its `viewAppeared`, or the route's query for search).
    public func appear() async {
        switch self {
        case .feeds(let feeds): await feeds.viewAppeared()
        case .articleList(let list): await list.viewAppeared()
        case .articleDetail(let detail): await detail.viewAppeared()
        case let .search(search, query): await search.querySubmitted(query)
        case .help: break
        }
    }

    /// Tells the screen that the store changed under it (a refresh stored articles, counts moved);
    /// lists and feeds reload in place keeping the selection, an article and a search stay as they are.
    public func storeChanged(_ changes: StoreChanges) async {
        switch self {
        case .feeds(let feeds): await feeds.storeChanged(changes)
        case .articleList(let list): await list.storeChanged(changes)
        case .articleDetail, .search, .help: break
        }
    }

    /// Performs a confirmed action: the Router's ``Confirmation`` becomes the intent of the module
    /// that can carry it out (`.confirmRemoveFeed(id)` → the feeds screen's `feedRemovalConfirmed(id)`;
    /// `.confirmMarkAllRead(filter)` → the list's `markAllReadConfirmed()` when it shows that filter,
    /// else the feeds screen's `markAllReadConfirmed(filter)`).
    /// - Returns: False when this module cannot carry the confirmation out (nothing was done).
    @discardableResult
    public func perform(_ confirmation: Confirmation) async -> Bool {
        switch (confirmation, self) {
        case let (.confirmRemoveFeed(id, _), .feeds(feeds)):
            await feeds.feedRemovalConfirmed(id)
            return true
        case let (.confirmMarkAllRead(filter, _), .articleList(list)):
            guard await list.filter == filter else { return false }
            await list.markAllReadConfirmed()
            return true
        case let (.confirmMarkAllRead(filter, _), .feeds(feeds)):
            await feeds.markAllReadConfirmed(filter)
            return true
        default:
            return false
        }
    }
}
