#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldInteractors

/// Turns a refresh worker's pass into Container reports: progress, each failing feed as an error
/// (no retry: the next pass retries it when it is due again), and the pass's totals as a notice
/// when the pass refreshed something (a worker that found nothing due says nothing).
public final class WorkerPresenter: WorkerPresentationLogic {
    private let activity: any ActivityReporting

    /// Creates the presenter.
    public init(activity: any ActivityReporting) {
        self.activity = activity
    }

    /// Reports the pass's progress.
    public func presentProgress(_ progress: RefreshProgress) async {
        await activity.showProgress(done: progress.done, total: progress.total, label: FeedsPresenter.label(for: progress))
    }

    /// Queues "Harbour Gazette: The server answered with an error (500); retrying later."
    public func presentFailure(of feed: FeedReference, _ failure: FeedFailure) async {
        await activity.showError(DisplayText.line(feed.title) + ": " + DisplayText.line(failure.message), retry: nil)
    }

    /// Ends the progress; "12 feeds: 3 stored (40 new articles), 8 unchanged, 1 failed, 0 skipped".
    public func presentPassFinished(_ summary: RefreshSummary) async {
        await activity.hideLoading()
        guard summary.total > 0 else { return }
        await activity.showNotice(Self.notice(for: summary))
    }

    /// The line a pass that refreshed something prints.
    public static func notice(for summary: RefreshSummary) -> String {
        let stored = "\(CountText.grouped(summary.stored)) stored (" + CountText.count(summary.newArticles, "new article") + ")"
        let ending = summary.cancelled ? "; stopped" : ""
        return CountText.count(summary.total, "feed") + ": \(stored), \(CountText.grouped(summary.notModified)) unchanged, "
            + "\(CountText.grouped(summary.failed)) failed, \(CountText.grouped(summary.skipped)) skipped" + ending
    }
}
