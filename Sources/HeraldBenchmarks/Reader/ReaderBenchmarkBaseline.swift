import Foundation

/// The baseline of `herald-benchmarks reader`, run as a fresh child process
/// (`herald-benchmarks reader-baseline-child --db … --spawned-at …`) of the same executable:
/// the bare sqlite3 C API (no GRDB, no Herald) on the same file, running only the query each
/// screen needs and reading every column of every row as text. Prints one `baseline-result …` line.
///
/// - Feeds screen: every feed with its title, tags and unread count (from Herald's `feed_counts`,
///   the cheapest source), sorted as the screen shows them; timed from process start.
/// - A feed's first page: the newest 74 articles of the large feed (the reader's page at 40 lines)
///   on the per-feed date index; the first run (statement prepared then) and the median of 20.
/// - One article by id with its texts, for `keys` articles of the large feed, one after the other.
/// - For comparison only, unread counts as an app without counters would get them (`GROUP BY`
///   over every article).
enum ReaderBenchmarkBaseline {
    /// The hidden sub-command.
    static let mode = "reader-baseline-child"
    /// The article list's page size in a 40-line window (twice the content height).
    static let pageSize = 74

    /// Runs the baseline with the arguments after its mode; prints `baseline-failed …` and exits 1 on a failure.
    static func run(_ arguments: [String]) {
        let mainAt = MonotonicClock.nanoseconds()
        guard let options = ReaderChildArguments(arguments) else {
            print("baseline-failed bad arguments")
            exit(1)
        }
        var result = ReaderChildResult()
        result.values["spawn-to-main-ms"] = [MonotonicClock.milliseconds(from: options.spawnedAt, to: mainAt)]
        let raw = RawSQLite(path: options.database)
        let feeds = raw.prepare("""
            SELECT f.id, coalesce(f.custom_title, f.title, f.url), coalesce(c.unread, 0),
                (SELECT group_concat(tag) FROM feed_tags AS t WHERE t.feed_id = f.id)
            FROM feeds AS f LEFT JOIN feed_counts AS c ON c.feed_id = f.id
            ORDER BY lower(coalesce(f.custom_title, f.title, f.url)), f.id
            """)
        let feedRows = feeds.run()
        result.values["first-paint-ms"] = [MonotonicClock.milliseconds(since: options.spawnedAt)]
        result.numbers["feeds-count"] = feedRows

        let lookup = raw.prepare("SELECT id FROM feeds WHERE title = ?")
        lookup.bind([options.feedTitle])
        guard lookup.step() else {
            print("baseline-failed no feed titled \(options.feedTitle)")
            exit(1)
        }
        let feed = lookup.int64(column: 0)
        let pageSQL = """
            SELECT a.id, a.feed_id, coalesce(f.custom_title, f.title, f.url), a.title, a.url, a.author, a.sort_date,
                a.is_read, a.is_starred
            FROM articles AS a CROSS JOIN feeds AS f ON f.id = a.feed_id
            WHERE a.feed_id = ? ORDER BY a.sort_date DESC, a.id DESC LIMIT ?
            """
        var start = MonotonicClock.nanoseconds()
        let page = raw.prepare(pageSQL)
        page.run([feed, pageSize])
        result.values["feed-page-first-ms"] = [MonotonicClock.milliseconds(since: start)]
        result.values["feed-page-ms"] = (0..<20).map { _ in
            start = MonotonicClock.nanoseconds()
            page.run([feed, pageSize])
            return MonotonicClock.milliseconds(since: start)
        }

        let ids = raw.prepare("SELECT id FROM articles WHERE feed_id = ? ORDER BY sort_date DESC, id DESC LIMIT ?")
            .ids([feed, options.keys])
        let article = raw.prepare("""
            SELECT a.*, t.summary_type, t.summary_value, t.summary_lang, t.content_type, t.content_value, t.content_lang
            FROM articles AS a LEFT JOIN article_texts AS t ON t.article_id = a.id WHERE a.id = ?
            """)
        result.values["article-ms"] = ids.map { id in
            start = MonotonicClock.nanoseconds()
            article.run([id])
            return MonotonicClock.milliseconds(since: start)
        }
        result.numbers["vmhwm-kb"] = ProcessMemory.kilobytes("VmHWM")

        let naive = raw.prepare("SELECT feed_id, count(*) FROM articles WHERE is_read = 0 GROUP BY feed_id")
        start = MonotonicClock.nanoseconds()
        naive.run()
        result.values["group-by-counts-ms"] = [MonotonicClock.milliseconds(since: start)]
        print(result.line(prefix: "baseline-result"))
    }
}
