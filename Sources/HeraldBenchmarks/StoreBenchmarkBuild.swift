import Foundation
import HeraldDomain
import HeraldStore

/// Fills the benchmark's store as refreshes would: each round saves 100 new items per feed, one
/// transaction per feed, and ends with `finishSaving()` (the indexing of what still waits), as a
/// refresh does; one save at a time. Each round's items are generated first; only the saves and
/// `finishSaving` are timed, by wall clock.
struct StoreBenchmarkBuild {
    let store: SQLiteStore
    let path: String
    let feedCount: Int
    private var articles = 0
    private var milliseconds = 0.0

    init(store: SQLiteStore, path: String, feedCount: Int) {
        self.store = store
        self.path = path
        self.feedCount = feedCount
    }

    /// Articles stored per second.
    var rate: Double { milliseconds > 0 ? Double(articles) / (milliseconds / 1000) : 0 }

    mutating func fill(articles total: Int, corpus: inout StoreBenchmarkCorpus) async throws -> [FeedID] {
        var feeds: [FeedID] = []
        for index in 0..<feedCount {
            let url = "https://feed\(index).example.org/rss.xml"
            feeds.append(try await store.addFeed(NewFeed(url: url, tags: ["tag\(index % 20)"]), at: Date()).feed.id)
        }
        let perFeed = max(1, total / feedCount)
        var first = 0
        var round = 0
        while first < perFeed {
            let count = min(100, perFeed - first)
            let parsed = feeds.indices.map { index in
                ParsedFeed(format: .rss, version: "2.0", plainTitle: "Feed \(index)",
                           items: corpus.items(feed: index, first: first, count: count,
                                               baseDate: StoreBenchmarkBaseline.baseDate))
            }
            let start = StoreBenchmarkTiming.now()
            let stored = try await save(parsed, to: feeds, measuringHalfway: first + count >= perFeed)
            try await store.finishSaving()
            let elapsed = StoreBenchmarkTiming.now() - start - stored.untimed
            milliseconds += elapsed
            articles += stored.articles
            first += count
            round += 1
            StoreBenchmarkTiming.progress("round \(round): \(stored.articles) articles at \(Int(Double(stored.articles) / (elapsed / 1000)))/s")
        }
        return feeds
    }

    /// Saves one feed after the other; halfway through the last round, times a page of
    /// everything while articles wait for indexing (not counted in the rate).
    private func save(_ parsed: [ParsedFeed], to feeds: [FeedID], measuringHalfway: Bool)
        async throws -> (articles: Int, untimed: Double) {
        var stored = 0
        var untimed = 0.0
        for (index, feed) in feeds.enumerated() {
            stored += try await store.saveFetchedFeed(parsed[index], fetchState: FetchState(), for: feed, at: Date()).inserted
            if measuringHalfway, index == feeds.count / 2 {
                let start = StoreBenchmarkTiming.now()
                try await StoreBenchmarkQueries.pageWhileWaiting(store, path: path)
                untimed += StoreBenchmarkTiming.now() - start
            }
        }
        return (stored, untimed)
    }
}
