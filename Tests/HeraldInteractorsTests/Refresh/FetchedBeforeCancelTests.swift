import Foundation
import HeraldDomain
@testable import HeraldInteractors
import HeraldPorts
import Testing

/// Full texts awaited by one article; refuses a cancelled task's calls, as both stores do.
private actor CancelRefusingFullTextStore: FullTextStoring {
    let candidate: FullTextCandidate
    private(set) var saved: [ArticleID: ArticleFullText] = [:]

    init(candidate: FullTextCandidate) { self.candidate = candidate }

    private func refuseIfCancelled() throws(StoreError) {
        if Task.isCancelled { throw StoreError.database(reason: "the task was cancelled") }
    }

    func articlesAwaitingFullText(in feed: FeedID, since: Date, maxAttempts: Int,
                                  limit: Int) async throws(StoreError) -> [FullTextCandidate] {
        try refuseIfCancelled()
        return saved[candidate.articleID] == nil ? [candidate] : []
    }

    func saveFullText(_ fullText: ArticleFullText, for article: ArticleID) async throws(StoreError) {
        try refuseIfCancelled()
        saved[article] = fullText
    }

    func recordFullTextFailure(_ reason: String, for article: ArticleID, at date: Date) async throws(StoreError) {
        try refuseIfCancelled()
    }

    func fullTexts(of articles: [ArticleID]) async throws(StoreError) -> [ArticleID: ArticleFullText] {
        saved.filter { articles.contains($0.key) }
    }
}

/// Extracts a fixed article, and cancels the task it runs in as it does: a Ctrl-C that lands
/// after the page arrived and before it is stored.
private struct CancellingExtractor: ArticleExtracting {
    func extractArticle(from page: Data, pageURL: String?, charset: String?, linkedFrom feedURL: String?) -> ExtractedArticle {
        withUnsafeCurrentTask { $0?.cancel() }
        return ExtractedArticle(title: "The whole story", isReaderable: true, html: "<p>Every word.</p>", text: "Every word.")
    }
}

@Suite("A page fetched just before a cancel is kept")
struct FullTextCancelTests {
    @Test("the refresh is cancelled between the page's fetch and its save: the full text is stored all the same")
    func pageFetchedBeforeTheCancelIsKept() async throws {
        let harness = RefreshHarness()
        _ = await harness.store.seed("https://news.example/feed", settings: FeedSettings(fullText: true))
        await harness.fetcher.script("https://news.example/feed", .respond(.body("A|1", at: "https://news.example/feed")))
        let page = "https://news.example/story"
        await harness.fetcher.script(page, .respond(.body("<html><body><p>Every word.</p></body></html>", at: page)))
        let candidate = FullTextCandidate(articleID: ArticleID(7), url: page)
        let fullTexts = CancelRefusingFullTextStore(candidate: candidate)
        let interactor = RefreshInteractor(feeds: harness.store, fetcher: harness.fetcher, parser: harness.parser,
                                           clock: FixedWallClock(RefreshHarness.start), policy: harness.policy,
                                           jitter: harness.jitter, fullTexts: fullTexts, extractor: CancellingExtractor())
        var events: [RefreshEvent] = []
        for await event in interactor.refresh(.all) { events.append(event) }
        #expect(await harness.fetcher.requests.contains { $0.url == page }, "the page was fetched")
        #expect(await fullTexts.saved[candidate.articleID]?.text == "Every word.", "\(events)")
    }
}

/// Icons kept in memory; refuses a cancelled task's calls, as both stores do.
private actor CancelRefusingIconStore: FeedIconStoring {
    private(set) var saved: [FeedIcon] = []

    private func refuseIfCancelled() throws(StoreError) {
        if Task.isCancelled { throw StoreError.database(reason: "the task was cancelled") }
    }

    func saveIcon(_ icon: FeedIcon) async throws(StoreError) {
        try refuseIfCancelled()
        saved.append(icon)
    }

    func recordIconMissing(for feed: FeedID, at date: Date) async throws(StoreError) { try refuseIfCancelled() }
    func iconCheckTimes() async throws(StoreError) -> [FeedID: Date] { [:] }
    func icons() async throws(StoreError) -> [FeedIcon] { saved }
    func feedsWithIcons() async throws(StoreError) -> Set<FeedID> { Set(saved.map(\.feedID)) }
    func icon(for feed: FeedID) async throws(StoreError) -> FeedIcon? { saved.first { $0.feedID == feed } }
}

@Suite("An icon fetched just before a cancel is kept")
struct IconCancelTests {
    @Test("the refresh is cancelled while the icon is on its way: once it arrives it is stored all the same")
    func iconArrivingAfterTheCancelIsKept() async throws {
        let harness = RefreshHarness()
        let feedID = await harness.store.seed("https://site.example/feed")
        await harness.fetcher.script("https://site.example/feed", .respond(.body("A|1", at: "https://site.example/feed")))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        let favicon = "https://site.example/favicon.ico"
        // The gate does not yield to the cancel: the icon arrives after it, as a download that had
        // finished when Ctrl-C came.
        await harness.fetcher.script(favicon, .gated(.respond(FetchResponse(
            finalURL: favicon, outcome: .content(Data(png), contentType: "image/png", charset: nil)))))
        let icons = CancelRefusingIconStore()
        let interactor = RefreshInteractor(feeds: harness.store, fetcher: harness.fetcher, parser: harness.parser,
                                           clock: FixedWallClock(RefreshHarness.start), policy: harness.policy,
                                           jitter: harness.jitter, icons: icons)
        let stream = interactor.refresh(.all)
        let deadline = ContinuousClock.now + .seconds(10)
        while await !harness.fetcher.requests.contains(where: { $0.url == favicon }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        await interactor.cancelRefreshes()
        await harness.fetcher.openGate()
        // The feed itself was stored before the cancel, so the summary has nothing left undone.
        var events: [RefreshEvent] = []
        for await event in stream { events.append(event) }
        #expect(events.summary?.stored == 1, "\(events)")
        #expect(await icons.saved.map(\.feedID) == [feedID], "the store refused nothing: the save ran outside the cancelled task")
    }
}
