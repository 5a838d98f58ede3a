import Foundation
import HeraldDomain
import HeraldInteractors
import Testing

@Suite("Refresh: gone feeds and redirects")
struct RefreshGoneAndRedirectTests {
    let url = "http://old.example.com/rss"
    let target = "https://new.example.com/feed"
    let now = RefreshHarness.start
    let day: TimeInterval = 24 * 3600

    @Test func a410StopsDuePollingButNotAnExplicitRefresh() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        await harness.fetcher.script(url, .fail(.gone))
        let events = await harness.run(.due)
        #expect(events.failures[id] == FeedFailure(kind: .gone, message: FetchError.gone.message, status: 410))
        #expect(try await harness.store.feed(id).fetchState.isGone)

        let later = await harness.run(.due, at: now.addingTimeInterval(30 * day))
        #expect(later.first == .started(total: 0))
        #expect(await harness.fetcher.requests.count == 1)

        _ = await harness.run(.all, at: now.addingTimeInterval(30 * day))
        #expect(await harness.fetcher.requests.count == 2)
    }

    @Test func aGoneFeedThatAnswersAgainIsPolledAgain() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        await harness.fetcher.script(url, .fail(.gone), .respond(.body("Back|1", at: url)))
        _ = await harness.run(.due)
        _ = await harness.run(.feeds([id]), at: now.addingTimeInterval(day))
        let state = try await harness.store.feed(id).fetchState
        #expect(!state.isGone)
        #expect(state.errorCount == 0)
    }

    @Test func threeConsecutive404sMakeAFeedGone() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        await harness.fetcher.script(url, .fail(.notFound))
        var goneAfter: [Bool] = []
        for round in 0..<3 {
            let events = await harness.run(.due, at: now.addingTimeInterval(Double(round) * 2 * day))
            #expect(events.failures[id]?.kind == .notFound)
            goneAfter.append(try await harness.store.feed(id).fetchState.isGone)
        }
        #expect(goneAfter == [false, false, true])
        let events = await harness.run(.due, at: now.addingTimeInterval(10 * day))
        #expect(events.first == .started(total: 0))
    }

    @Test func a404AfterOtherFailuresIsNotYetGone() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        await harness.fetcher.script(url, .fail(.timedOut), .fail(.timedOut), .fail(.notFound))
        for round in 0..<3 {
            _ = await harness.run(.due, at: now.addingTimeInterval(Double(round) * 2 * day))
        }
        let state = try await harness.store.feed(id).fetchState
        #expect(state.errorCount == 3)
        #expect(!state.isGone)
    }

    @Test func aPermanentRedirectMovesTheFeedOnlyOnTheSecondConsecutiveRefresh() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        let moved = FetchResponse.body("title: Moved\nA|1", at: url, redirects: [RedirectHop(from: url, to: target, status: 301)])
        await harness.fetcher.script(url, .respond(moved))

        let first = await harness.run()
        #expect(!first.contains { if case .moved = $0 { true } else { false } })
        var feed = try await harness.store.feed(id)
        #expect(feed.url == url)
        #expect(feed.fetchState.pendingRedirect == PendingRedirect(target: target, timesSeen: 1))

        let second = await harness.run(at: now.addingTimeInterval(day))
        #expect(second.contains(.moved(FeedReference(id: id, title: "Moved"), to: target)))
        feed = try await harness.store.feed(id)
        #expect(feed.url == target)
        #expect(feed.fetchState.pendingRedirect == nil)
        #expect(await harness.store.articleIdentities(of: id) == ["1"])
        #expect(await harness.store.moves.map(\.1) == [target])
        let movedIndex = try #require(second.firstIndex { if case .moved = $0 { true } else { false } })
        let terminalIndex = try #require(second.firstIndex(of: .notModified(FeedReference(id: id, title: "Moved"))))
        #expect(movedIndex < terminalIndex)
    }

    @Test func aRedirectNotSeenConsecutivelyIsNotConfirmed() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        let hop = [RedirectHop(from: url, to: target, status: 308)]
        let elsewhere = [RedirectHop(from: url, to: "https://other.example.com/feed", status: 301)]
        await harness.fetcher.script(
            url,
            .respond(.body("A|1", at: url, redirects: hop)),
            .respond(.body("A|1", at: url)),
            .respond(.body("A|1", at: url, redirects: hop)),
            .respond(.body("A|1", at: url, redirects: elsewhere))
        )
        var pending: [PendingRedirect?] = []
        for round in 0..<4 {
            _ = await harness.run(at: now.addingTimeInterval(Double(round) * day))
            pending.append(try await harness.store.feed(id).fetchState.pendingRedirect)
        }
        #expect(pending == [
            PendingRedirect(target: target, timesSeen: 1), nil,
            PendingRedirect(target: target, timesSeen: 1),
            PendingRedirect(target: "https://other.example.com/feed", timesSeen: 1),
        ])
        #expect(try await harness.store.feed(id).url == url)
    }

    @Test("A feed that worked yesterday is not given up after three quick 404s; a week of failing and it is")
    func a404GiveUpNeedsAWeekOfFailing() async throws {
        let harness = RefreshHarness()
        let lastWorked = now.addingTimeInterval(-day)
        let id = await harness.store.seed(url, state: FetchState(lastSuccessAt: lastWorked, nextDueAt: now))
        await harness.fetcher.script(url, .fail(.notFound))
        for round in 0..<4 {
            _ = await harness.run(.feeds([id]), at: now.addingTimeInterval(Double(round) * 1200))
        }
        var state = try await harness.store.feed(id).fetchState
        #expect(state.errorCount == 4 && !state.isGone, "a site being rebuilt answers 404 for a while")
        _ = await harness.run(.feeds([id]), at: lastWorked.addingTimeInterval(8 * day))
        state = try await harness.store.feed(id).fetchState
        #expect(state.isGone)
    }

    @Test("A permanent redirect to a page that is not a feed is not counted: a catch-all 301 to a home page never moves the feed")
    func aRedirectToAPageIsNotConfirmed() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        let home = "https://new.example.com/"
        await harness.fetcher.script(url, .respond(.body("<html><body>Welcome</body></html>", at: url,
                                                         redirects: [RedirectHop(from: url, to: home, status: 301)])))
        for round in 0..<3 {
            let events = await harness.run(at: now.addingTimeInterval(Double(round) * day))
            #expect(events.failures[id]?.kind == .notAFeed)
            #expect(!events.contains { if case .moved = $0 { true } else { false } })
        }
        let feed = try await harness.store.feed(id)
        #expect(feed.url == url)
        #expect(feed.fetchState.pendingRedirect == nil)
        #expect(await harness.store.moves.isEmpty)
    }

    @Test(arguments: [302, 303, 307])
    func aTemporaryRedirectNeverChangesTheURL(status: Int) async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        await harness.fetcher.script(url, .respond(.body("A|1", at: url, redirects: [RedirectHop(from: url, to: target, status: status)])))
        for round in 0..<3 {
            let events = await harness.run(at: now.addingTimeInterval(Double(round) * day))
            #expect(!events.contains { if case .moved = $0 { true } else { false } })
        }
        let feed = try await harness.store.feed(id)
        #expect(feed.url == url)
        #expect(feed.fetchState.pendingRedirect == nil)
        #expect(await harness.store.moves.isEmpty)
    }

    @Test func aChainWithATemporaryHopIsNotPermanent() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        let chain = [RedirectHop(from: url, to: "https://mid.example.com/rss", status: 301),
                     RedirectHop(from: "https://mid.example.com/rss", to: target, status: 302)]
        await harness.fetcher.script(url, .respond(.body("A|1", at: url, redirects: chain)))
        for round in 0..<3 { _ = await harness.run(at: now.addingTimeInterval(Double(round) * day)) }
        #expect(try await harness.store.feed(id).url == url)
    }
}
