import Foundation
import HeraldDomain
@testable import HeraldInteractors
import Testing

@Suite("Refresh pipeline: conditional GET, body hash, store, failures")
struct RefreshPipelineTests {
    let url = "https://news.example.org/feed.xml"
    let now = RefreshHarness.start
    let body = "title: Example News\nttl: 120\nFirst story|urn:1\nSecond story|urn:2"

    @Test func storedValidatorsAreSent() async throws {
        let harness = RefreshHarness()
        await harness.store.seed(url, state: FetchState(etag: "\"v7\"", lastModified: "Sat, 21 Nov 2026 10:00:00 GMT"))
        await harness.fetcher.script(url, .respond(.notModified(at: url)))
        _ = await harness.run()
        let request = try #require(await harness.fetcher.requests.first)
        #expect(request == FetchRequest(url: url, etag: "\"v7\"", lastModified: "Sat, 21 Nov 2026 10:00:00 GMT"))
    }

    @Test func notModifiedRecordsSuccessWithoutParsing() async throws {
        let harness = RefreshHarness()
        let failure = FeedFailure(kind: .timeout, message: "slow")
        let id = await harness.store.seed(url, state: FetchState(etag: "\"v7\"", lastError: failure, errorCount: 2))
        await harness.fetcher.script(url, .respond(.notModified(at: url)))
        let events = await harness.run()
        #expect(events.contains(.notModified(FeedReference(id: id, title: url))))
        #expect(harness.parser.parseCount == 0)
        #expect(await harness.store.saves.isEmpty)
        let state = try await harness.store.feed(id).fetchState
        #expect(state.etag == "\"v7\"")
        #expect(state.lastSuccessAt == now)
        #expect(state.errorCount == 0)
        #expect(state.lastError == nil)
        #expect(state.nextDueAt == now.addingTimeInterval(3600))
        #expect(events.summary == RefreshSummary(total: 1, stored: 0, notModified: 1, failed: 0, newArticles: 0, cancelled: false))
    }

