import Foundation
import HeraldDomain
import HeraldInteractors
import Testing

@Suite("Refresh: limits, slow hosts, cancellation, event order")
struct RefreshConcurrencyTests {
    private func seedFeeds(_ harness: RefreshHarness, urls: [String], delay: Duration? = nil, gated: Bool = false) async -> [FeedID] {
        var ids: [FeedID] = []
        for (index, url) in urls.enumerated() {
            ids.append(await harness.store.seed(url))
            var step = RefreshTestFetcher.Step.respond(.body("Item|\(url)#\(index)", at: url))
            if gated { step = .gated(step) }
            if let delay { step = .delayed(delay, step) }
            await harness.fetcher.script(url, step)
        }
        return ids
    }

    @Test func theGlobalLimitIsRespected() async {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(maxConcurrentFetches: 3, maxConcurrentPerHost: 4, jitterStyle: .none)
        let urls = (0..<20).map { "https://host\($0).example/feed" }
        _ = await seedFeeds(harness, urls: urls, delay: .milliseconds(30))
        let events = await harness.run()
        #expect(events.summary?.stored == 20)
        let observed = await harness.fetcher.maxInFlight
        #expect(observed <= 3)
        #expect(observed >= 2)
    }

    @Test func thePerHostLimitIsRespectedAndFilesShareOneHost() async {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(maxConcurrentFetches: 16, maxConcurrentPerHost: 2, jitterStyle: .none)
        let busy = (0..<10).map { "https://busy.example/feed/\($0)" }
        let files = (0..<6).map { "file:///srv/feeds/local-\($0).xml" }
        let others = (0..<6).map { "https://solo\($0).example/feed" }
        _ = await seedFeeds(harness, urls: busy + files + others, delay: .milliseconds(150))
        let events = await harness.run()
        #expect(events.summary?.stored == 22)
        let perHost = await harness.fetcher.maxInFlightByHost
        #expect(perHost["busy.example"] == 2)
        #expect(perHost["localhost-file"] == 2)
        #expect(perHost.values.allSatisfy { $0 <= 2 })
        #expect(await harness.fetcher.maxInFlight > 2)
    }

