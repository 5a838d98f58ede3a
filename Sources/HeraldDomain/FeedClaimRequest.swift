#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a refresh asks a shared refresh queue for: up to `limit` feeds of its selection that no
/// other refresh holds, held by `holder` until `heldUntil`.
public struct FeedClaimRequest: Sendable, Hashable {
    /// Which feeds (``RefreshSelection/dueForEveryone`` is a worker's).
    public var selection: RefreshSelection
    /// One refresh run: a feed this run has claimed before is not claimed by it again, so
    /// `.all` covers each feed once even when refreshing leaves it due.
    public var run: String
    /// Who holds the claims (a process on a machine), to extend and release them.
    public var holder: String
    /// At most this many feeds.
    public var limit: Int
    /// At most this many feeds of one host (``HostKey``) held at once, by every holder together.
    public var perHost: Int
    /// The current date: claims held until an earlier date have expired (their holder died).
    public var now: Date
    /// When the claims expire unless extended.
    public var heldUntil: Date
    /// `.due` also covers feeds due further ahead than this many seconds (scheduled by a clock
    /// that was ahead; see `RefreshPolicy.schedulingHorizon`).
    public var strandedAfter: TimeInterval?
    /// Claims of this holder to end first, in the same transaction (feeds it has refreshed since
    /// its last claim), saving a round of writes per feed.
    public var releasing: [FeedID]

    /// Creates a request.
    public init(selection: RefreshSelection, run: String, holder: String, limit: Int, perHost: Int, now: Date,
                heldUntil: Date, strandedAfter: TimeInterval? = nil, releasing: [FeedID] = []) {
        self.selection = selection
        self.run = run
        self.holder = holder
        self.limit = limit
        self.perHost = perHost
        self.now = now
        self.heldUntil = heldUntil
        self.strandedAfter = strandedAfter
        self.releasing = releasing
    }
}
