#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// The politeness guard of one refresh run, asked right before each request. It does not trust
/// what handed the run its feeds (a list, or a shared queue):
/// - a run requests each feed at most once;
/// - a feed that another refresh still running (in any process on the same store) requested within
///   ``RefreshPolicy/guardWindow`` is refused, through the store's ``FetchLedgering``;
/// - every request to a host waits under the process's per-host cap (``HostRateLimiter``);
/// - a host that answered 429 or 503 is asked nothing more by the process until the time it set
///   (its `Retry-After`, else ``RefreshPolicy/minimumInterval``).
/// A refusal is an event (``RefreshEvent/skipped(_:_:)``) and a log line, never a request.
actor PolitenessGuard {
    /// What the guard said.
    enum Verdict: Sendable, Hashable {
        case granted
        case refused(RefreshSkipReason)
        case cancelled
    }

    private let run: String
    private let ledger: (any FetchLedgering)?
    private let rate: HostRateLimiter
    private let clock: any WallClock
    private let window: TimeInterval
    private var requested: Set<FeedID> = []
    /// Set when the ledger failed: the run goes on with the in-process guards only.
    private(set) var ledgerFailure: StoreError?

    init(run: String, ledger: (any FetchLedgering)?, rate: HostRateLimiter, clock: any WallClock,
         window: TimeInterval) {
        self.run = run
        self.ledger = ledger
        self.rate = rate
        self.clock = clock
        self.window = window
    }

    /// Whether `feed` may be requested now; waits for the host's turn under the rate cap.
    func permit(_ feed: Feed) async -> Verdict {
        guard requested.insert(feed.id).inserted else { return .refused(.alreadyRequested) }
        if let ledger {
            let now = clock.now()
            do {
                let answer = try await ledger.requestFetch(
                    of: feed.id, run: run, now: now, window: window,
                    liveSince: now.addingTimeInterval(-FetchLedger.liveness))
                if case .recentlyRequested(let holder, let at) = answer {
                    let seconds = Int(abs(now.timeIntervalSince(at)).rounded())
                    return .refused(.fetchedByAnotherRefresh(holder: holder, secondsAgo: seconds))
                }
            } catch {
                // The ledger is a second line: without it the run keeps its own guards. A call a
                // cancel cut short is no failure of the ledger (the rate cap below ends the request).
                if !Task.isCancelled { ledgerFailure = error }
            }
        }
        let host = HostKey.of(feed.url)
        if host == HostKey.localFile { return .granted }
        let now = clock.now()
        if let pause = await rate.pause(of: host, at: now) {
            let minutes = Int((pause.until.timeIntervalSince(now) / 60).rounded(.up))
            return .refused(.serverAskedToWait(status: pause.status, minutesLeft: max(1, minutes)))
        }
        return await rate.admit(host) ? .granted : .cancelled
    }

    /// Pauses the feed's host after it answered 429 or 503.
    func hostAskedToWait(_ feed: Feed, status: Int, until: Date) async {
        let host = HostKey.of(feed.url)
        guard host != HostKey.localFile else { return }
        await rate.pause(host, until: until, status: status)
    }

    /// Waits for `host`'s turn under the rate cap before an article page is requested.
    /// - Returns: `false` when the task was cancelled while waiting.
    func permitPage(on host: String) async -> Bool {
        await rate.admit(host)
    }
}
