import Foundation
import HeraldDomain
import HeraldStore

/// Fills the benchmark's store as refreshes would: each round saves 100 new items per feed, one
/// transaction per feed, and ends with `finishSaving()` (the indexing of what still waits), as a
/// refresh does. Saves run one at a time, or `savesInFlight` at once from concurrent tasks as in a
/// refresh (each save prepares its items' columns before it waits for the single writer, so the
/// preparation overlaps another feed's transaction). Each round's items are generated first;
/// only the saves and `finishSaving` are timed, by wall clock.
struct StoreBenchmarkBuild {
    let store: SQLiteStore
    let path: String
    let feedCount: Int
    /// How many saves run at once (1: one after the other).
    let savesInFlight: Int
    private var articles = 0
    private var milliseconds = 0.0

    init(store: SQLiteStore, path: String, feedCount: Int, savesInFlight: Int) {
        self.store = store
        self.path = path
        self.feedCount = feedCount
        self.savesInFlight = max(1, savesInFlight)
    }

    /// Articles stored per second.
    var rate: Double { milliseconds > 0 ? Double(articles) / (milliseconds / 1000) : 0 }

    /// Subscribes `feedCount` feeds and stores `total` articles spread evenly over them.
    mutating func fill(articles total: Int, corpus: inout StoreBenchmarkCorpus) async throws -> [FeedID] {
        let perFeed = max(1, total / feedCount)
        return try await fill(counts: Array(repeating: perFeed, count: feedCount), corpus: &corpus, measuringWhileWaiting: true)
    }

    /// Subscribes one feed per entry of `counts` (titled "Feed <index>", tagged "tag<index % 20>") and
    /// stores `counts[index]` articles in each, 100 per feed and round; a feed with fewer articles
    /// sits out the later rounds. With `measuringWhileWaiting`, the last round also times a page
    /// of everything while half of its articles wait for indexing.
    mutating func fill(counts: [Int], corpus: inout StoreBenchmarkCorpus,
                       measuringWhileWaiting: Bool) async throws -> [FeedID] {
        var feeds: [FeedID] = []
        for index in counts.indices {
            let url = "https://feed\(index).example.org/rss.xml"
            feeds.append(try await store.addFeed(NewFeed(url: url, tags: ["tag\(index % 20)"]), at: Date()).feed.id)
        }
        let largest = counts.max() ?? 0
        var first = 0
        var round = 0
        while first < largest {
            let active = counts.indices.filter { counts[$0] > first }
            let parsed = active.map { index in
                ParsedFeed(format: .rss, version: "2.0", plainTitle: "Feed \(index)",
                           items: corpus.items(feed: index, first: first, count: min(100, counts[index] - first),
                                               baseDate: StoreBenchmarkBaseline.baseDate))
            }
            let start = StoreBenchmarkTiming.now()
            let stored = try await save(parsed, to: active.map { feeds[$0] },
                                        measuringHalfway: measuringWhileWaiting && first + 100 >= largest)
            try await store.finishSaving()
            let elapsed = StoreBenchmarkTiming.now() - start - stored.untimed
            milliseconds += elapsed
            articles += stored.articles
            first += 100
            round += 1
            StoreBenchmarkTiming.progress("round \(round): \(stored.articles) articles at \(Int(Double(stored.articles) / (elapsed / 1000)))/s")
        }
        return feeds
    }

    /// Saves every feed; halfway through the last round, times a page of everything while
    /// articles wait for indexing (not counted in the rate).
    private func save(_ parsed: [ParsedFeed], to feeds: [FeedID], measuringHalfway: Bool)
        async throws -> (articles: Int, untimed: Double) {
        guard measuringHalfway else { return (try await save(Array(zip(parsed, feeds))), 0) }
        let half = feeds.count / 2
        var stored = try await save(Array(zip(parsed.prefix(half), feeds.prefix(half))))
        let start = StoreBenchmarkTiming.now()
        try await StoreBenchmarkQueries.pageWhileWaiting(store, path: path)
        let untimed = StoreBenchmarkTiming.now() - start
        stored += try await save(Array(zip(parsed.dropFirst(half), feeds.dropFirst(half))))
        return (stored, untimed)
    }

    /// Saves the feeds with `savesInFlight` calls running at any time; returns the articles stored.
    private func save(_ work: [(ParsedFeed, FeedID)]) async throws -> Int {
        let store = self.store
        let inFlight = savesInFlight
        return try await withThrowingTaskGroup(of: Int.self) { group in
            var next = 0
            var stored = 0
            func add() {
                let (parsed, feed) = work[next]
                next += 1
                group.addTask { try await store.saveFetchedFeed(parsed, fetchState: FetchState(), for: feed, at: Date()).inserted }
            }
            while next < min(inFlight, work.count) { add() }
            while let inserted = try await group.next() {
                stored += inserted
                if next < work.count { add() }
            }
            return stored
        }
    }
}
