import Foundation
import HeraldDomain
import HeraldStore

/// The reader benchmark's cache: a Herald database built once per size with the store benchmark's
/// corpus and build (`StoreBenchmarkBuild`, the real `SQLiteStore`), kept in a scratch folder and
/// reused by later runs. Feed 0 holds 10,000 articles, the other feeds share the rest; articles
/// older than the middle of the ordinary feeds' span are marked read, as the store benchmark does.
struct ReaderBenchmarkCache {
    /// The database file.
    let path: String
    /// The large feed's id.
    let largeFeed: Int64
    /// Articles of the large feed newer than this stay unread (the state every run starts from).
    let unreadSince: Double

    /// Builds the cache of these options' size, or finds it built by an earlier run.
    /// - Throws: A ``StoreError`` from the build, ``ReaderBenchmarkFailure`` when the large feed is missing.
    static func prepare(_ options: ReaderBenchmarkOptions) async throws -> ReaderBenchmarkCache {
        let folder = URL(fileURLWithPath: options.cacheFolder)
            .appendingPathComponent("cache-\(options.articles)-articles-\(options.feeds)-feeds-v1")
        let path = folder.appendingPathComponent("herald.db").path
        let done = folder.appendingPathComponent("complete")
        let counts = counts(articles: options.articles, feeds: options.feeds, large: options.largeFeedArticles)
        let unreadSince = StoreBenchmarkBaseline.baseDate + Double(counts[1]) * 300
        if FileManager.default.fileExists(atPath: done.path) {
            progress("reusing the cache in \(folder.path)")
        } else {
            try? FileManager.default.removeItem(at: folder)
            progress("building the cache in \(folder.path): \(options.articles) articles over \(options.feeds) feeds")
            let rate = try await build(path: path, counts: counts, unreadSince: unreadSince)
            progress("built at \(Int(rate)) articles/s")
            _ = FileManager.default.createFile(atPath: done.path, contents: Data())
        }
        let raw = RawSQLite(path: path)
        let lookup = raw.prepare("SELECT id FROM feeds WHERE title = ?")
        lookup.bind(["Feed 0"])
        guard lookup.step() else { throw ReaderBenchmarkFailure(message: "no feed titled Feed 0 in \(path)") }
        return ReaderBenchmarkCache(path: path, largeFeed: lookup.int64(column: 0), unreadSince: unreadSince)
    }

    /// Articles per feed: `large` in feed 0, the rest spread as evenly as whole numbers allow.
    static func counts(articles: Int, feeds: Int, large: Int) -> [Int] {
        let others = feeds - 1
        let rest = articles - large
        return [large] + (0..<others).map { index in rest / others + (index < rest % others ? 1 : 0) }
    }

    /// Fills the store, marks the older articles read and checkpoints the WAL into the file (as
    /// Herald's background checkpoints leave a cache between refreshes). - Returns: Articles/s.
    private static func build(path: String, counts: [Int], unreadSince: Double) async throws -> Double {
        let rate: Double
        do {
            let store = try SQLiteStore(path: path)
            var corpus = StoreBenchmarkCorpus()
            var build = StoreBenchmarkBuild(store: store, path: path, feedCount: counts.count, savesInFlight: 4)
            _ = try await build.fill(counts: counts, corpus: &corpus, measuringWhileWaiting: false)
            let marked = try await store.markAllRead(in: ArticleFilter(until: Date(timeIntervalSince1970: unreadSince)))
            progress("marked \(marked) older articles read")
            rate = build.rate
        }
        RawSQLite(path: path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return rate
    }

    /// Makes the large feed's articles read and unread as after the build again, undoing what the
    /// previous run's Enter presses marked read, so that every run starts from the same state.
    func resetReadState() {
        RawSQLite(path: path).execute("""
            UPDATE articles SET is_read = 0 WHERE feed_id = \(largeFeed) AND is_read = 1 AND sort_date >= \(unreadSince);
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
    }

    /// The figures of the cache, for the report's header.
    func describe() -> String {
        let raw = RawSQLite(path: path)
        let totals = raw.prepare("SELECT count(*), sum(total), sum(unread) FROM feed_counts")
        let large = raw.prepare("SELECT total, unread FROM feed_counts WHERE feed_id = ?")
        guard totals.step() else { return "cache \(path)" }
        large.bind([largeFeed])
        let (largeTotal, largeUnread) = large.step() ? (large.int64(column: 0), large.int64(column: 1)) : (0, 0)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return "cache \(path): \(totals.int64(column: 1)) articles (\(totals.int64(column: 2)) unread) over "
            + "\(totals.int64(column: 0)) feeds, \(bytes / 1_048_576) MiB; the large feed (id \(largeFeed)) holds "
            + "\(largeTotal) articles, \(largeUnread) unread"
    }

    /// A progress note on standard error.
    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("[reader benchmark] \(message)\n".utf8))
    }
}
