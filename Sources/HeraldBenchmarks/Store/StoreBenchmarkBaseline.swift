import Foundation

/// The raw-SQLite bulk insert the store's upsert is compared with: the same rows into a minimal
/// table with the same indexes and an external-content FTS5 table, one transaction per
/// 100-item refresh, prepared statements, no hashing, no GRDB.
enum StoreBenchmarkBaseline {
    static let baseDate = 1_700_000_000.0

    static func bulkInsertRate(articles: Int, feeds: Int, in folder: URL, corpus: inout StoreBenchmarkCorpus) -> Double {
        let raw = RawSQLite(path: folder.appendingPathComponent("raw.db").path)
        raw.execute("""
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
            CREATE TABLE articles(id INTEGER PRIMARY KEY, feed_id INTEGER NOT NULL, identity TEXT NOT NULL,
                title TEXT NOT NULL, url TEXT, author TEXT, published REAL, content TEXT, body TEXT NOT NULL,
                sort_date REAL NOT NULL, is_read INTEGER NOT NULL DEFAULT 0);
            CREATE UNIQUE INDEX raw_identity ON articles(feed_id, identity);
            CREATE INDEX raw_feed_date ON articles(feed_id, sort_date DESC, id DESC);
            CREATE INDEX raw_date ON articles(sort_date DESC, id DESC);
            CREATE VIRTUAL TABLE articles_fts USING fts5(title, body, content='articles', content_rowid='id');
            """)
        let insert = raw.prepare("""
            INSERT INTO articles(feed_id, identity, title, url, author, published, content, body, sort_date)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let index = raw.prepare("INSERT INTO articles_fts(rowid, title, body) VALUES (last_insert_rowid(), ?, ?)")
        let perFeed = max(1, articles / feeds)
        var timed = 0.0
        var stored = 0
        var first = 0
        while first < perFeed {
            let count = min(100, perFeed - first)
            for feed in 0..<feeds {
                let items = corpus.items(feed: feed, first: first, count: count, baseDate: baseDate)
                let bodies = items.map { item in
                    item.content!.value.replacingOccurrences(of: "</p><p>", with: " ")
                        .replacingOccurrences(of: "<p>", with: "").replacingOccurrences(of: "</p>", with: "")
                }
                let start = StoreBenchmarkTiming.now()
                raw.execute("BEGIN")
                for (item, body) in zip(items, bodies) {
                    let date = item.published!.timeIntervalSince1970
                    insert.run([feed, item.identity, item.plainTitle!, item.url ?? "", item.authors[0].name!, date,
                                item.content!.value, body, date])
                    index.run([item.plainTitle!, body])
                }
                raw.execute("COMMIT")
                timed += StoreBenchmarkTiming.now() - start
                stored += items.count
            }
            first += count
        }
        StoreBenchmarkTiming.progress("raw baseline stored \(stored) articles")
        return Double(stored) / (timed / 1000)
    }
}
