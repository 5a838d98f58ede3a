#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The answer of the fetch ledger to "may this refresh request this feed now?".
public enum FetchLedgerAnswer: Sendable, Hashable {
    /// Go ahead; the request is recorded in the ledger under the asking run.
    case granted
    /// Another refresh that is still running requested the feed at `at` (within the window).
    case recentlyRequested(byHolder: String, at: Date)
}

/// The ledger's rules, shared by both stores and the refresh.
///
/// **The refusal rule** (``refuses``). Run R asks for feed F, last requested by another run Q at
/// time q. R is refused when
/// 1. q is at or after R's start: someone fetched F since R began (so `refresh --all` covers
///    "every feed not fetched by anyone since this command started"); or
/// 2. q is less than `window` seconds before now (or after now: a clock that jumped back), and
///    either Q is still alive, or R began while another refresh was running (R is *concurrent*).
///
/// A refresh started when no other was running, after the last one ended, is granted every feed:
/// a person who runs `refresh` again still gets a fresh check.
public enum FetchLedger {
    /// A running refresh says it is alive this often, in seconds.
    public static let heartbeat: TimeInterval = 10
    /// A run not heard of for this long is dead (a killed process), in seconds.
    public static let liveness: TimeInterval = 45
    /// Ended runs and requests older than this are deleted when a run begins, in seconds.
    public static let retention: TimeInterval = 7 * 24 * 3600

    /// The refusal rule, as both stores apply it in SQL (and a test ledger in memory).
    /// - Parameters:
    ///   - requestedAt: When another run last requested the feed.
    ///   - requesterIsAlive: Whether that run has not ended and was heard of recently.
    ///   - askerStartedAt: When the asking run began (`nil`: unknown to the ledger).
    ///   - askerIsConcurrent: Whether another refresh was running when the asking run began.
    ///   - now: The asking run's clock.
    ///   - window: The guard's window, in seconds.
    public static func refuses(requestedAt: Date, requesterIsAlive: Bool, askerStartedAt: Date?,
                               askerIsConcurrent: Bool, now: Date, window: TimeInterval) -> Bool {
        if let askerStartedAt, requestedAt >= askerStartedAt { return true }
        return requestedAt > now.addingTimeInterval(-window) && (requesterIsAlive || askerIsConcurrent)
    }
}
