#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldInteractors

/// Turns the feeds module's responses into ``FeedsViewModel``s and Container reports.
public final class FeedsPresenter: FeedsPresentationLogic {
    private weak let display: (any FeedsDisplayLogic)?
    private let activity: any ActivityReporting
    private let clock: any WallClock

    /// Creates the presenter.
    /// - Parameters:
    ///   - display: The screen (held weakly: the screen owns the interactor that owns this).
    ///   - activity: The Container.
    ///   - clock: `now` for "retrying in 2 h".
    public init(display: any FeedsDisplayLogic, activity: any ActivityReporting, clock: any WallClock) {
        self.display = display
        self.activity = activity
        self.clock = clock
    }

    /// Shows the Container's loading indicator and the loading state.
    public func presentLoading() async {
        await activity.showLoading()
        await display?.display(.loading)
    }

    /// Shows the subscriptions.
    public func presentFeeds(_ response: FeedsResponse) async {
        await activity.hideLoading()
        await display?.display(Self.viewModel(for: response, now: clock.now()))
    }

    /// Shows the failure with a retry of the load.
    public func presentLoadFailure(_ message: String) async {
        await activity.hideLoading()
        await display?.display(.failed(DisplayText.line(message), retry: .viewAppeared))
    }

    /// Reports refresh progress through the Container.
    public func presentRefreshProgress(_ progress: RefreshProgress) async {
        await activity.showProgress(done: progress.done, total: progress.total, label: Self.label(for: progress))
    }

    /// Ends the progress and shows "12 new articles" (or what happened instead).
    public func presentRefreshFinished(_ summary: RefreshSummary) async {
        await activity.hideLoading()
        await activity.showNotice(Self.notice(for: summary))
    }

    /// Shows a notice through the Container.
    public func presentNotice(_ notice: Notice) async {
        await activity.show(notice)
    }

    /// Queues the failure in the Container with its retry.
    public func presentActionFailure(_ failure: ActionFailure) async {
        await activity.show(failure)
    }

    /// "Fetching Swift Blog", or "Refreshing 12 feeds" before the first fetch.
    public static func label(for progress: RefreshProgress) -> String {
        if let current = progress.current { return "Fetching \(DisplayText.line(current.title))" }
        return "Refreshing " + CountText.count(progress.total, "feed")
    }

    /// "12 new articles", "No new articles; 2 feeds failed", "Refresh cancelled: 3 new articles".
    public static func notice(for summary: RefreshSummary) -> String {
        var text = summary.newArticles == 0 ? "No new articles" : CountText.count(summary.newArticles, "new article")
        if summary.fullTexts > 0 { text += "; " + CountText.count(summary.fullTexts, "full text") + " kept" }
        if summary.hiddenByRules > 0 { text += "; " + String(summary.hiddenByRules) + " hidden by rules" }
        if summary.failed > 0 { text += "; " + CountText.count(summary.failed, "feed") + " failed" }
        if summary.skipped > 0 {
            text += "; " + CountText.count(summary.skipped, "feed") + " skipped (just fetched by another refresh; `herald log`)"
        }
        return summary.cancelled ? "Refresh cancelled: " + text.lowercasedFirst : text
    }
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
