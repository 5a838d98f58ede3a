#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why the politeness guard did not request a feed during a refresh. A skip is a refusal, logged
/// and counted, never a silent loss: the feed is requested again by the next refresh.
public enum RefreshSkipReason: Sendable, Hashable, Codable {
    /// This refresh had already requested the feed (a bug elsewhere handed it over twice).
    case alreadyRequested
    /// Another refresh that is still running requested the feed `secondsAgo` seconds ago, within
    /// the guard's window (`refresh-guard-window`).
    case fetchedByAnotherRefresh(holder: String, secondsAgo: Int)
    /// The site answered the last request with 429 or 503 (asking clients to slow down) and the
    /// time Herald set for the next request is `minutesLeft` minutes away: not asked sooner, even
    /// by a refresh of every feed.
    case serverAskedToWait(status: Int, minutesLeft: Int)

    /// A sentence for the person reading progress or the refresh log.
    public var message: String {
        switch self {
        case .alreadyRequested:
            "already requested by this refresh; not requested twice"
        case .fetchedByAnotherRefresh(let holder, let seconds):
            "fetched \(seconds) s ago by another refresh (\(holder)) still running; not requested again"
        case .serverAskedToWait(let status, let minutes):
            "the site answered \(status) (asking clients to slow down); not asked again for \(minutes) min"
        }
    }
}
