import Foundation
import HeraldDomain
import HeraldStore

/// `herald-benchmarks store [--articles N] [--saves-in-flight K] [--upsert-only]`: builds a cache
/// of N generated articles over 1,000 feeds in a temporary folder and times Herald's store
/// against raw SQLite statements. Saves run K at a time (default 4: a refresh stores the feeds
/// its concurrent fetches bring, so its saves overlap; 1 for one after the other).
enum StoreBenchmark {
    static let feedCount = 1_000

    /// Runs the benchmark on `articles` articles, `savesInFlight` saves at a time; with `upsertOnly`
    /// it stops after the bulk upsert's rate. Exits 1 on a failure.
    static func run(articles: Int, savesInFlight: Int, upsertOnly: Bool) async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-store-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try await measure(articles: articles, savesInFlight: savesInFlight, upsertOnly: upsertOnly, in: folder)
        } catch {
            StoreBenchmarkTiming.progress("failed: \((error as? StoreError)?.message ?? String(describing: error))")
            exit(1)
        }
    }

    private static func measure(articles: Int, savesInFlight: Int, upsertOnly: Bool, in folder: URL) async throws {
        let path = folder.appendingPathComponent("herald.db").path
        print("Herald store benchmark: \(articles) articles over \(feedCount) feeds, \(savesInFlight) save(s) in flight, in \(folder.path)")
        var store = try SQLiteStore(path: path)
        var corpus = StoreBenchmarkCorpus()
        var build = StoreBenchmarkBuild(store: store, path: path, feedCount: feedCount, savesInFlight: savesInFlight)
        let feeds = try await build.fill(articles: articles, corpus: &corpus)
        if upsertOnly {
            print("bulk upsert with FTS: \(Int(build.rate)) articles/s")
            return
        }
        let rawRate = StoreBenchmarkBaseline.bulkInsertRate(
            articles: min(articles, 200_000), feeds: feedCount, in: folder, corpus: &corpus)
        StoreBenchmarkTiming.report("bulk upsert with FTS (articles/s, higher=better)", herald: build.rate,
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
        try await queries.savedSearchCounts()
        try await queries.search()
        store = try SQLiteStore(path: path)
        try await StoreBenchmarkQueries.coldOpen(path: path)
        _ = store
    }
}
