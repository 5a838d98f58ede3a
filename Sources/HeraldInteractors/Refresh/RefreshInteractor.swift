#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import Logging
import HeraldPorts

/// The refresh use case: fetches, parses and stores feeds with global and per-host limits,
/// schedules each feed's next refresh, and streams progress as it happens.
///
/// One feed's failure never stops the others; cancellation stops new fetches, writes nothing for
/// the feeds still in flight and keeps every feed already stored. See `Docs/refresh.md`.
public final class RefreshInteractor: FeedRefreshing {
    private let feeds: any FeedStoring
    private let fetcher: any FeedFetching
    private let parser: any FeedParsing
    private let clock: any WallClock
    private let policy: RefreshPolicy
    private let jitter: any JitterSource
    private let queue: (any FeedQueueing)?
    private let holder: String
    private let ledger: (any FetchLedgering)?
    private let probe: (any HolderProbing)?
    private let logger: Logger
    private let fullTextStore: (any FullTextStoring)?
    private let extractor: (any ArticleExtracting)?
    private let hook: (any RefreshHooking)?
    private let rules: RuleApplier?
    private let icons: (any FeedIconStoring)?
    private let pageIcons: (any FeedDiscovering)?
    private let running = RunningRefreshes()
    /// The per-host cap of requests per second, shared by every refresh of this process.
    private let rate: HostRateLimiter

    /// Creates the use case from Domain ports.
    /// - Parameters:
    ///   - feeds: The subscriptions and their fetch state.
    ///   - fetcher: Fetches feed documents.
    ///   - parser: Parses feed documents.
    ///   - clock: The current date.
    ///   - policy: Limits, intervals, backoff and redirect rules.
    ///   - jitter: Randomness for spreading backoff.
    ///   - queue: A refresh queue shared with other refreshing processes (a PostgreSQL store): feeds
    ///     are claimed from it in batches instead of listed up front. `nil` for a store one process refreshes.
    ///   - holder: Who this process is on the shared queue (machine and process), for its claims.
    ///   - ledger: The store's record of running refreshes and recent requests, shared with other
    ///     processes: the politeness guard refuses a feed another running refresh just requested.
    ///     `nil` keeps the guard's in-process rules only.
    ///   - probe: Tells whether another run's process still runs, so that a killed refresh's run
    ///     ends at once instead of holding others back until its heartbeat is stale.
    ///   - logger: Where each run's journal goes (`herald log` reads the file Composition gives it).
    ///   - fullTexts: Where full texts are kept; with `extractor`, refreshes of feeds with full text on
    ///     fetch their new articles' pages (``FeedSettings/fullText``). `nil` fetches feeds only.
    ///   - extractor: Finds the article in a fetched page.
    ///   - hook: Runs after a refresh that stored new articles (`on-new-articles`), before the
    ///     stream's ``RefreshEvent/finished(_:)``; what goes wrong with it goes to the refresh log.
    ///   - rules: The config's rules, applied to the articles a refresh stored before the hook runs,
    ///     also when it was cancelled (what it stored is shown, and no later refresh looks at it again).
    ///   - icons: Where feeds' icons are kept; refreshed feeds without a recent look get their icon
    ///     looked for (``RefreshPolicy/fetchesIcons``). `nil` looks for none.
    ///   - pageIcons: Reads the icons a site's home page names, for a feed whose site has no
    ///     `/favicon.ico`; `nil` reads no page.
    public init(feeds: any FeedStoring, fetcher: any FeedFetching, parser: any FeedParsing, clock: any WallClock,
                policy: RefreshPolicy = .default, jitter: any JitterSource = SystemJitter(),
                queue: (any FeedQueueing)? = nil, holder: String = "herald", ledger: (any FetchLedgering)? = nil,
                probe: (any HolderProbing)? = nil, logger: Logger = Logger(label: "herald.refresh", factory: { _ in SwiftLogNoOpLogHandler() }),
                fullTexts: (any FullTextStoring)? = nil, extractor: (any ArticleExtracting)? = nil,
                hook: (any RefreshHooking)? = nil, rules: RuleApplier? = nil, icons: (any FeedIconStoring)? = nil,
                pageIcons: (any FeedDiscovering)? = nil) {
        self.icons = icons
        self.pageIcons = pageIcons
        self.hook = hook
        self.rules = rules
        self.feeds = feeds
        self.fetcher = fetcher
        self.parser = parser
        self.clock = clock
        self.policy = policy
        self.jitter = jitter
        self.queue = queue
        self.holder = holder
        self.ledger = ledger
        self.probe = probe
        self.logger = logger
        self.fullTextStore = fullTexts
        self.extractor = extractor
        self.rate = HostRateLimiter(limit: policy.hostRequestsPerSecond)
    }

