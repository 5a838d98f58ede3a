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
