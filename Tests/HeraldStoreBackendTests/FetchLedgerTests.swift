import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

/// The fetch ledger both stores keep for the politeness guard: a feed another live run requested
/// within the window is refused, whatever the queue did, also after the clock jumped back; a run
/// that ended or died holds nobody back.
@Suite("Fetch ledger")
struct FetchLedgerTests {
    static let now = StoreFixtures.epoch

    /// `now + seconds`.
    static func at(_ seconds: TimeInterval) -> Date { now.addingTimeInterval(seconds) }
    /// The `liveSince` of a request at `now + seconds`.
    static func live(_ seconds: TimeInterval) -> Date { at(seconds - FetchLedger.liveness) }

    @Test(arguments: Backend.all)
    func aRecentRequestOfARunningRefreshIsRefused(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { store, feed in
            try await store.beginRefreshRun("a", holder: "host:1", now: Self.at(0))
            #expect(try await store.requestFetch(of: feed.id, run: "a", now: Self.at(1), window: 30,
                                                 liveSince: Self.live(1)) == .granted)
            // B began while A ran: A's request of a second ago is refused.
            try await store.beginRefreshRun("b", holder: "host:2", now: Self.at(2))
            #expect(try await store.requestFetch(of: feed.id, run: "b", now: Self.at(3), window: 30, liveSince: Self.live(3))
                    == .recentlyRequested(byHolder: "host:1", at: Self.at(1)))
            // The clock jumped back an hour: A's request is "in the future", still recent.
            #expect(try await store.requestFetch(of: feed.id, run: "b", now: Self.at(-3600), window: 30,
                                                 liveSince: Self.live(-3600)) != .granted)
            // A ended, but B began while A ran: still refused within the window, granted after it.
            try await store.endRefreshRun("a", now: Self.at(10))
            #expect(try await store.requestFetch(of: feed.id, run: "b", now: Self.at(11), window: 30,
                                                 liveSince: Self.live(11)) != .granted)
            #expect(try await store.requestFetch(of: feed.id, run: "b", now: Self.at(40), window: 30,
                                                 liveSince: Self.live(40)) == .granted)
            // Now B's request is the newest and B runs: A asking again is refused.
            #expect(try await store.requestFetch(of: feed.id, run: "a", now: Self.at(41), window: 30,
                                                 liveSince: Self.live(41)) != .granted)
        }
    }

    @Test(arguments: Backend.all)
    func aRequestSinceARunBeganIsRefusedWhateverItsAge(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { store, feed in
            try await store.beginRefreshRun("all", holder: "host:1", now: Self.at(0))
            try await store.beginRefreshRun("other", holder: "host:2", now: Self.at(0))
            #expect(try await store.requestFetch(of: feed.id, run: "other", now: Self.at(5), window: 30,
                                                 liveSince: Self.live(5)) == .granted)
            try await store.endRefreshRun("other", now: Self.at(6))
            // Ten minutes on (a long --all), the feed was still fetched since "all" began.
            try await store.keepRefreshRunAlive("all", now: Self.at(600))
            #expect(try await store.requestFetch(of: feed.id, run: "all", now: Self.at(600), window: 30,
                                                 liveSince: Self.live(600)) != .granted)
        }
    }

    @Test(arguments: Backend.all)
    func aRefreshAfterTheLastOneEndedChecksAfresh(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { store, feed in
            try await store.beginRefreshRun("first", holder: "host:1", now: Self.at(0))
            #expect(try await store.requestFetch(of: feed.id, run: "first", now: Self.at(1), window: 30,
                                                 liveSince: Self.live(1)) == .granted)
            try await store.endRefreshRun("first", now: Self.at(2))
            try await store.beginRefreshRun("second", holder: "host:1", now: Self.at(3))
            #expect(try await store.requestFetch(of: feed.id, run: "second", now: Self.at(4), window: 30,
                                                 liveSince: Self.live(4)) == .granted)
        }
    }

    @Test(arguments: Backend.all)
    func aKilledRunIsDeadOnceItsHeartbeatStops(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { store, feed in
            try await store.beginRefreshRun("killed", holder: "host:9", now: Self.at(0))
            #expect(try await store.requestFetch(of: feed.id, run: "killed", now: Self.at(0), window: 120,
                                                 liveSince: Self.live(0)) == .granted)
            // Fifty seconds later its heartbeat is older than the liveness limit: a refresh that
            // begins then is not concurrent, and the dead run holds it back in no window.
            try await store.beginRefreshRun("next", holder: "host:10", now: Self.at(50))
            #expect(try await store.requestFetch(of: feed.id, run: "next", now: Self.at(51), window: 120,
                                                 liveSince: Self.live(51)) == .granted)
        }
    }

    @Test("the rule in one function: what both stores apply in SQL")
    func theRule() {
        let start = Self.at(0)
        #expect(FetchLedger.refuses(requestedAt: Self.at(5), requesterIsAlive: false, askerStartedAt: start,
                                    askerIsConcurrent: false, now: Self.at(900), window: 30))
        #expect(FetchLedger.refuses(requestedAt: Self.at(-5), requesterIsAlive: true, askerStartedAt: start,
                                    askerIsConcurrent: false, now: Self.at(1), window: 30))
        #expect(!FetchLedger.refuses(requestedAt: Self.at(-5), requesterIsAlive: false, askerStartedAt: start,
                                     askerIsConcurrent: false, now: Self.at(1), window: 30))
        #expect(FetchLedger.refuses(requestedAt: Self.at(-5), requesterIsAlive: false, askerStartedAt: start,
                                    askerIsConcurrent: true, now: Self.at(1), window: 30))
        #expect(!FetchLedger.refuses(requestedAt: Self.at(-40), requesterIsAlive: true, askerStartedAt: start,
                                     askerIsConcurrent: true, now: Self.at(1), window: 30))
    }

    @Test(arguments: Backend.all)
    func twoRunsAskingAtOnceGetOneGrant(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { store, feed in
            for run in ["p", "q", "r", "s"] { try await store.beginRefreshRun(run, holder: run, now: Self.now) }
            let live = Self.now.addingTimeInterval(-FetchLedger.liveness)
            let answers = try await withThrowingTaskGroup(of: FetchLedgerAnswer.self) { group in
                for run in ["p", "q", "r", "s"] {
                    group.addTask { try await store.requestFetch(of: feed.id, run: run, now: Self.now, window: 30, liveSince: live) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0 == .granted }.count == 1, "\(answers)")
        }
    }
}
