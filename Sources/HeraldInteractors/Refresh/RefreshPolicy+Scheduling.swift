#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

extension RefreshPolicy {
    /// When a feed is next due after a successful fetch.
    ///
    /// The interval is the longest of ``defaultInterval``, what the feed asks for (RSS `ttl`,
    /// `sy:updatePeriod`) and how long the server says its copy stays fresh (`Cache-Control:
    /// max-age`, else `Expires`), then clamped to the feed's own minimum and maximum or else the
    /// policy's. A hint only ever lengthens the interval: `max-age=600` says a copy may be kept ten
    /// minutes, not that it should be asked for every ten (a person who wants a feed sooner sets its
    /// own maximum interval).
    /// - Parameters:
    ///   - now: When the fetch ended.
    ///   - response: The response, for its cache headers; `nil` when there is none to consult.
    ///   - hint: The feed's update hint (from the parsed feed, or carried over from the last parse).
    ///   - settings: The feed's own settings, which win over the policy's bounds.
    /// - Returns: The next due date.
    public func nextDue(after now: Date, response: FetchResponse?, hint: UpdateHint?, settings: FeedSettings) -> Date {
        var suggestions: [TimeInterval] = []
        if let interval = hint?.suggestedInterval, interval > 0 { suggestions.append(interval) }
        if let maxAge = response?.maxAge {
            // `max-age` wins over `Expires` (RFC 9111 §5.3), `max-age=0` included.
            if maxAge > 0 { suggestions.append(maxAge) }
        } else if let expires = response?.expires {
            let remaining = expires.timeIntervalSince(now)
            if remaining > 0 { suggestions.append(remaining) }
        }
        let wanted = max(defaultInterval, suggestions.max() ?? 0)
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
    /// - Parameter cap: The longest delay, when shorter than ``backoffCap``.
    public func backoff(errorCount: Int, jitter: any JitterSource, cap: TimeInterval? = nil) -> TimeInterval {
        let exponent = UInt64(min(max(errorCount, 1) - 1, 62))
        let longest = max(backoffBase, min(backoffCap, cap ?? backoffCap))
        let ceiling = min(longest, backoffBase * Double(UInt64(1) << exponent))
        switch jitterStyle {
        case .none:
            return ceiling
        case .full:
            let unit = min(max(jitter.unit(), 0), 1)
            return backoffBase + unit * (ceiling - backoffBase)
        }
    }

    /// When a failed feed is next due: after the backoff, or at the server's `Retry-After` when that
    /// is later (bounded by ``backoffCap`` so that a feed is never silently dropped), and never
    /// sooner than `floor` seconds from now.
    /// - Parameter cap: The longest backoff, when shorter than ``backoffCap``.
    public func retryDate(after now: Date, errorCount: Int, retryAfter: Date?, jitter: any JitterSource,
                          floor: TimeInterval = 0, cap: TimeInterval? = nil) -> Date {
        var date = now.addingTimeInterval(backoff(errorCount: errorCount, jitter: jitter, cap: cap))
        if let retryAfter, retryAfter > date { date = min(retryAfter, now.addingTimeInterval(backoffCap)) }
        return max(date, now.addingTimeInterval(floor))
    }

    /// The longest backoff after a failure of the network itself (no answer: the name did not
    /// resolve, the connection failed or timed out): the feed's usual interval. Such failures are
    /// as often this machine's as the site's (a laptop offline overnight, with a refresh every
    /// quarter of an hour, had every feed backed off for hours once back online), and a feed
    /// asked once an interval burdens no one; a site that answers with an error still backs off
    /// to ``backoffCap``.
    func retryCap(after failure: FeedFailure, previous old: FetchState, settings: FeedSettings) -> TimeInterval? {
        guard [.dns, .connection, .timeout].contains(failure.kind) else { return nil }
        return usualInterval(previous: old, settings: settings)
    }

    /// The shortest wait before a failed feed is asked again: the feed's minimum interval (a
    /// failure never makes a site polled more often than a healthy feed may be), and when the
    /// server asked to slow down (429, 503) the feed's whole usual interval.
    func retryFloor(after failure: FeedFailure, previous old: FetchState, settings: FeedSettings) -> TimeInterval {
        let minimum = clampedInterval(0, settings: settings)
        guard failure.slowDownStatus != nil else { return minimum }
        return usualInterval(previous: old, settings: settings)
    }

    /// The interval a healthy feed is polled at: the one chosen after its last success (when the
    /// last attempt succeeded), else the default, never shorter than the default, within the feed's bounds.
    private func usualInterval(previous old: FetchState, settings: FeedSettings) -> TimeInterval {
        let usual = carriedHint(from: old)?.suggestedInterval ?? defaultInterval
        return clampedInterval(max(defaultInterval, usual), settings: settings)
    }
}
