import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldPostgres

/// The shared refresh queue of the PostgreSQL store: claims are exclusive, bounded per host across
/// holders, expire when not extended, and a run covers each feed once.
@Suite("Refresh queue on PostgreSQL", .enabled(if: Backend.postgresURL != nil, "HERALD_TEST_POSTGRES_URL is not set"))
struct RefreshQueueTests {
    static let now = StoreFixtures.epoch

    static func request(_ selection: RefreshSelection = .dueForEveryone, run: String = UUID().uuidString,
                        holder: String, limit: Int = 100, perHost: Int = 100, at now: Date = now,
                        lease: TimeInterval = 60) -> FeedClaimRequest {
        FeedClaimRequest(selection: selection, run: run, holder: holder, limit: limit, perHost: perHost, now: now,
                         heldUntil: now.addingTimeInterval(lease))
    }

    @Test func holdersClaimingAtOnceGetDisjointFeedsThatCoverTheQueue() async throws {
        let (store, schema) = try await Backend.openPostgres()
        let (other, _) = try await Backend.openPostgres(schema: schema)
        for index in 0..<60 {
            _ = try await store.addFeed(NewFeed(url: "https://h\(index % 12).example.org/\(index).xml"), at: Self.now)
        }
        async let first = store.claimFeeds(Self.request(holder: "a", limit: 40))
        async let second = other.claimFeeds(Self.request(holder: "b", limit: 40))
        let (a, b) = try await (first, second)
        #expect(Set(a.map(\.id)).isDisjoint(with: b.map(\.id)))
        #expect(a.count + b.count == 60)
        #expect(try await store.claimFeeds(Self.request(holder: "c")).isEmpty, "everything is held")
        await other.close()
        await Backend.drop(store, schema: schema)
    }

    @Test func thePerHostLimitHoldsAcrossHolders() async throws {
        try await withQueue { store in
            for index in 0..<10 {
                _ = try await store.addFeed(NewFeed(url: "https://busy.example.org/\(index).xml"), at: Self.now)
            }
            _ = try await store.addFeed(NewFeed(url: "https://quiet.example.org/feed.xml"), at: Self.now)
            let a = try await store.claimFeeds(Self.request(holder: "a", perHost: 2))
            #expect(a.filter { $0.url.contains("busy") }.count == 2)
            #expect(a.contains { $0.url.contains("quiet") })
            let b = try await store.claimFeeds(Self.request(holder: "b", perHost: 2))
            #expect(b.isEmpty, "the busy host is at its limit, the quiet one is held")
            // One busy feed is refreshed (scheduled an hour ahead) and released.
            let busy = try #require(a.first { $0.url.contains("busy") })
            try await store.updateFetchState(FetchState(nextDueAt: Self.now.addingTimeInterval(3600)), for: busy.id)
            try await store.releaseClaims(on: [busy.id], holder: "a")
            let c = try await store.claimFeeds(Self.request(holder: "b", perHost: 2))
            #expect(c.count == 1 && c[0].url.contains("busy") && c[0].id != busy.id)
        }
    }

    @Test func aClaimNotExtendedExpiresAndAnExtendedOneDoesNot() async throws {
        try await withQueue { store in
            let first = try await store.addFeed(NewFeed(url: "https://a.example.org/rss"), at: Self.now).feed
            let second = try await store.addFeed(NewFeed(url: "https://b.example.org/rss"), at: Self.now).feed
            #expect(try await store.claimFeeds(Self.request(holder: "dead", limit: 1, lease: 10)).map(\.id) == [first.id])
            #expect(try await store.claimFeeds(Self.request(holder: "alive", limit: 1, lease: 10)).map(\.id) == [second.id])
            try await store.extendClaims(holder: "alive", until: Self.now.addingTimeInterval(100))
            // Twenty seconds later the dead holder's claim has expired; the extended one holds.
            let later = try await store.claimFeeds(Self.request(holder: "next", at: Self.now.addingTimeInterval(20)))
            #expect(later.map(\.id) == [first.id])
        }
    }

    @Test func aRunClaimsEachFeedOnceAndCountsWhatIsLeft() async throws {
        try await withQueue { store in
            for index in 0..<5 {
                _ = try await store.addFeed(NewFeed(url: "https://r.example.org/\(index).xml"), at: Self.now)
            }
            let run = "run-1"
            #expect(try await store.unfinishedFeeds(.all, run: run, now: Self.now, strandedAfter: nil) == 5)
            let claimed = try await store.claimFeeds(Self.request(.all, run: run, holder: "a", limit: 3))
            #expect(claimed.count == 3)
            #expect(try await store.unfinishedFeeds(.all, run: run, now: Self.now, strandedAfter: nil) == 2)
            try await store.releaseClaims(on: claimed.map(\.id), holder: "a")
            let rest = try await store.claimFeeds(Self.request(.all, run: run, holder: "a"))
            #expect(Set(rest.map(\.id)).isDisjoint(with: claimed.map(\.id)) && rest.count == 2)
            try await store.releaseClaims(on: rest.map(\.id), holder: "a")
            #expect(try await store.claimFeeds(Self.request(.all, run: run, holder: "a")).isEmpty)
            #expect(try await store.unfinishedFeeds(.all, run: run, now: Self.now, strandedAfter: nil) == 0)
            #expect(try await store.claimFeeds(Self.request(.all, run: "run-2", holder: "a")).count == 5)
        }
    }

