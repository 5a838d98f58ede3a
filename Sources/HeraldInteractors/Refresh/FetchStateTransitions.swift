#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

extension RefreshPolicy {
    /// The state after a successful fetch (304, unchanged body, or a body parsed and stored):
    /// new validators, errors cleared, no longer gone, next due from the hints and cache headers.
    func stateAfterSuccess(_ old: FetchState, response: FetchResponse, bodyHash: String?, hint: UpdateHint?,
                           settings: FeedSettings, now: Date) -> FetchState {
        var state = old
        switch response.outcome {
        case .notModified:
            state.etag = response.etag ?? old.etag
            state.lastModified = response.lastModified ?? old.lastModified
        case .content:
            state.etag = response.etag
            state.lastModified = response.lastModified
        }
        state.bodyHash = bodyHash ?? old.bodyHash
        state.lastAttemptAt = now
        state.lastSuccessAt = now
        state.lastError = nil
        state.errorCount = 0
        state.isGone = false
        state.nextDueAt = nextDue(after: now, response: response, hint: hint, settings: settings)
        return state
    }

    /// The state after a failure: validators kept, one more error, next due after the backoff (or
    /// `Retry-After`, and never sooner than ``retryFloor(after:previous:settings:)``), gone after a
    /// 410, or after repeated 404s when the feed has not been fetched for ``notFoundGrace``.
    func stateAfterFailure(_ old: FetchState, failure: FeedFailure, retryAfter: Date?, settings: FeedSettings,
                           now: Date, jitter: any JitterSource) -> FetchState {
        var state = old
        state.lastAttemptAt = now
        state.lastError = failure
        state.errorCount = old.errorCount + 1
        state.nextDueAt = retryDate(after: now, errorCount: state.errorCount, retryAfter: retryAfter, jitter: jitter,
                                    floor: retryFloor(after: failure, previous: old, settings: settings),
                                    cap: retryCap(after: failure, previous: old, settings: settings))
        if failure.kind == .gone, stopPollingWhenGone {
            state.isGone = true
        }
        // A 404 may be passing (a site being rebuilt, a plugin update): a feed that worked is given
        // up only when it has not worked for a while too, not after three quick 404s.
        let failingLongEnough = old.lastSuccessAt.map { now.timeIntervalSince($0) >= notFoundGrace } ?? true
        if failure.kind == .notFound, let limit = notFoundLimit, state.errorCount >= limit,
           limit <= 1 || old.lastError?.kind == .notFound, failingLongEnough {
            state.isGone = true
        }
        return state
    }

    /// The permanent redirect to remember after a response: seen once more when it points where it
    /// pointed last time, seen once when it points elsewhere, forgotten after a non-permanent fetch.
    func pendingRedirect(after response: FetchResponse, previous: PendingRedirect?) -> PendingRedirect? {
        guard let target = response.permanentRedirectTarget else { return nil }
        let timesSeen = previous?.target == target ? previous.map { $0.timesSeen + 1 } ?? 1 : 1
        return PendingRedirect(target: target, timesSeen: timesSeen)
    }

    /// The update hint to schedule with when nothing was parsed (304 or unchanged body): the interval
    /// chosen after the last success, so a feed's `ttl` keeps counting while its body does not change.
    func carriedHint(from old: FetchState) -> UpdateHint? {
        guard old.lastError == nil, let success = old.lastSuccessAt, let due = old.nextDueAt, due > success else {
            return nil
        }
        return UpdateHint(syndicationInterval: due.timeIntervalSince(success))
    }
}

extension FeedFailure {
    /// 429 or 503 when the failure was the site asking clients to slow down, else nil: the
    /// schedule waits the feed's usual interval then, and no refresh asks sooner.
    var slowDownStatus: Int? {
        let status = self.status ?? (kind == .rateLimited ? 429 : nil)
        return status == 429 || status == 503 ? status : nil
    }
}
