import Foundation
import HeraldDomain
import HeraldStore

/// The read-side figures: pages, unread counts, search and cold open, each against the raw
/// SQLite statement an app without Herald's indexes and counters would run on the same file.
struct StoreBenchmarkQueries {
    let store: SQLiteStore
    let raw: RawSQLite
    let feeds: [FeedID]
    let corpus: StoreBenchmarkCorpus
    private typealias Timing = StoreBenchmarkTiming

    func pages() async throws {
        let rawFeedPage = raw.prepare("""
            SELECT id, title, url, author, sort_date, is_read, is_starred FROM articles WHERE feed_id = ?
            ORDER BY sort_date DESC, id DESC LIMIT 50
            """)
        let feedTimes = try await Timing.samples(300) { index in
            _ = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .feed(feeds[(index * 37) % feeds.count]))))
        }
        let rawFeedTimes = await Timing.samples(300) { index in rawFeedPage.run([feeds[(index * 37) % feeds.count].rawValue]) }
        Timing.report("newest-50 page of one feed (p50 ms)", herald: Timing.percentile(feedTimes, 0.5),
                      baseline: Timing.percentile(rawFeedTimes, 0.5), unit: "ms", goal: "< 2 ms")

        // Every article is indexed by now, and the global date index covers the indexed ones.
        let rawAllPage = raw.prepare("""
            SELECT id, title, url, author, sort_date, is_read, is_starred FROM articles WHERE is_indexed = 1
            ORDER BY sort_date DESC, id DESC LIMIT 50
            """)
        var cursor: PageCursor?
        let allTimes = try await Timing.samples(300) { index in
            let page = try await store.articles(ArticlePageRequest(after: index % 10 == 0 ? nil : cursor))
            cursor = page.next
        }
        let rawAllTimes = await Timing.samples(300) { _ in rawAllPage.run() }
        Timing.report("newest-50 page of everything, 10 pages deep (p50 ms)", herald: Timing.percentile(allTimes, 0.5),
                      baseline: Timing.percentile(rawAllTimes, 0.5), unit: "ms", goal: "< 2 ms")
        let unreadTimes = try await Timing.samples(100) { _ in
            _ = try await store.articles(ArticlePageRequest(filter: ArticleFilter(unreadOnly: true)))
        }
        print("newest-50 unread page of everything: p50 \(Timing.format(Timing.percentile(unreadTimes, 0.5))) ms")
    }

    /// A page of everything while saved articles wait for indexing (as during a refresh).
    static func pageWhileWaiting(_ store: SQLiteStore, path: String) async throws {
        let count = RawSQLite(path: path).prepare("SELECT count(*) FROM articles WHERE is_indexed = 0")
        let waiting = count.step() ? count.int64(column: 0) : 0
        let times = try await Timing.samples(50) { _ in _ = try await store.articles(ArticlePageRequest()) }
        print("newest-50 page of everything while \(waiting) saved articles wait for indexing: p50 "
              + "\(Timing.format(Timing.percentile(times, 0.5))) ms")
    }

    /// Unread counts of saved searches (query feeds): one on a word in almost every article, one
    /// on a word in a few hundred. No goal in the issue; printed to show how they scale.
    func savedSearchCounts() async throws {
        for rank in [1, 15_000] {
            let saved = try await store.saveSearch(name: "bench \(rank)", query: corpus.word(rank: rank), filter: ArticleFilter())
            let times = try await Timing.samples(5) { _ in _ = try await store.unreadCountsBySavedSearch() }
            let count = try await store.unreadCountsBySavedSearch()[saved.id] ?? 0
            print("unread count of a saved search on the rank-\(rank) word (\(count) unread matches): p50 "
                  + "\(Timing.format(Timing.percentile(times, 0.5))) ms")
            try await store.deleteSavedSearch(saved.id)
        }
    }

    func unreadCounts() async throws {
        let rawCounts = raw.prepare("SELECT feed_id, count(*) FROM articles WHERE is_read = 0 GROUP BY feed_id")
        let times = try await Timing.samples(100) { _ in _ = try await store.unreadCountsByFeed() }
        let rawTimes = await Timing.samples(5) { _ in rawCounts.run() }
        Timing.report("unread counts of 1,000 feeds (p50 ms)", herald: Timing.percentile(times, 0.5),
                      baseline: Timing.percentile(rawTimes, 0.5), unit: "ms", goal: "< 5 ms")
    }

    /// Rare and very common words, a two-word query, a phrase and a prefix.
    private var searchQueries: [String] {
        [1, 2, 4, 8, 30, 200, 1_500, 6_000, 15_000].map { corpus.word(rank: $0) } + [
            "\(corpus.word(rank: 3)) \(corpus.word(rank: 400))",
            "\"\(corpus.word(rank: 1)) \(corpus.word(rank: 2))\"",
            "\(corpus.word(rank: 60).prefix(4))*",
            "title:\(corpus.word(rank: 5))",
        ]
    }

    func search() async throws {
        let queries = searchQueries
        var times: [Double] = []
        var overlap = 0
        var compared = 0
        let rawSearch = raw.prepare("""
            SELECT rowid, highlight(articles_fts, 0, '[', ']'), snippet(articles_fts, 1, '[', ']', '…', 24)
            FROM articles_fts WHERE articles_fts MATCH ? ORDER BY bm25(articles_fts, 10.0, 1.0) LIMIT 20
            """)
        let rawIDs = raw.prepare("""
            SELECT rowid FROM articles_fts WHERE articles_fts MATCH ? ORDER BY bm25(articles_fts, 10.0, 1.0) LIMIT 20
            """)
        var rawTimes: [Double] = []
        for query in queries {
            let heraldQuery = try await Timing.samples(9) { _ in _ = try await store.search(SearchRequest(query: query)) }
            let expression = try ftsExpression(query)
            let rawQuery = await Timing.samples(2) { _ in rawSearch.run([expression]) }
            print("  search \(query.padding(toLength: 24, withPad: " ", startingAt: 0)) herald p50 "
                  + "\(Timing.format(Timing.percentile(heraldQuery, 0.5))) ms, raw ORDER BY rank "
                  + "\(Timing.format(Timing.percentile(rawQuery, 0.5))) ms")
            times += heraldQuery
            rawTimes += rawQuery
            let exact = Set(rawIDs.ids([expression]))
            let shown = try await store.search(SearchRequest(query: query)).hits.map(\.article.id.rawValue)
            overlap += shown.filter(exact.contains).count
            compared += exact.count
        }
        Timing.report("search top-20 with snippets (p50 ms)", herald: Timing.percentile(times, 0.5),
                      baseline: Timing.percentile(rawTimes, 0.5), unit: "ms", goal: "< 20 ms")
        Timing.report("search top-20 with snippets (p99 ms)", herald: Timing.percentile(times, 0.99),
                      baseline: Timing.percentile(rawTimes, 0.99), unit: "ms", goal: "< 100 ms")
        print("search: \(queries.count) queries, \(overlap) of \(compared) exact bm25 top-20 hits also in Herald's top 20"
              + " (Herald ranks the newest \(1_000) matches of each query)")
    }

    /// The raw statement gets the same FTS5 expression Herald would run.
    private func ftsExpression(_ query: String) throws -> String {
        if query.hasPrefix("\"") { return query }
        if query.hasPrefix("title:") { return "{title} : \"\(query.dropFirst(6))\"" }
        if query.hasSuffix("*") { return "\"\(query.dropLast())\"*" }
        return query.split(separator: " ").map { "\"\($0)\"" }.joined(separator: " AND ")
    }

    static func coldOpen(path: String) async throws {
        let times = try await StoreBenchmarkTiming.samples(10) { _ in
            let store = try SQLiteStore(path: path)
            _ = try await store.articles(ArticlePageRequest())
        }
        let rawTimes = await StoreBenchmarkTiming.samples(10) { _ in
            let raw = RawSQLite(path: path)
            raw.prepare("SELECT id, title FROM articles WHERE is_indexed = 1 ORDER BY sort_date DESC, id DESC LIMIT 50").run()
        }
        StoreBenchmarkTiming.report("open the store + first page (p50 ms)", herald: StoreBenchmarkTiming.percentile(times, 0.5),
                                    baseline: StoreBenchmarkTiming.percentile(rawTimes, 0.5), unit: "ms", goal: "< 50 ms")
    }
}

extension RawSQLite.Statement {
    /// The first column of every row, as integers.
    func ids(_ values: [Any]) -> [Int64] {
        bind(values)
        var result: [Int64] = []
        while step() { result.append(int64(column: 0)) }
        return result
    }
}
