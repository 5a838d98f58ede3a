#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// How one feed's refresh ended.
enum FeedRefreshResult: Sendable, Hashable {
    /// Parsed and stored.
    case stored(StoreOutcome)
    /// 304, or the same body as last time.
    case notModified
    /// Failed; the failure was recorded and a retry scheduled.
    case failed
    /// The refresh was cancelled before this feed was done; nothing was written for it.
    case cancelled
    /// The politeness guard refused to request it; nothing was requested or written.
    case skipped(RefreshSkipReason)
}

/// The pipeline of one feed: wait for a slot of its host and a work slot, fetch with the stored
/// validators, then record a 304, skip an unchanged body, or parse and store; record failures
/// with backoff. After cancellation it writes nothing.
struct FeedRefresher: Sendable {
    static let workKey = "*"

    let feeds: any FeedStoring
    let fetcher: any FeedFetching
    let parser: any FeedParsing
    let clock: any WallClock
    let policy: RefreshPolicy
    let jitter: any JitterSource
    /// Per-host fetch slots: held only while fetching, so parsing never blocks a host.
    let hostSlots: SlotLimiter
    /// Global work slots: held from the fetch to the store, bounding the bodies held in memory.
    let workSlots: SlotLimiter
    /// Asked right before each request (once per feed and run, another refresh's recent
    /// requests, the per-host rate cap).
    let politeness: PolitenessGuard
    /// Fetches the pages of full-text feeds' new articles; `nil` when the store or the build keeps none.
    var fullTexts: FullTextCollector?
    /// Looks for the icons of feeds without a recent one; `nil` when the store keeps none or icons are off.
    var icons: IconCollector?

    /// Refreshes one feed, yielding its events as they happen.
    func refresh(_ feed: Feed, events: RefreshEventSink) async -> FeedRefreshResult {
        let host = HostKey.of(feed.url)
        guard await hostSlots.acquire(host) else { return .cancelled }
        guard await workSlots.acquire(Self.workKey) else {
            await hostSlots.release(host)
            return .cancelled
        }
        let reference = FeedReference(id: feed.id, title: feed.displayTitle)
        if let wait = Self.serverWait(for: feed, now: clock.now()) {
            await hostSlots.release(host)
            await workSlots.release(Self.workKey)
            events.yield(.skipped(reference, wait))
            return .skipped(wait)
        }
        switch await politeness.permit(feed) {
        case .granted:
            break
        case .refused(let reason):
            await hostSlots.release(host)
            await workSlots.release(Self.workKey)
            events.yield(.skipped(reference, reason))
            return .skipped(reason)
        case .cancelled:
            await hostSlots.release(host)
            await workSlots.release(Self.workKey)
            return .cancelled
        }
        events.yield(.fetching(reference))
        let fetched = await fetch(feed)
        if case .failure(.rateLimited(let status, let date)) = fetched {
            // The site, not the feed, asked to slow down: its other feeds wait too (set before the
            // host's slot is given to the next of them).
            let now = clock.now()
            let until = min(date ?? now.addingTimeInterval(policy.minimumInterval), now.addingTimeInterval(policy.backoffCap))
            await politeness.hostAskedToWait(feed, status: status, until: until)
        }
        await hostSlots.release(host)
        let (result, declaredIcon) = await record(fetched, of: feed, as: reference, events: events)
        await workSlots.release(Self.workKey)
        if let icons, !Task.isCancelled {
            switch result {
            case .stored, .notModified: await icons.collect(for: feed, declared: declaredIcon)
            case .failed, .cancelled, .skipped: break
            }
        }
        if feed.settings.fetchesFullText, let fullTexts, !Task.isCancelled {
            switch result {
            case .stored, .notModified:
                await fullTexts.collect(for: feed, as: reference, events: events)
            case .failed, .cancelled, .skipped:
                break
            }
        }
        return result
    }

    /// Whether the site asked to slow down (429, 503) at the feed's last request and the date set
    /// for the next one is still ahead: then no refresh asks sooner, whatever selected the feed.
    static func serverWait(for feed: Feed, now: Date) -> RefreshSkipReason? {
        let state = feed.fetchState
        guard let status = state.lastError?.slowDownStatus, let due = state.nextDueAt, due > now else { return nil }
        return .serverAskedToWait(status: status, minutesLeft: Int((due.timeIntervalSince(now) / 60).rounded(.up)))
    }

    private func fetch(_ feed: Feed) async -> Result<FetchResponse, FetchError> {
        let request = FetchRequest(url: feed.url, etag: feed.fetchState.etag, lastModified: feed.fetchState.lastModified)
        do {
            return .success(try await fetcher.fetch(request))
        } catch {
            return .failure(error)
        }
    }