    @Test func aFeedIsParsedAndStoredWithItsOutcome() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        await harness.fetcher.script(url, .respond(.body(body, at: url, etag: "\"a1\"", charset: "windows-1252")))
        let events = await harness.run()
        let outcome = StoreOutcome(inserted: 2, updated: 0, unchanged: 0)
        #expect(events.contains(.stored(FeedReference(id: id, title: "Example News"), outcome)))
        #expect(harness.parser.lastCall?.documentURL == url)
        #expect(harness.parser.lastCall?.charset == "windows-1252")
        let feed = try await harness.store.feed(id)
        #expect(feed.title == "Example News")
        #expect(feed.fetchState.etag == "\"a1\"")
        #expect(feed.fetchState.bodyHash == BodyHash.fingerprint(of: Data(body.utf8)))
        #expect(feed.fetchState.nextDueAt == now.addingTimeInterval(7200))
        #expect(await harness.store.articleIdentities(of: id) == ["urn:1", "urn:2"])
        #expect(events.summary?.newArticles == 2)
    }

    @Test func anUnchangedBodyIsNeverParsedAgain() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        await harness.fetcher.script(url, .respond(.body(body, at: url)))
        _ = await harness.run()
        #expect(harness.parser.parseCount == 1)
        let later = now.addingTimeInterval(7200)
        let events = await harness.run(.due, at: later)
        #expect(harness.parser.parseCount == 1)
        #expect(events.contains(.notModified(FeedReference(id: id, title: "Example News"))))
        #expect(await harness.store.saves == [id])
        // Each refresh ends by letting the store finish what it deferred while saving.
        #expect(await harness.store.finishedSavings == 2)
        // The TTL of the last parse keeps scheduling while the body does not change.
        #expect(try await harness.store.feed(id).fetchState.nextDueAt == later.addingTimeInterval(7200))
    }

    @Test func aBodyFingerprintedByAnEarlierVersionIsNotParsedAgain() async throws {
        // Versions before 2026-11-27 stored 16 digits of FNV-1a; the same body must still count as
        // unchanged once (parsing it again would bring back what retention deleted), and the new
        // fingerprint is stored in its place.
        let harness = RefreshHarness()
        let legacy = String(Data(body.utf8).withUnsafeBytes { BodyHash.fnv1a($0) }, radix: 16)
        let id = await harness.store.seed(url, state: FetchState(bodyHash: String(repeating: "0", count: 16 - legacy.count) + legacy))
        await harness.fetcher.script(url, .respond(.body(body, at: url)))
        let events = await harness.run()
        #expect(harness.parser.parseCount == 0)
        #expect(events.contains { event in
            if case .notModified(let feed) = event { return feed.id == id } else { return false }
        })
        #expect(try await harness.store.feed(id).fetchState.bodyHash == BodyHash.fingerprint(of: Data(body.utf8)))
    }

    @Test func aChangedBodyIsParsedAgain() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        await harness.fetcher.script(url, .respond(.body(body, at: url)), .respond(.body(body + "\nThird|urn:3", at: url)))
        _ = await harness.run()
        let events = await harness.run(at: now.addingTimeInterval(7200))
        #expect(harness.parser.parseCount == 2)
        #expect(events.contains(.stored(FeedReference(id: id, title: "Example News"), StoreOutcome(inserted: 1, updated: 0, unchanged: 2))))
    }

    @Test func failuresBackOffExponentiallyUpToTheCap() async throws {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(minimumInterval: 60, backoffBase: 300, backoffCap: 1000, jitterStyle: .none)
        let id = await harness.store.seed(url)
        await harness.fetcher.script(url, .fail(.timedOut))
        var delays: [TimeInterval] = []
        for round in 0..<4 {
            let time = now.addingTimeInterval(Double(round) * 5000)
            let events = await harness.run(.due, at: time)
            #expect(events.failures[id] == FeedFailure(kind: .timeout, message: FetchError.timedOut.message))
            let state = try await harness.store.feed(id).fetchState
            #expect(state.errorCount == round + 1)
            delays.append(try #require(state.nextDueAt).timeIntervalSince(time))
        }
        #expect(delays == [300, 600, 1000, 1000])
    }

    @Test("A failure never makes a feed asked sooner than a healthy one may be; a 429 or 503 waits the feed's whole usual interval")
    func failuresWaitAtLeastTheMinimumInterval() async throws {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(jitterStyle: .none)
        let timeout = await harness.store.seed("https://slow.example/feed")
        let limited = await harness.store.seed("https://busy.example/feed")
        let unavailable = await harness.store.seed("https://down.example/feed")
        let eager = await harness.store.seed("https://own.example/feed", settings: FeedSettings(minimumInterval: 120))
        await harness.fetcher.script("https://slow.example/feed", .fail(.timedOut))
        await harness.fetcher.script("https://busy.example/feed", .fail(.rateLimited(status: 429, retryAfter: nil)))
        await harness.fetcher.script("https://down.example/feed", .fail(.httpStatus(503)))
        await harness.fetcher.script("https://own.example/feed", .fail(.timedOut))
        _ = await harness.run(.all, at: now)
        func wait(_ id: FeedID) async throws -> TimeInterval {
            try #require(try await harness.store.feed(id).fetchState.nextDueAt).timeIntervalSince(now)
        }
        #expect(try await wait(timeout) == 15 * 60, "the policy's minimum, not the 5-minute backoff")
        #expect(try await wait(limited) == 3600, "asked to slow down: the usual hour")
        #expect(try await wait(unavailable) == 3600)
        #expect(try await wait(eager) == 300, "the feed's own minimum of 2 minutes lets the backoff decide")
    }

    @Test("A network failure (this machine offline, say) backs off no further than the usual interval; a server's error backs off to the cap")
    func networkFailuresBackOffToTheUsualInterval() async throws {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(jitterStyle: .none)
        let offline = await harness.store.seed("https://offline.example/feed")
        let broken = await harness.store.seed("https://broken.example/feed")
        await harness.fetcher.script("https://offline.example/feed", .fail(.dnsFailure(host: "offline.example")))
        await harness.fetcher.script("https://broken.example/feed", .fail(.httpStatus(500)))
        var time = now
        for _ in 0..<10 {
            _ = await harness.run(.all, at: time)
            time = time.addingTimeInterval(24 * 3600)
        }
        let last = time.addingTimeInterval(-24 * 3600)
        let offlineWait = try #require(try await harness.store.feed(offline).fetchState.nextDueAt).timeIntervalSince(last)
        let brokenWait = try #require(try await harness.store.feed(broken).fetchState.nextDueAt).timeIntervalSince(last)
        #expect(offlineWait == 3600)
        #expect(brokenWait == 24 * 3600)
    }

    @Test("A 429 pauses the whole host: the run's other feeds of that site are not asked, other sites are")
    func aRateLimitPausesTheHost() async throws {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(maxConcurrentPerHost: 1, jitterStyle: .none)
        let first = await harness.store.seed("https://busy.example/a.xml")
        let second = await harness.store.seed("https://busy.example/b.xml")
        let other = await harness.store.seed("https://calm.example/feed.xml")
        // Either feed of the busy site may be asked first (one request at a time there, in no set
        // order): the site answers whichever it is with a 429, and the other is not asked.
        let busy = ["https://busy.example/a.xml", "https://busy.example/b.xml"]
        for feed in busy {
            await harness.fetcher.script(feed, .fail(.rateLimited(status: 429, retryAfter: now.addingTimeInterval(1800))))
        }
        await harness.fetcher.script("https://calm.example/feed.xml", .respond(.body("C|1", at: "https://calm.example/feed.xml")))
        let events = await harness.run(.feeds([first, second, other]), at: now)
        let asked = await harness.fetcher.requests.map(\.url)
        #expect(asked.contains("https://calm.example/feed.xml"))
        let askedBusy = asked.filter(busy.contains)
        #expect(askedBusy.count == 1, "\(asked)")
        let notAsked = askedBusy.first == busy[0] ? FeedReference(id: second, title: busy[1]) : FeedReference(id: first, title: busy[0])
        #expect(events.contains(.skipped(notAsked, .serverAskedToWait(status: 429, minutesLeft: 30))), "\(events)")
    }

    @Test("After a 429, even a refresh of every feed does not ask the site again before the time set; after it, it does")
    func aRateLimitedFeedWaitsEvenForRefreshAll() async throws {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(jitterStyle: .none)
        let id = await harness.store.seed(url)
        let retry = now.addingTimeInterval(2 * 3600)
        await harness.fetcher.script(url, .fail(.rateLimited(status: 429, retryAfter: retry)), .respond(.body("A|1", at: url)))
        _ = await harness.run(.all, at: now)
        let again = await harness.run(.all, at: now.addingTimeInterval(600))
        #expect(again.contains(.skipped(FeedReference(id: id, title: url), .serverAskedToWait(status: 429, minutesLeft: 110))),
                "\(again)")
        #expect(await harness.fetcher.requests.count == 1)
        _ = await harness.run(.all, at: retry.addingTimeInterval(1))
        #expect(await harness.fetcher.requests.count == 2)
    }

    @Test func validatorsOfTheLastSuccessSurviveAFailure() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url, state: FetchState(etag: "\"keep\"", bodyHash: "0123456789abcdef"))
        await harness.fetcher.script(url, .fail(.httpStatus(500)))
        let events = await harness.run()
        #expect(events.failures[id]?.kind == .httpError)
        #expect(events.failures[id]?.status == 500)
        let state = try await harness.store.feed(id).fetchState
        #expect(state.etag == "\"keep\"")
        #expect(state.bodyHash == "0123456789abcdef")
    }

    @Test func retryAfterIsHonoured() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url)
        let retryAt = now.addingTimeInterval(3 * 3600)
        await harness.fetcher.script(url, .fail(.rateLimited(status: 503, retryAfter: retryAt)))
        let events = await harness.run()
        #expect(events.failures[id]?.kind == .rateLimited)
        #expect(events.failures[id]?.status == 503)
        #expect(try await harness.store.feed(id).fetchState.nextDueAt == retryAt)
    }

    @Test func aPageThatIsNotAFeedFailsAndKeepsTheOldHash() async throws {
        let harness = RefreshHarness()
        let id = await harness.store.seed(url, state: FetchState(bodyHash: "0123456789abcdef"))
        await harness.fetcher.script(url, .respond(.body("<html><body>Moved</body></html>", at: url)))
        let events = await harness.run()
        #expect(events.failures[id] == FeedFailure(kind: .notAFeed, message: FeedParseError.notAFeed(detected: "an HTML page").message))
        let state = try await harness.store.feed(id).fetchState
        #expect(state.bodyHash == "0123456789abcdef")
        #expect(state.errorCount == 1)
    }

    @Test func oneFailingFeedDoesNotAffectTheOthers() async throws {
        let harness = RefreshHarness()
        let good = await harness.store.seed("https://a.example/feed")
        let broken = await harness.store.seed("https://b.example/feed")
        let unreachable = await harness.store.seed("https://c.example/feed")
        let full = await harness.store.seed("https://d.example/feed")
        let alsoGood = await harness.store.seed("https://e.example/feed")
        await harness.store.failSaves(of: full)
        await harness.fetcher.script("https://a.example/feed", .respond(.body("A|1", at: "https://a.example/feed")))
        await harness.fetcher.script("https://b.example/feed", .respond(.body("garbage", at: "https://b.example/feed")))
        await harness.fetcher.script("https://c.example/feed", .fail(.dnsFailure(host: "c.example")))
        await harness.fetcher.script("https://d.example/feed", .respond(.body("D|1", at: "https://d.example/feed")))
        await harness.fetcher.script("https://e.example/feed", .respond(.body("E|1", at: "https://e.example/feed")))
        let events = await harness.run()
        #expect(Set(events.failures.keys) == [broken, unreachable, full])
        #expect(events.failures[broken]?.kind == .parse)
        #expect(events.failures[unreachable]?.kind == .dns)
        #expect(events.failures[full]?.message == StoreError.diskFull.message)
        #expect(Set(await harness.store.saves) == [good, alsoGood])
        #expect(events.summary == RefreshSummary(total: 5, stored: 2, notModified: 0, failed: 3, newArticles: 2, cancelled: false))
    }
}
