import Foundation
import HeraldDomain
import HeraldStore

/// `herald-benchmarks store [--articles N]`: builds a cache of N generated articles over 1,000
/// feeds in a temporary folder and times Herald's store against raw SQLite statements.
enum StoreBenchmark {
    static let feedCount = 1_000

    static func run(_ arguments: [String]) async {
        let articles = arguments.firstIndex(of: "--articles").flatMap { index in
            index + 1 < arguments.count ? Int(arguments[index + 1]) : nil
        } ?? 1_000_000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-store-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try await measure(articles: articles, in: folder)
        } catch {
            StoreBenchmarkTiming.progress("failed: \((error as? StoreError)?.message ?? String(describing: error))")
            exit(1)
        }
    }

    private static func measure(articles: Int, in folder: URL) async throws {
        let path = folder.appendingPathComponent("herald.db").path
        print("Herald store benchmark: \(articles) articles over \(feedCount) feeds in \(folder.path)")
        var store = try SQLiteStore(path: path)
        var corpus = StoreBenchmarkCorpus()
        let (feeds, upsertRate) = try await build(store, path: path, articles: articles, corpus: &corpus)
        if CommandLine.arguments.contains("--upsert-only") {
            print("bulk upsert with FTS: \(Int(upsertRate)) articles/s")
            return
        }
        let rawRate = StoreBenchmarkBaseline.bulkInsertRate(
            articles: min(articles, 200_000), feeds: feedCount, in: folder, corpus: &corpus)
        StoreBenchmarkTiming.report("bulk upsert with FTS (articles/s, higher=better)", herald: upsertRate,
                                    baseline: rawRate, unit: "/s", goal: ">= 50000/s")
        let midpoint = Date(timeIntervalSince1970: StoreBenchmarkBaseline.baseDate
                            + Double(articles / feedCount) * 300)
        let started = StoreBenchmarkTiming.now()
        let marked = try await store.markAllRead(in: ArticleFilter(until: midpoint))
        print("marked \(marked) older articles read in \(StoreBenchmarkTiming.format(StoreBenchmarkTiming.now() - started)) ms")
        let stats = try await store.statistics()
        print("store: \(stats.articles) articles, \(stats.unread) unread, \(stats.databaseBytes / 1_048_576) MiB with WAL")

        let queries = StoreBenchmarkQueries(store: store, raw: RawSQLite(path: path), feeds: feeds, corpus: corpus)
        try await queries.pages()
        try await queries.unreadCounts()
        try await queries.search()
        store = try SQLiteStore(path: path)
        try await StoreBenchmarkQueries.coldOpen(path: path)
        _ = store
    }

    /// Fills the store as refreshes would: each round saves 100 new items per feed, one
    /// transaction per feed, and ends with `finishSaving()` (the indexing of what still waits).
    /// Only the `saveFetchedFeed` and `finishSaving` calls are timed.
    private static func build(_ store: SQLiteStore, path: String, articles: Int, corpus: inout StoreBenchmarkCorpus)
        async throws -> ([FeedID], Double) {
        var feeds: [FeedID] = []
        for index in 0..<feedCount {
            let url = "https://feed\(index).example.org/rss.xml"
            feeds.append(try await store.addFeed(NewFeed(url: url, tags: ["tag\(index % 20)"]), at: Date()).feed.id)
        }
        let perFeed = max(1, articles / feedCount)
        let batch = min(100, perFeed)
        var stored = 0
        var timed = 0.0
        var first = 0
        while first < perFeed {
            let count = min(batch, perFeed - first)
            for (index, feed) in feeds.enumerated() {
                let items = corpus.items(feed: index, first: first, count: count, baseDate: StoreBenchmarkBaseline.baseDate)
                let parsed = ParsedFeed(format: .rss, version: "2.0", plainTitle: "Feed \(index)", items: items)
                let start = StoreBenchmarkTiming.now()
                let outcome = try await store.saveFetchedFeed(parsed, fetchState: FetchState(), for: feed, at: Date())
                timed += StoreBenchmarkTiming.now() - start
                stored += outcome.inserted
                if first + count >= perFeed, index == feeds.count / 2 {
                    try await StoreBenchmarkQueries.pageWhileWaiting(store, path: path)
                }
            }
            let start = StoreBenchmarkTiming.now()
            try await store.finishSaving()
            timed += StoreBenchmarkTiming.now() - start
            first += count
            StoreBenchmarkTiming.progress("stored \(stored) articles, \(Int(Double(stored) / (timed / 1000))) articles/s")
        }
        return (feeds, Double(stored) / (timed / 1000))
    }
}