    private func record(_ fetched: Result<FetchResponse, FetchError>, of feed: Feed, as reference: FeedReference,
                        events: RefreshEventSink) async -> (FeedRefreshResult, declaredIcon: String?) {
        if Task.isCancelled { return (.cancelled, nil) }
        let response: FetchResponse
        switch fetched {
        case .failure(.cancelled):
            return (.cancelled, nil)
        case .failure(let error):
            var retryAfter: Date?
            if case .rateLimited(_, let date) = error { retryAfter = date }
            return (await fail(feed, as: reference, FeedFailure(classifying: error), retryAfter: retryAfter,
                               pending: feed.fetchState.pendingRedirect, events: events), nil)
        case .success(let success):
            response = success
        }
        // A permanent redirect counts as seen only when what it leads to is the feed (a 304, the
        // same body, or a body that parses): a catch-all 301 to a home page never moves a feed.
        let kept = feed.fetchState.pendingRedirect
        switch response.outcome {
        case .notModified:
            let pending = await followRedirect(response, of: feed, as: reference, events: events)
            return (await unchanged(feed, as: reference, response: response, bodyHash: nil, pending: pending, events: events), nil)
        case let .content(data, _, charset):
            let hash = BodyHash.fingerprint(of: data)
            if BodyHash.isUnchanged(data, stored: feed.fetchState.bodyHash, fingerprint: hash) {
                // The same document: parsed again only when its icon is due (a week after the last look).
                var declared: String?
                if let icons, await icons.wants(feed),
                   let parsed = try? parser.parseFeed(data, documentURL: response.finalURL, transportCharset: charset) {
                    declared = IconCollector.declaredIcon(of: parsed, at: response.finalURL)
                }
                let pending = await followRedirect(response, of: feed, as: reference, events: events)
                return (await unchanged(feed, as: reference, response: response, bodyHash: hash, pending: pending, events: events),
                        declared)
            }
            let parsed: ParsedFeed
            do {
                parsed = try parser.parseFeed(data, documentURL: response.finalURL, transportCharset: charset)
            } catch {
                return (await fail(feed, as: reference, FeedFailure(classifying: error), retryAfter: nil, pending: kept, events: events), nil)
            }
            let pending = await followRedirect(response, of: feed, as: reference, events: events)
            return (await store(parsed, of: feed, response: response, bodyHash: hash, pending: pending, events: events),
                    IconCollector.declaredIcon(of: parsed, at: response.finalURL))
        }
    }

    /// Updates the pending permanent redirect and moves the feed once it is confirmed.
    /// - Returns: The pending redirect to keep in the new state.
    private func followRedirect(_ response: FetchResponse, of feed: Feed, as reference: FeedReference,
                                events: RefreshEventSink) async -> PendingRedirect? {
        let seen = policy.pendingRedirect(after: response, previous: feed.fetchState.pendingRedirect)
        guard let pending = seen, pending.timesSeen >= policy.redirectConfirmations, !Task.isCancelled else {
            return seen
        }
        do {
            try await feeds.changeURL(of: feed.id, to: pending.target)
        } catch {
            return pending
        }
        events.yield(.moved(reference, to: pending.target))
        return nil
    }

    private func store(_ parsed: ParsedFeed, of feed: Feed, response: FetchResponse, bodyHash: String,
                       pending: PendingRedirect?, events: RefreshEventSink) async -> FeedRefreshResult {
        let now = clock.now()
        var state = policy.stateAfterSuccess(feed.fetchState, response: response, bodyHash: bodyHash,
                                             hint: parsed.updateHint, settings: feed.settings, now: now)
        state.pendingRedirect = pending
        let reference = FeedReference(id: feed.id, title: feed.customTitle ?? parsed.plainTitle ?? feed.displayTitle)
        if Task.isCancelled { return .cancelled }
        do {
            let outcome = try await feeds.saveFetchedFeed(parsed, fetchState: state, for: feed.id, at: now)
            events.yield(.stored(reference, outcome))
            return .stored(outcome)
        } catch {
            if Task.isCancelled { return .cancelled }
            return await fail(feed, as: reference, FeedFailure(classifying: error), retryAfter: nil, pending: pending, events: events)
        }
    }

    private func unchanged(_ feed: Feed, as reference: FeedReference, response: FetchResponse, bodyHash: String?,
                           pending: PendingRedirect?, events: RefreshEventSink) async -> FeedRefreshResult {
        var state = policy.stateAfterSuccess(feed.fetchState, response: response, bodyHash: bodyHash,
                                             hint: policy.carriedHint(from: feed.fetchState),
                                             settings: feed.settings, now: clock.now())
        state.pendingRedirect = pending
        if Task.isCancelled { return .cancelled }
        do {
            try await feeds.updateFetchState(state, for: feed.id)
        } catch {
            if Task.isCancelled { return .cancelled }
            events.yield(.failed(reference, FeedFailure(classifying: error)))
            return .failed
        }
        events.yield(.notModified(reference))
        return .notModified
    }

    private func fail(_ feed: Feed, as reference: FeedReference, _ failure: FeedFailure, retryAfter: Date?,
                      pending: PendingRedirect?, events: RefreshEventSink) async -> FeedRefreshResult {
        if Task.isCancelled { return .cancelled }
        var state = policy.stateAfterFailure(feed.fetchState, failure: failure, retryAfter: retryAfter,
                                             settings: feed.settings, now: clock.now(), jitter: jitter)
        state.pendingRedirect = pending
        // The failure is reported even when recording it fails: the user must see it either way.
        try? await feeds.updateFetchState(state, for: feed.id)
        events.yield(.failed(reference, failure))
        return .failed
    }
}