    /// Starts a refresh; the stream yields ``RefreshEvent/started(total:)`` first, one terminal
    /// event (`notModified`, `stored` or `failed`) per feed done, and ``RefreshEvent/finished(_:)`` last.
    /// Cancelling the consuming task cancels the refresh.
    public func refresh(_ selection: RefreshSelection) -> AsyncStream<RefreshEvent> {
        refresh(selection, canceller: nil)
    }

    /// Starts a refresh that `canceller` can stop while the stream is still read to its
    /// ``RefreshEvent/finished(_:)`` (with `cancelled: true`).
    public func refresh(_ selection: RefreshSelection, canceller: RefreshCanceller?) -> AsyncStream<RefreshEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: RefreshEvent.self, bufferingPolicy: .unbounded)
        let run = UUID().uuidString
        let journal = RefreshJournal(logger: logger, run: run, holder: holder, selection: selection)
        let events = RefreshEventSink(continuation: continuation, journal: journal)
        let politeness = PolitenessGuard(run: run, ledger: ledger, rate: rate, clock: clock, window: policy.guardWindow)
        let hostSlots = SlotLimiter(limit: policy.maxConcurrentPerHost)
        let workSlots = SlotLimiter(limit: policy.maxConcurrentFetches)
        var refresher = FeedRefresher(
            feeds: feeds, fetcher: fetcher, parser: parser, clock: clock, policy: policy, jitter: jitter,
            hostSlots: hostSlots, workSlots: workSlots, politeness: politeness
        )
        let fullTextTally = FullTextTally()
        let pages = RefreshPageFetcher(fetcher: fetcher, policy: policy, hostSlots: hostSlots, workSlots: workSlots,
                                       politeness: politeness)
        if let fullTextStore, let extractor {
            refresher.fullTexts = FullTextCollector(store: fullTextStore, extractor: extractor, clock: clock, policy: policy,
                                                    pages: pages, tally: fullTextTally)
        }
        if let icons, policy.fetchesIcons {
            refresher.icons = IconCollector(store: icons, clock: clock, policy: policy, pages: pages,
                                            run: IconRun(store: icons), pageIcons: pageIcons)
        }
        let ledgerRun = LedgerRun(ledger: ledger, run: run, holder: holder, clock: clock, probe: probe)
        let feeds = self.feeds
        let now = clock.now()
        let policy = self.policy
        let queued = queue.map {
            QueuedRefresh(queue: $0, feeds: feeds, refresher: refresher, clock: clock, policy: policy, holder: holder)
        }
        let hook = self.hook
        let rules = self.rules
        let task = Task {
            let (heartbeat, ledgerFailure) = await ledgerRun.begin()
            var summary: RefreshSummary
            if let queued {
                summary = await queued.run(selection, run: run, events: events)
            } else {
                let selected = await Self.selectedFeeds(in: selection, of: feeds, at: now, policy: policy)
                summary = await Self.refresh(selected, with: refresher, feeds: feeds, policy: policy, events: events)
            }
            summary.fullTexts = await fullTextTally.kept
            // Also after a cancel: what the run stored is shown, and no later refresh applies the
            // rules to it. Shielded, since the stores refuse a cancelled task's calls.
            if summary.newArticles > 0, let rules, await rules.hasRules {
                let applied = await CancellationShield.run { () -> Result<RuleTally, StoreError> in
                    do throws(StoreError) {
                        return .success(try await rules.apply(firstSeenSince: now))
                    } catch {
                        return .failure(error)
                    }
                }
                switch applied {
                case .success(let tally): summary.hiddenByRules = tally.hidden
                case .failure(let error):
                    journal.problem("the rules were not applied", metadata: ["reason": "\(error.message)"])
                }
            }
            // Not after a cancelled refresh: Ctrl-C must not wait for the hook.
            // Articles a rule hid are not news: the hook hears of the others only.
            if summary.newArticles > summary.hiddenByRules, !summary.cancelled, let hook,
               let problem = await hook.refreshStoredNewArticles(summary) {
                journal.problem(problem)
            }
            heartbeat?.cancel()
            await ledgerRun.end()
            let guardFailure = await politeness.ledgerFailure
            if let failure = ledgerFailure ?? guardFailure {
                journal.problem("the fetch ledger failed; this run kept its own guards only",
                                metadata: ["reason": "\(failure.message)"])
            }
            events.yield(.finished(summary))
            events.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        track(task, canceller: canceller)
        return stream
    }

    /// Refreshes a list of feeds known up front (a store one process refreshes).
    private static func refresh(_ selected: [Feed], with refresher: FeedRefresher, feeds: any FeedStoring,
                                policy: RefreshPolicy, events: RefreshEventSink) async -> RefreshSummary {
        events.yield(.started(total: selected.count))
        var tally = RefreshTally(total: selected.count)
        let indexingBatch = policy.indexingBatch
        await withTaskGroup(of: GroupResult.self) { group in
            for feed in selected {
                group.addTask { .feed(await refresher.refresh(feed, events: events)) }
            }
            // New articles not yet handed to an indexing, and whether one is running.
            var unindexed = 0
            var isIndexing = false
            while let result = await group.next() {
                switch result {
                case .feed(let feedResult):
                    tally.add(feedResult)
                    if case .stored(let outcome) = feedResult { unindexed += outcome.inserted }
                case .indexed:
                    isIndexing = false
                }
                // Index what was stored so far while the other feeds are fetched and parsed,
                // one indexing at a time, so that little is left for the end of the refresh.
                if let indexingBatch, unindexed >= indexingBatch, !isIndexing, !Task.isCancelled {
                    isIndexing = true
                    unindexed = 0
                    group.addTask {
                        try? await feeds.finishSaving()
                        return .indexed
                    }
                }
            }
        }
        // Every feed's articles are already stored; a failure here only leaves their indexing
        // to the next save or search.
        try? await feeds.finishSaving()
        return tally.result
    }

    /// Lets ``cancelRefreshes()`` and `canceller` stop a running refresh.
    private func track(_ task: Task<Void, Never>, canceller: RefreshCanceller?) {
        running.add(task)
        if let canceller { Task { await canceller.attach(task) } }
    }

    /// What a child task of a refresh's group did.
    private enum GroupResult: Sendable {
        /// A feed's refresh ended.
        case feed(FeedRefreshResult)
        /// An indexing of stored articles ended.
        case indexed
    }

    /// Cancels every refresh this use case is running; their streams end with `finished(cancelled: true)`.
    public func cancelRefreshes() async {
        running.cancelAll()
    }

    /// Cancels every refresh this use case is running and waits until each has ended; the engine
    /// calls it when it shuts down, before the HTTP clients and the store close under them (a
    /// refresh the web reader started may still run when `herald serve` stops).
    public func stopRefreshes() async {
        await running.stopAll()
    }

    /// The feeds a selection covers. `.due` never includes gone feeds; unknown identifiers are skipped;
    /// when the store cannot list the feeds the refresh covers none.
    ///
    /// `.due` also covers feeds scheduled further ahead than any schedule made now could put them
    /// (``RefreshPolicy/schedulingHorizon(settings:)``): their date was set by a clock that was ahead,
    /// and after the clock jumped back they would otherwise wait out the jump, silently not updating.
    private static func selectedFeeds(in selection: RefreshSelection, of store: any FeedStoring, at now: Date,
                                      policy: RefreshPolicy) async -> [Feed] {
        switch selection {
        case .due, .dueForEveryone:
            let due = ((try? await store.dueFeeds(at: now)) ?? []).filter { !$0.fetchState.isGone }
            let known = Set(due.map(\.id))
            let stranded = ((try? await store.feeds()) ?? []).filter { feed in
                guard !feed.fetchState.isGone, !known.contains(feed.id), let next = feed.fetchState.nextDueAt else { return false }
                return next.timeIntervalSince(now) > policy.schedulingHorizon(settings: feed.settings)
            }
            return due + stranded
        case .all:
            return (try? await store.feeds()) ?? []
        case .feeds(let ids):
            var selected: [Feed] = []
            var seen: Set<FeedID> = []
            for id in ids where seen.insert(id).inserted {
                if let feed = try? await store.feed(id) { selected.append(feed) }
            }
            return selected
        }
    }
}
