#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// A refresh queue several refresh processes share (PostgreSQL): each feed is held by one of them
/// at a time, a claim expires when its holder stops extending it (a killed worker's feeds return
/// to the queue), and the per-host limit holds across every holder.
public protocol FeedQueueing: Sendable {
    /// Claims feeds for a refresh; an empty answer means none is claimable now.
    func claimFeeds(_ request: FeedClaimRequest) async throws(StoreError) -> [Feed]
    /// Extends every claim `holder` has to `until`.
    func extendClaims(holder: String, until: Date) async throws(StoreError)
    /// Ends claims: the feeds are refreshed (the run still remembers them).
    func releaseClaims(on feeds: [FeedID], holder: String) async throws(StoreError)
    /// How many feeds of the selection `run` has not refreshed yet, held by others or not.
    func unfinishedFeeds(_ selection: RefreshSelection, run: String, now: Date,
                         strandedAfter: TimeInterval?) async throws(StoreError) -> Int
}
