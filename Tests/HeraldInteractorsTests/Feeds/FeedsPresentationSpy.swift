import Foundation
import HeraldDomain
import HeraldInteractors

/// Records what the feeds interactor presents, in order.
actor FeedsPresentationSpy: FeedsPresentationLogic {
    enum Event: Equatable {
        case loading
        case feeds(FeedsResponse)
        case loadFailure(String)
        case progress(RefreshProgress)
        case finished(RefreshSummary)
        case notice(Notice)
        case actionFailure(String)
    }

    private(set) var events: [Event] = []
    private(set) var retries: [@Sendable () async -> Void] = []

    func presentLoading() { events.append(.loading) }
    func presentFeeds(_ response: FeedsResponse) { events.append(.feeds(response)) }
    func presentLoadFailure(_ message: String) { events.append(.loadFailure(message)) }
    func presentRefreshProgress(_ progress: RefreshProgress) { events.append(.progress(progress)) }
    func presentRefreshFinished(_ summary: RefreshSummary) { events.append(.finished(summary)) }
    func presentNotice(_ notice: Notice) { events.append(.notice(notice)) }
    func presentActionFailure(_ failure: ActionFailure) {
        events.append(.actionFailure(failure.message))
        if let retry = failure.retry { retries.append(retry) }
    }

    /// The last feeds response presented.
    var lastFeeds: FeedsResponse? {
        for event in events.reversed() { if case .feeds(let response) = event { return response } }
        return nil
    }

    func reset() { events = [] }
}
