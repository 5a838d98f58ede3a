#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// One refresh run on a shared refresh queue (``FeedQueueing``): instead of listing its feeds up
/// front it claims them in batches as fetch slots free up, so that several refreshes (`herald
/// refresh`, `herald worker` on other machines) share the work without fetching a feed twice at
/// once. Claims are extended while the run lasts and released feed by feed; when the feeds left
/// are all held by others it looks again every ``RefreshPolicy/claimPollInterval`` until they are
/// done or their claims expire.
struct QueuedRefresh: Sendable {
    let queue: any FeedQueueing
    let feeds: any FeedStoring
    let refresher: FeedRefresher
    let clock: any WallClock
    let policy: RefreshPolicy
    let holder: String

    /// What a child task of the run's group did.
    private enum Step: Sendable {
        case feed(FeedID, FeedRefreshResult)
        case indexed
    }

    /// Runs the refresh `run` of `selection`, yielding its events but the last, and returns its totals.
    ///
    /// The run ends when the queue says none of its feeds is left, and also when the queue hands it
    /// only feeds it has already done: that is a bug of the queue, refused (nothing is requested
    /// twice) and logged, never a loop.
    func run(_ selection: RefreshSelection, run: String, events: RefreshEventSink) async -> RefreshSummary {
        let stranded = policy.schedulingHorizon(settings: FeedSettings())
        let strandedAfter: TimeInterval? = selection == .due || selection == .dueForEveryone ? stranded : nil
        let expected = (try? await queue.unfinishedFeeds(selection, run: run, now: clock.now(),
                                                         strandedAfter: strandedAfter)) ?? 0
        events.yield(.started(total: expected))
        var tally = RefreshTally(total: expected)
        var done = 0
        let keeper = extendClaimsWhileRunning()
        defer { keeper.cancel() }
        let batch = max(1, policy.maxConcurrentFetches / 4)
        await withTaskGroup(of: Step.self) { group in
            var inFlight = 0
            // Feeds refreshed since the last claim: released with the next one.
            var finished: [FeedID] = []
            var unindexed = 0
            var isIndexing = false
            // Every feed this run was handed, to refuse a second hand-over.
            var handed: Set<FeedID> = []
            while true {
                var claimed = 0
                let free = policy.maxConcurrentFetches - inFlight
                if !Task.isCancelled, free >= batch || inFlight == 0 {
                    let now = clock.now()
                    let request = FeedClaimRequest(
                        selection: selection, run: run, holder: holder, limit: free,
                        perHost: policy.maxConcurrentPerHost, now: now,
                        heldUntil: now.addingTimeInterval(policy.claimLease), strandedAfter: strandedAfter,
                        releasing: finished)
                    let feeds: [Feed]
                    do {
                        feeds = try await queue.claimFeeds(request)
                        finished = []
                    } catch {
                        feeds = []
                    }
                    let fresh = feeds.filter { handed.insert($0.id).inserted }
                    if fresh.count < feeds.count {
                        let freshIDs = Set(fresh.map(\.id))
                        let again = feeds.map(\.id).filter { !freshIDs.contains($0) }
                        events.journal.problem("the refresh queue handed this run feeds it already did; refused",
                                               metadata: ["feeds": "\(again.map(\.rawValue))"])
                        finished.append(contentsOf: again)
                        if fresh.isEmpty, inFlight == 0 {
                            events.journal.problem("ending the run: the queue offers nothing new")
                            break
                        }
                    }
                    claimed = fresh.count
                    for feed in fresh {
                        inFlight += 1
                        group.addTask { .feed(feed.id, await refresher.refresh(feed, events: events)) }
                    }
                }
                if inFlight == 0, !isIndexing {
                    if Task.isCancelled { break }
                    if claimed == 0 {
                        if !finished.isEmpty, (try? await queue.releaseClaims(on: finished, holder: holder)) != nil {
                            finished = []
                        }
                        // Nothing claimable now: finished, or the rest is held by other refreshes
                        // (or their hosts are at the per-host limit).
                        let left = (try? await queue.unfinishedFeeds(selection, run: run, now: clock.now(),
                                                                     strandedAfter: strandedAfter)) ?? 0
                        if left == 0 { break }
                        try? await Task.sleep(for: .milliseconds(Int64(policy.claimPollInterval * 1000)))
                    }
                    continue
                }
                guard let step = await group.next() else { continue }
                switch step {
                case .feed(let id, let result):
                    inFlight -= 1
                    finished.append(id)
                    if result != .cancelled { done += 1 }
                    tally.add(result)
                    if case .stored(let outcome) = result { unindexed += outcome.inserted }
                case .indexed:
                    isIndexing = false
                }
                if let indexingBatch = policy.indexingBatch, unindexed >= indexingBatch, !isIndexing, !Task.isCancelled {
                    isIndexing = true
                    unindexed = 0
                    let feeds = self.feeds
                    group.addTask {
                        try? await feeds.finishSaving()
                        return .indexed
                    }
                }
            }
            // Every way out gives back what this run still holds, shielded: refused after a
            // cancel, the claims stayed held until their lease ran out.
            if !finished.isEmpty {
                let (queue, holder, feeds) = (queue, holder, finished)
                await CancellationShield.run { try? await queue.releaseClaims(on: feeds, holder: holder) }
            }
        }
        try? await feeds.finishSaving()
        // Other refreshes may have done some of the feeds counted at the start.
        if !Task.isCancelled { tally.settle(total: done) }
        return tally.result
    }

    /// Extends this holder's claims every third of the lease until cancelled.
    private func extendClaimsWhileRunning() -> Task<Void, Never> {
        let queue = self.queue
        let clock = self.clock
        let holder = self.holder
        let lease = policy.claimLease
        return Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int64(lease * 1000 / 3)))
                if Task.isCancelled { return }
                try? await queue.extendClaims(holder: holder, until: clock.now().addingTimeInterval(lease))
            }
        }
    }
}
