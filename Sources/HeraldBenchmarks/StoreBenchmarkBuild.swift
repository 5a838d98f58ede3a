import Foundation
import HeraldDomain
import HeraldStore

/// Fills the benchmark's store as refreshes would: each round saves 100 new items per feed, one
/// transaction per feed, and ends with `finishSaving()` (the indexing of what still waits), as a
/// refresh does. Rounds alternate between one save at a time and `concurrentSaves` saves in
/// flight (a refresh runs many feeds at once, so their saves overlap). Each round's items are
/// generated first; only the saves and `finishSaving` are timed, by wall clock.
struct StoreBenchmarkBuild {
    let store: SQLiteStore
    let path: String
    let feedCount: Int
    let concurrentSaves = 4
    private var articles: [Bool: Int] = [:]
    private var milliseconds: [Bool: Double] = [:]

    init(store: SQLiteStore, path: String, feedCount: Int) {
        self.store = store
        self.path = path
        self.feedCount = feedCount
    }

    /// The measured rates, one save at a time first.
    var rates: [(label: String, rate: Double)] {
        [false, true].compactMap { concurrent in
            guard let count = articles[concurrent], let time = milliseconds[concurrent], time > 0 else { return nil }
            let label = concurrent ? "\(concurrentSaves) saves in flight" : "one save at a time"
            return (label, Double(count) / (time / 1000))
        }
    }

    func printRates() {
        for (label, rate) in rates { print("bulk upsert with FTS, \(label): \(Int(rate)) articles/s") }
    }

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
            let concurrent = round % 2 == 1
            let isLast = first + count >= perFeed
            let start = StoreBenchmarkTiming.now()
            let stored = concurrent ? try await saveConcurrently(parsed, to: feeds)
                : try await saveOneByOne(parsed, to: feeds, measuringHalfway: isLast)
            try await store.finishSaving()
            milliseconds[concurrent, default: 0] += StoreBenchmarkTiming.now() - start - stored.untimed
            articles[concurrent, default: 0] += stored.articles
            first += count
            round += 1
            StoreBenchmarkTiming.progress("round \(round): \(stored.articles) articles "
                                          + (concurrent ? "(\(concurrentSaves) saves in flight)" : "(one save at a time)"))
        }
        return feeds
    }

    /// Saves one feed after the other; halfway through the last round, times a page of
    /// everything while articles wait for indexing (not counted in the rate).
    private func saveOneByOne(_ parsed: [ParsedFeed], to feeds: [FeedID], measuringHalfway: Bool)
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

    /// Saves with `concurrentSaves` calls in flight at any time.
    private func saveConcurrently(_ parsed: [ParsedFeed], to feeds: [FeedID]) async throws -> (articles: Int, untimed: Double) {
        let store = self.store
        return try await withThrowingTaskGroup(of: Int.self) { group in
            var next = 0
            var stored = 0
            func add() {
                let index = next
                next += 1
                group.addTask {
                    try await store.saveFetchedFeed(parsed[index], fetchState: FetchState(), for: feeds[index], at: Date()).inserted
                }
            }
            while next < min(concurrentSaves, feeds.count) { add() }
            while let inserted = try await group.next() {
                stored += inserted
                if next < feeds.count { add() }
            }
            return (stored, 0)
        }
    }
}