    @Test func aSlowHostDoesNotHoldUpTheOthers() async throws {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(maxConcurrentFetches: 4, maxConcurrentPerHost: 2, jitterStyle: .none)
        let slow = await seedFeeds(harness, urls: (0..<6).map { "https://slow.example/\($0)" }, gated: true)
        let fast = await seedFeeds(harness, urls: (0..<8).map { "https://fast\($0 % 3).example/\($0)" })
        let fetcher = harness.fetcher
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            await fetcher.openGate()
        }
        var events: [RefreshEvent] = []
        // The slow host's feeds come first, so they are the first to ask for slots.
        for await event in harness.interactor(at: RefreshHarness.start).refresh(.feeds(slow + fast)) {
            events.append(event)
            if Set(events.finishedFeeds).isSuperset(of: fast) { await fetcher.openGate() }
        }
        watchdog.cancel()
        let finished = events.finishedFeeds
        #expect((try? await watchdog.value) == nil, "the fast hosts finished only after the watchdog opened the gate")
        #expect(Array(finished.prefix(fast.count)).sorted() == fast.sorted())
        #expect(Set(finished) == Set(fast + slow))
        #expect(await fetcher.maxInFlightByHost["slow.example"] == 2)
    }

    @Test func cancellingKeepsWhatWasStoredAndWritesNothingForTheRest() async throws {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(maxConcurrentFetches: 8, maxConcurrentPerHost: 2, jitterStyle: .none)
        let quick = await seedFeeds(harness, urls: ["https://a.example/feed", "https://b.example/feed"])
        let stuck = await seedFeeds(harness, urls: (0..<4).map { "https://stuck.example/\($0)" }, delay: .seconds(60))
        let canceller = RefreshCanceller()
        var events: [RefreshEvent] = []
        let clock = ContinuousClock()
        let began = clock.now
        let fetcher = harness.fetcher
        var cancelled = false
        for await event in harness.interactor(at: RefreshHarness.start).refresh(.all, canceller: canceller) {
            events.append(event)
            if !cancelled, Set(events.finishedFeeds) == Set(quick) {
                cancelled = true
                // Cancel once the stuck host's two slots are taken (on a loaded machine they may
                // start after the quick feeds finish).
                let deadline = ContinuousClock.now + .seconds(10)
                while await fetcher.fetchesInFlight < 2, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(5))
                }
                await canceller.cancel()
            }
        }
        #expect(clock.now - began < .seconds(30))
        #expect(events.last == .finished(RefreshSummary(total: 6, stored: 2, notModified: 0, failed: 0, newArticles: 2, cancelled: true)))
        #expect(Set(await harness.store.saves) == Set(quick))
        #expect(await harness.store.stateUpdates.isEmpty)
        for id in stuck {
            let state = try await harness.store.feed(id).fetchState
            #expect(state == FetchState())
        }
        #expect(await harness.fetcher.fetchesInFlight == 0)
        // Two stuck feeds were fetching; the two waiting for their host never started.
        #expect(await harness.fetcher.requests.count == 4)
    }

    @Test func cancellingTheConsumingTaskStopsTheWork() async throws {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(maxConcurrentFetches: 8, maxConcurrentPerHost: 2, jitterStyle: .none)
        let quick = await seedFeeds(harness, urls: ["https://a.example/feed"])
        _ = await seedFeeds(harness, urls: (0..<5).map { "https://stuck.example/\($0)" }, delay: .seconds(60))
        let store = harness.store
        let stream = harness.interactor(at: RefreshHarness.start).refresh(.all)
        let consumer = Task {
            for await _ in stream {}
        }
        for _ in 0..<500 {
            if await !store.saves.isEmpty, await harness.fetcher.fetchesInFlight == 2 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        consumer.cancel()
        for _ in 0..<500 {
            if await harness.fetcher.fetchesInFlight == 0 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await harness.fetcher.fetchesInFlight == 0)
        #expect(await store.saves == quick)
        #expect(await store.stateUpdates.isEmpty)
        #expect(await harness.fetcher.requests.count == 3)
    }

    @Test("a stop issued the moment the refresh's stream is handed out is not missed: the refresh ends cancelled before the stop returns")
    func aStopRightAfterTheStartIsNotMissed() async throws {
        let harness = RefreshHarness()
        _ = await harness.store.seed("https://slow.example/feed")
        await harness.fetcher.script("https://slow.example/feed",
                                     .delayed(.seconds(30), .respond(.body("A|1", at: "https://slow.example/feed"))))
        let interactor = harness.interactor(at: RefreshHarness.start)
        let started = ContinuousClock.now
        let stream = interactor.refresh(.all)
        await interactor.stopRefreshes()
        var events: [RefreshEvent] = []
        for await event in stream { events.append(event) }
        #expect(events.summary?.cancelled == true, "\(events)")
        #expect(ContinuousClock.now - started < .seconds(10), "the 30 s fetch was not waited for")
    }

    @Test("a cancel, then a stop (the web's cancel button, then serve stopped): the stop still waits for the cancelled refresh to end")
    func aStopAfterACancelWaitsForTheRefresh() async throws {
        let harness = RefreshHarness()
        _ = await harness.store.seed("https://gated.example/feed")
        // The gate does not yield to cancellation: the refresh cannot end before it opens.
        await harness.fetcher.script("https://gated.example/feed",
                                     .gated(.respond(.body("A|1", at: "https://gated.example/feed"))))
        let interactor = harness.interactor(at: RefreshHarness.start)
        let stream = interactor.refresh(.all)
        let deadline = ContinuousClock.now + .seconds(10)
        while await harness.fetcher.fetchesInFlight == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        await interactor.cancelRefreshes()
        let fetcher = harness.fetcher
        let opener = Task {
            try? await Task.sleep(for: .milliseconds(300))
            await fetcher.openGate()
        }
        let started = ContinuousClock.now
        await interactor.stopRefreshes()
        #expect(ContinuousClock.now - started >= .milliseconds(250), "the stop waited for the cancelled refresh")
        var events: [RefreshEvent] = []
        for await event in stream { events.append(event) }
        #expect(events.summary?.cancelled == true, "\(events)")
        await opener.value
    }

    @Test func eventsComeInOrderWithOneTerminalEventPerFeed() async throws {
        let harness = RefreshHarness()
        let stored = await harness.store.seed("https://a.example/feed")
        let unchanged = await harness.store.seed("https://b.example/feed", state: FetchState(etag: "\"e\""))
        let failing = await harness.store.seed("https://c.example/feed")
        await harness.fetcher.script("https://a.example/feed", .delayed(.milliseconds(20), .respond(.body("A|1\nB|2", at: "https://a.example/feed"))))
        await harness.fetcher.script("https://b.example/feed", .respond(.notModified(at: "https://b.example/feed")))
        await harness.fetcher.script("https://c.example/feed", .fail(.connectionFailed(reason: "reset by peer")))
        let events = await harness.run()
        #expect(events.first == .started(total: 3))
        #expect(events.last == .finished(RefreshSummary(total: 3, stored: 1, notModified: 1, failed: 1, newArticles: 2, cancelled: false)))
        #expect(events.dropLast().allSatisfy { if case .finished = $0 { false } else { true } })
        #expect(events.finishedFeeds.sorted() == [stored, unchanged, failing])
        for id in [stored, unchanged, failing] {
            let fetching = try #require(events.firstIndex { if case .fetching(let ref) = $0 { ref.id == id } else { false } })
            let terminal = try #require(events.firstIndex { event in
                switch event {
                case .notModified(let ref), .stored(let ref, _), .failed(let ref, _): ref.id == id
                default: false
                }
            })
            #expect(fetching < terminal)
        }
    }

    @Test func anExplicitSelectionRefreshesOnlyTheNamedFeeds() async {
        let harness = RefreshHarness()
        let ids = await seedFeeds(harness, urls: ["https://a.example/1", "https://a.example/2", "https://a.example/3"])
        let events = await harness.run(.feeds([ids[2], ids[0], ids[2], FeedID(999)]))
        #expect(events.first == .started(total: 2))
        #expect(Set(await harness.fetcher.requestedURLs()) == ["https://a.example/1", "https://a.example/3"])
    }

    @Test func aDueRefreshSkipsFeedsThatAreNotDue() async {
        let harness = RefreshHarness()
        let start = RefreshHarness.start
        await harness.store.seed("https://a.example/due", state: FetchState(nextDueAt: start.addingTimeInterval(-1)))
        await harness.store.seed("https://a.example/later", state: FetchState(nextDueAt: start.addingTimeInterval(60)))
        await harness.store.seed("https://a.example/new")
        await harness.fetcher.script("https://a.example/due", .respond(.notModified(at: "https://a.example/due")))
        await harness.fetcher.script("https://a.example/new", .respond(.body("A|1", at: "https://a.example/new")))
        let events = await harness.run(.due)
        #expect(events.first == .started(total: 2))
        #expect(Set(await harness.fetcher.requestedURLs()) == ["https://a.example/due", "https://a.example/new"])
    }

    @Test("Given feeds scheduled by a clock that was a week ahead, when the clock jumps back and a due refresh runs, then they are fetched now; a feed scheduled within reach still waits")
    func aClockThatJumpedBackDoesNotStrandFeeds() async {
        let harness = RefreshHarness()
        let now = RefreshHarness.start
        let week: TimeInterval = 7 * 86_400
        // Scheduled a day ahead by a clock that read a week later than now (its own day-long interval).
        await harness.store.seed("https://a.example/stranded", state: FetchState(nextDueAt: now.addingTimeInterval(week + 86_400)))
        // Retrying after a long backoff, also set by the fast clock.
        await harness.store.seed("https://a.example/failing", state: FetchState(errorCount: 9, nextDueAt: now.addingTimeInterval(week + 3_600)))
        // Scheduled normally by this clock: not due yet, must wait.
        await harness.store.seed("https://a.example/normal", state: FetchState(nextDueAt: now.addingTimeInterval(3_600)))
        await harness.store.seed("https://a.example/gone", state: FetchState(nextDueAt: now.addingTimeInterval(30 * 86_400), isGone: true))
        for url in ["https://a.example/stranded", "https://a.example/failing"] {
            await harness.fetcher.script(url, .respond(.notModified(at: url)))
        }
        let events = await harness.run(.due, at: now)
        #expect(events.first == .started(total: 2))
        #expect(Set(await harness.fetcher.requestedURLs()) == ["https://a.example/stranded", "https://a.example/failing"])
        #expect(harness.policy.schedulingHorizon(settings: FeedSettings()) == max(harness.policy.maximumInterval, harness.policy.backoffCap))
    }
}
