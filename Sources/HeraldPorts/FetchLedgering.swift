#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// The refreshes running on one store and the feeds each of them requested last: the politeness
/// guard's memory across processes (SQLite and PostgreSQL keep it in tables). It does not depend on
/// a shared refresh queue (``FeedQueueing``) being right: whatever hands a refresh its feeds, a feed
/// that another live refresh requested within the window is refused here, atomically.
public protocol FetchLedgering: Sendable {
    /// Records that `run`, held by `holder`, started at `now` (and is alive).
    func beginRefreshRun(_ run: String, holder: String, now: Date) async throws(StoreError)
    /// Says `run` is still alive at `now`; a run not heard of for ``FetchLedger/liveness`` is taken
    /// as dead (its process was killed).
    func keepRefreshRunAlive(_ run: String, now: Date) async throws(StoreError)
    /// Records that `run` ended: feeds it requested no longer hold other refreshes back.
    func endRefreshRun(_ run: String, now: Date) async throws(StoreError)
    /// The runs not ended and heard of since `liveSince`: (run, holder) pairs.
    func liveRefreshRuns(liveSince: Date) async throws(StoreError) -> [(run: String, holder: String)]
    /// Asks to request `feed` for `run`; refused by the rule of ``FetchLedger/refuses``, otherwise
    /// recorded as `run`'s request at `now`. `liveSince`: a run not heard of since is dead.
    func requestFetch(of feed: FeedID, run: String, now: Date, window: TimeInterval,
                      liveSince: Date) async throws(StoreError) -> FetchLedgerAnswer
}
