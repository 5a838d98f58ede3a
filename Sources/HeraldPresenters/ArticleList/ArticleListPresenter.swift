#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldInteractors

/// Turns an article list's responses into ``ArticleListViewModel``s and Container reports.
public final class ArticleListPresenter: ArticleListPresentationLogic {
    private weak let display: (any ArticleListDisplayLogic)?
    private let activity: any ActivityReporting
    private let clock: any WallClock
    private let dates: DateText

    /// Creates the presenter.
    /// - Parameters:
    ///   - display: The screen (held weakly).
    ///   - activity: The Container.
    ///   - clock: `now` for relative dates.
    ///   - timeZone: Where "yesterday" is.
    public init(display: any ArticleListDisplayLogic, activity: any ActivityReporting, clock: any WallClock,
                timeZone: TimeZone) {
        self.display = display
        self.activity = activity
        self.clock = clock
        self.dates = DateText(timeZone: timeZone)
    }

    /// Shows the Container's loading indicator and the loading state.
    public func presentLoading() async {
        await activity.showLoading()
        await display?.display(.loading)
    }

    /// Shows the rows.
    public func presentArticles(_ response: ArticleListResponse) async {
        await activity.hideLoading()
        await display?.display(Self.viewModel(for: response, now: clock.now(), dates: dates))
    }

    /// Shows the failure with a retry of the load.
    public func presentLoadFailure(_ message: String) async {
        await activity.hideLoading()
        await display?.display(.failed(DisplayText.line(message), retry: .viewAppeared))
    }

    /// Hands the found article to the front end for routing.
    public func presentNextUnread(_ id: ArticleID, within filter: ArticleFilter) async {
        await display?.displayNextUnread(id, within: filter)
    }

    /// Shows a notice through the Container.
    public func presentNotice(_ notice: Notice) async {
        await activity.show(notice)
    }

    /// Queues the failure in the Container with its retry.
    public func presentActionFailure(_ failure: ActionFailure) async {
        await activity.show(failure)
    }

    /// The pure translation of a response at `now`.
    public static func viewModel(for response: ArticleListResponse, now: Date, dates: DateText) -> ArticleListViewModel {
        guard !response.rows.isEmpty else { return .empty(emptyMessage(for: response.filter)) }
        let rows = response.rows.map {
            ArticleRowViewModel(
                id: $0.id, title: titleText($0.title), feedTitle: DisplayText.line($0.feedTitle),
                author: $0.author.map(DisplayText.line).flatMap { $0.isEmpty ? nil : $0 },
                date: dates.relative($0.date, now: now), isRead: $0.isRead, isStarred: $0.isStarred)
        }
        let unread = response.unreadTotal ?? 0
        return .loaded(ArticleListContent(
            title: title(for: response.source, filter: response.filter), subtitle: unread == 0 ? "" : CountText.unread(unread),
            rows: rows, hasMore: response.hasMore, selected: response.selected, isLoadingMore: response.isLoadingMore))
    }

    /// The list's heading.
    public static func title(for source: ArticleListSource, filter: ArticleFilter) -> String {
        let base: String
        switch source {
        case .all: base = filter.starredOnly ? "Starred" : filter.unreadOnly ? "Unread" : "All articles"
        case .feed(let feed): base = DisplayText.line(feed.displayTitle)
        case .tag(let tag): base = "#" + DisplayText.line(tag)
        case .savedSearch(let search): base = DisplayText.line(search.name)
        case .hidden: base = "Hidden by rules"
        }
        if case .all = source { return base }
        return base + (filter.starredOnly ? " (starred)" : filter.unreadOnly ? " (unread)" : "")
    }

    static func emptyMessage(for filter: ArticleFilter) -> String {
        if filter.scope == .hidden { return "No hidden articles. A rule that blocks hides what it catches here." }
        if filter.starredOnly { return "No starred articles. Star an article to keep it here." }
        if filter.unreadOnly { return "No unread articles. You are all caught up." }
        return "No articles yet. Refresh to fetch the latest."
    }

    static func titleText(_ title: String) -> String {
        let line = DisplayText.line(title)
        return line.isEmpty ? "(untitled)" : line
    }
}
