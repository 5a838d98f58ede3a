import Foundation
import HeraldDomain
import HeraldInteractors
import Testing

/// A refresh has the store index its new articles while it runs, each time `indexingBatch` of them
/// wait, and always once more at its end.
@Suite("Refresh: indexing while feeds are still fetched")
struct RefreshIndexingTests {
    private func seed(_ harness: RefreshHarness, feeds: Int) async {
        for feed in 0..<feeds {
            let url = "https://host\(feed).example/feed"
            await harness.store.seed(url)
            await harness.fetcher.script(url, .respond(.body("First|urn:\(feed)-a\nSecond|urn:\(feed)-b", at: url)))
        }
    }

    @Test func storedArticlesAreIndexedByBatchesAndOnceMoreAtTheEnd() async {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(maxConcurrentFetches: 2, jitterStyle: .none, indexingBatch: 4)
        await seed(harness, feeds: 10)
        let events = await harness.run()
        #expect(events.summary?.newArticles == 20)
        let indexings = await harness.store.finishedSavings
        // 20 new articles by batches of 4: between 1 and 5 indexings while running, one at the end.
        #expect(indexings >= 2 && indexings <= 6, "\(indexings) indexings")
    }

    @Test func withoutABatchTheArticlesAreIndexedOnlyAtTheEnd() async {
        var harness = RefreshHarness()
        harness.policy = RefreshPolicy(jitterStyle: .none, indexingBatch: nil)
        await seed(harness, feeds: 10)
        _ = await harness.run()
        #expect(await harness.store.finishedSavings == 1)
    }

    @Test func aRefreshWithFewNewArticlesIndexesThemOnceAtItsEnd() async {
        let harness = RefreshHarness()
        await seed(harness, feeds: 10)
        _ = await harness.run()
        #expect(await harness.store.finishedSavings == 1)
    }
}
