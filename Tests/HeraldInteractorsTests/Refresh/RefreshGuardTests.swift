import Foundation
import HeraldDomain
import HeraldInteractors
import Testing
import HeraldPorts

/// The worst refresh queue: every claim hands over the same feeds, nothing is ever released, and
/// every feed stays unfinished forever (the livelock of two `refresh --all` on PostgreSQL, made
/// permanent).
private actor BrokenQueue: FeedQueueing {
    let handed: [Feed]
    private(set) var claims = 0

    init(handing feeds: [Feed]) {
        handed = feeds
    }

    func claimFeeds(_ request: FeedClaimRequest) async throws(StoreError) -> [Feed] {
        claims += 1
        return handed
    }

    func extendClaims(holder: String, until: Date) async throws(StoreError) {}
    func releaseClaims(on feeds: [FeedID], holder: String) async throws(StoreError) {}
    func unfinishedFeeds(_ selection: RefreshSelection, run: String, now: Date,
                         strandedAfter: TimeInterval?) async throws(StoreError) -> Int {
        handed.count
    }
}

/// A wall clock a test moves, backwards too.
private final class MovableClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date
    init(_ date: Date) { self.date = date }
    func now() -> Date { lock.withLock { date } }
    func jump(by seconds: TimeInterval) { lock.withLock { date = date.addingTimeInterval(seconds) } }
}

@Suite("Refresh: the politeness guard holds when the queue misbehaves")
struct RefreshGuardTests {
    @Test("a queue that hands the same feeds forever: the run ends, each feed requested once, the rest refused")
    func aBrokenQueueEndsAsARefusal() async throws {
        let harness = RefreshHarness()
        let urls = (0..<6).map { "https://host\($0 % 2).example/feed/\($0)" }
        var seeded: [Feed] = []
        for url in urls {
            let id = await harness.store.seed(url)
            await harness.fetcher.script(url, .respond(.body("Item|\(url)", at: url)))
            seeded.append(try await harness.store.feed(id))
        }
        let queue = BrokenQueue(handing: seeded)
        let clock = MovableClock(RefreshHarness.start)
        let interactor = RefreshInteractor(feeds: harness.store, fetcher: harness.fetcher, parser: harness.parser,
                                           clock: clock, policy: harness.policy, jitter: harness.jitter, queue: queue)
        let events = try await Self.collect(interactor.refresh(.all), within: .seconds(20)) { event in
            // The clock jumps back an hour in the middle of the run.
            if case .stored = event { clock.jump(by: -3600) }
        }
        #expect(events.summary != nil, "the run ended")
        let requested = await harness.fetcher.requestedURLs()
        #expect(requested.sorted() == urls.sorted(), "each feed requested exactly once")
        // One claim to start, at most one more as each feed ends, and the one that found nothing new.
        #expect(await queue.claims <= urls.count + 2, "the run stopped claiming once the queue offered nothing new")
    }

    @Test("the per-host rate cap spaces requests to one host, whatever the concurrency")
    func theHostRateCapHolds() async throws {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(maxConcurrentFetches: 16, maxConcurrentPerHost: 16, jitterStyle: .none)
        harness.policy.hostRequestsPerSecond = 5
        let urls = (0..<11).map { "https://busy.example/feed/\($0)" }
        for url in urls {
            _ = await harness.store.seed(url)
            await harness.fetcher.script(url, .respond(.body("Item|\(url)", at: url)))
        }
        let started = ContinuousClock.now
        let events = await harness.run()
        let elapsed = ContinuousClock.now - started
        #expect(events.summary?.stored == 11)
        // 11 requests at 5 a second: the 6th waits for the first second to pass, the 11th for the second.
        #expect(elapsed >= .milliseconds(1_900), "11 requests took \(elapsed)")
    }

    /// The events of `stream` until it ends, failing if it takes longer than `limit`.
    private static func collect(_ stream: AsyncStream<RefreshEvent>, within limit: Duration,
                                onEvent: @escaping @Sendable (RefreshEvent) -> Void) async throws -> [RefreshEvent] {
        try await withThrowingTaskGroup(of: [RefreshEvent]?.self) { group in
            group.addTask {
                var events: [RefreshEvent] = []
                for await event in stream {
                    onEvent(event)
                    events.append(event)
                }
                return events
            }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return try #require(first, "the refresh did not end within \(limit)")
        }
    }
}
