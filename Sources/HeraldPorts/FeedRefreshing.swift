#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Refreshes feeds: fetch, parse, store, schedule, with progress as a stream of events.
/// Implemented by the refresh use case; front ends and other modules depend on this.
public protocol FeedRefreshing: Sendable {
    /// Starts a refresh. The stream ends with ``RefreshEvent/finished(_:)``; cancelling the
    /// consuming task cancels the refresh, keeping every feed already stored.
    func refresh(_ selection: RefreshSelection) -> AsyncStream<RefreshEvent>
    /// Stops every refresh in progress (a front end's Ctrl-C): no new fetch starts, in-flight
    /// fetches end without writing, every feed already stored is kept, and each stream still ends
    /// with ``RefreshEvent/finished(_:)`` whose summary says `cancelled`.
    func cancelRefreshes() async
}