    @Test("two --all runs passing feeds back and forth: each claims every feed once, then both are done (the livelock of issue 19)")
    func twoAllRunsEachClaimEveryFeedOnce() async throws {
        try await withQueue { store in
            for index in 0..<3 {
                _ = try await store.addFeed(NewFeed(url: "https://l.example.org/\(index).xml"), at: Self.now)
            }
            var claimedBy: [String: [FeedID]] = ["A": [], "B": []]
            // A and B take turns, one feed at a time, releasing each before the other claims.
            for _ in 0..<12 {
                for run in ["A", "B"] {
                    let got = try await store.claimFeeds(Self.request(.all, run: run, holder: run, limit: 1))
                    claimedBy[run, default: []] += got.map(\.id)
                    try await store.releaseClaims(on: got.map(\.id), holder: run)
                }
            }
            #expect(claimedBy["A"]?.count == 3 && Set(claimedBy["A"] ?? []).count == 3, "\(claimedBy)")
            #expect(claimedBy["B"]?.count == 3 && Set(claimedBy["B"] ?? []).count == 3, "\(claimedBy)")
            for run in ["A", "B"] {
                #expect(try await store.unfinishedFeeds(.all, run: run, now: Self.now, strandedAfter: nil) == 0)
            }
        }
    }

    @Test("--all covers the feeds nobody requested since the run began: one requested by another run meanwhile is done")
    func allSkipsFeedsRequestedSinceItBegan() async throws {
        try await withQueue { store in
            let first = try await store.addFeed(NewFeed(url: "https://m.example.org/1.xml"), at: Self.now).feed
            let second = try await store.addFeed(NewFeed(url: "https://m.example.org/2.xml"), at: Self.now).feed
            try await store.beginRefreshRun("late", holder: "p2", now: Self.now)
            try await store.beginRefreshRun("other", holder: "p1", now: Self.now)
            let answer = try await store.requestFetch(of: first.id, run: "other", now: Self.now.addingTimeInterval(1),
                                                      window: 30, liveSince: Self.now)
            #expect(answer == .granted)
            #expect(try await store.unfinishedFeeds(.all, run: "late", now: Self.now, strandedAfter: nil) == 1)
            let claimed = try await store.claimFeeds(Self.request(.all, run: "late", holder: "p2"))
            #expect(claimed.map(\.id) == [second.id])
        }
    }

    @Test func dueClaimsSkipFeedsNotDueAndGoneOnesAndAUsersDueIsTheirOwn() async throws {
        let (alice, schema) = try await Backend.openPostgres(user: "alice", createUser: true)
        let (bob, _) = try await Backend.openPostgres(schema: schema, user: "bob", createUser: true)
        let due = try await alice.addFeed(NewFeed(url: "https://due.example.org/rss"), at: Self.now).feed
        let later = try await alice.addFeed(NewFeed(url: "https://later.example.org/rss"), at: Self.now).feed
        let gone = try await alice.addFeed(NewFeed(url: "https://gone.example.org/rss"), at: Self.now).feed
        let bobs = try await bob.addFeed(NewFeed(url: "https://bob.example.org/rss"), at: Self.now).feed
        try await alice.updateFetchState(FetchState(nextDueAt: Self.now.addingTimeInterval(3600)), for: later.id)
        try await alice.updateFetchState(FetchState(isGone: true), for: gone.id)
        let mine = try await alice.claimFeeds(Self.request(.due, holder: "a"))
        #expect(mine.map(\.id) == [due.id])
        let everyone = try await alice.claimFeeds(Self.request(.dueForEveryone, holder: "w"))
        #expect(everyone.map(\.id) == [bobs.id], "bob's feed, claimed by a worker acting as alice")
        #expect(everyone.first?.url == "https://bob.example.org/rss")
        await bob.close()
        await Backend.drop(alice, schema: schema)
    }

    private func withQueue(_ body: (PostgresStore) async throws -> Void) async throws {
        let (store, schema) = try await Backend.openPostgres()
        do {
            try await body(store)
        } catch {
            await Backend.drop(store, schema: schema)
            throw error
        }
        await Backend.drop(store, schema: schema)
    }
}
