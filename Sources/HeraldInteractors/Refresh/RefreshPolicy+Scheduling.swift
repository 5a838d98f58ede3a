#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

extension RefreshPolicy {
    /// When a feed is next due after a successful fetch.
    ///
    /// The interval is the longest of what the feed asks for (RSS `ttl`, `sy:updatePeriod`) and what
    /// the server allows (`Cache-Control: max-age`, `Expires`), or ``defaultInterval`` when nobody says,
    /// then clamped to the feed's own minimum and maximum or else the policy's.
    /// - Parameters:
    ///   - now: When the fetch ended.
    ///   - response: The response, for its cache headers; `nil` when there is none to consult.
    ///   - hint: The feed's update hint (from the parsed feed, or carried over from the last parse).
    ///   - settings: The feed's own settings, which win over the policy's bounds.
    /// - Returns: The next due date.
    public func nextDue(after now: Date, response: FetchResponse?, hint: UpdateHint?, settings: FeedSettings) -> Date {
        var suggestions: [TimeInterval] = []
        if let interval = hint?.suggestedInterval, interval > 0 { suggestions.append(interval) }
        if let maxAge = response?.maxAge, maxAge > 0 { suggestions.append(maxAge) }
        if let expires = response?.expires {
            let remaining = expires.timeIntervalSince(now)
            if remaining > 0 { suggestions.append(remaining) }
        }
        let wanted = suggestions.max() ?? defaultInterval
        return now.addingTimeInterval(clampedInterval(wanted, settings: settings))
    }

    /// An interval bounded by the feed's settings, else by the policy (a feed minimum above the
    /// maximum raises the maximum: the user's explicit wish wins).
    public func clampedInterval(_ interval: TimeInterval, settings: FeedSettings) -> TimeInterval {
        let lower = settings.minimumInterval ?? minimumInterval
        let upper = max(lower, settings.maximumInterval ?? maximumInterval)
        return min(max(interval, lower), upper)
    }

    /// The furthest ahead of `now` that a schedule made at `now` can put a feed: its longest interval,
    /// or the longest retry wait. A next-due date beyond it was set by a clock that was ahead of this
    /// one (the system clock jumped back), and the feed is due now.
    public func schedulingHorizon(settings: FeedSettings) -> TimeInterval {
        max(clampedInterval(.greatestFiniteMagnitude, settings: settings), backoffCap)
    }

    /// How long to wait before retrying a feed that failed `errorCount` times in a row:
    /// `base × 2^(errorCount − 1)` capped at ``backoffCap``, spread by ``jitterStyle``.
    /// - Parameters:
    ///   - errorCount: Consecutive failures, including the one just seen (at least 1).
    ///   - jitter: The source of randomness.
    /// - Returns: The delay in seconds, between ``backoffBase`` and ``backoffCap``.
    public func backoff(errorCount: Int, jitter: any JitterSource) -> TimeInterval {
        let exponent = UInt64(min(max(errorCount, 1) - 1, 62))
        let ceiling = min(backoffCap, backoffBase * Double(UInt64(1) << exponent))
        switch jitterStyle {
        case .none:
            return ceiling
        case .full:
            let unit = min(max(jitter.unit(), 0), 1)
            return backoffBase + unit * (ceiling - backoffBase)
        }
    }

    /// When a failed feed is next due: after the backoff, or at the server's `Retry-After` when that
    /// is later (bounded by ``backoffCap`` so that a feed is never silently dropped).
    public func retryDate(after now: Date, errorCount: Int, retryAfter: Date?, jitter: any JitterSource) -> Date {
        let backoffDate = now.addingTimeInterval(backoff(errorCount: errorCount, jitter: jitter))
        guard let retryAfter, retryAfter > backoffDate else { return backoffDate }
        return min(retryAfter, now.addingTimeInterval(backoffCap))
    }
}
