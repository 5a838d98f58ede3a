import HeraldDomain
import HeraldPorts

/// What a refresh worker's pass tells its presenter.
public protocol WorkerPresentationLogic: Sendable {
    /// The pass moved on.
    func presentProgress(_ progress: RefreshProgress) async
    /// A feed failed in this pass.
    func presentFailure(of feed: FeedReference, _ failure: FeedFailure) async
    /// The pass ended.
    func presentPassFinished(_ summary: RefreshSummary) async
}

/// The refresh worker's use case (`herald worker`): one pass over the due feeds of everyone who
/// shares the database (claimed from the shared queue on PostgreSQL), reported through the
/// presenter to the Container like any refresh: progress, each failure, the pass's totals.
public final class WorkerInteractor: Sendable {
    private let refresher: any FeedRefreshing
    private let presenter: any WorkerPresentationLogic

    /// Creates the use case.
    public init(refresher: any FeedRefreshing, presenter: any WorkerPresentationLogic) {
        self.refresher = refresher
        self.presenter = presenter
    }

    /// Runs one pass.
    /// - Returns: The pass's totals (`nil` when it was stopped before it began).
    @discardableResult
    public func passRequested() async -> RefreshSummary? {
        var progress = RefreshProgress(done: 0, total: 0, current: nil)
        for await event in refresher.refresh(.dueForEveryone) {
            switch event {
            case .started(let total):
                progress.total = total
            case .fetching(let feed):
                progress.current = feed
            case let .failed(feed, failure):
                progress.done += 1
                await presenter.presentFailure(of: feed, failure)
            case .notModified, .stored, .skipped:
                progress.done += 1
            case .moved, .fullTexts:
                continue
            case .finished(let summary):
                await presenter.presentPassFinished(summary)
                return summary
            }
            if progress.total > 0 { await presenter.presentProgress(progress) }
        }
        return nil
    }

    /// Stops the pass in progress after the feeds in flight.
    public func stopRequested() async {
        await refresher.cancelRefreshes()
    }
}
