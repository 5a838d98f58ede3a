import Foundation
import HeraldDomain

/// What SQLite alone costs for the rows a cold refresh stores: the same parsed items inserted
/// with hand-written statements through the raw C API (no GRDB, no Herald), one transaction per
/// feed, into a table with the store's indexes, first without and then with an FTS5 index of
/// title and body. The plain-text bodies are prepared before the timing.
enum RefreshBenchmarkSQLiteCost {
    /// Seconds to insert every item of `feeds`: without full-text indexing, and with it.
    static func measure(_ feeds: [ParsedFeed], in folder: URL) -> (plain: Double, indexed: Double) {
        let rows = feeds.map { feed in
            feed.items.map { item in
                (item.identity, item.plainTitle ?? "", item.url ?? "", item.summary?.value ?? "",
                 item.content?.value ?? "", strippingTags(item.content?.value ?? item.summary?.value ?? ""),
                 item.published?.timeIntervalSince1970 ?? 0)
            }
        }
        var results: [Double] = []
        for indexed in [false, true] {
            let raw = RawSQLite(path: folder.appendingPathComponent(indexed ? "raw-fts.db" : "raw.db").path)
            raw.execute("""
                PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
                CREATE TABLE articles(id INTEGER PRIMARY KEY, feed_id INTEGER NOT NULL, identity TEXT NOT NULL,
                    title TEXT NOT NULL, url TEXT, summary TEXT, content TEXT, body TEXT NOT NULL,
                    sort_date REAL NOT NULL, is_read INTEGER NOT NULL DEFAULT 0);
                CREATE UNIQUE INDEX raw_identity ON articles(feed_id, identity);
                CREATE INDEX raw_feed_date ON articles(feed_id, sort_date DESC, id DESC);
                CREATE INDEX raw_date ON articles(sort_date DESC, id DESC);
                CREATE VIRTUAL TABLE articles_fts USING fts5(title, body, content='articles', content_rowid='id');
                """)
            let insert = raw.prepare("""
                INSERT INTO articles(feed_id, identity, title, url, summary, content, body, sort_date)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let index = raw.prepare("INSERT INTO articles_fts(rowid, title, body) VALUES (last_insert_rowid(), ?, ?)")
            let start = ContinuousClock.now
            for (feed, items) in rows.enumerated() {
                raw.execute("BEGIN")
                for (identity, title, url, summary, content, body, date) in items {
                    insert.run([feed, identity, title, url, summary, content, body, date])
                    if indexed { index.run([title, body]) }
                }
                raw.execute("COMMIT")
            }
            results.append(RefreshBenchmarkReport.seconds(ContinuousClock.now - start))
        }
        return (results[0], results[1])
    }

    /// The text of an HTML fragment with its tags dropped (enough to index the same words).
    private static func strippingTags(_ html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
                text.append(" ")
            } else if !inTag {
                text.append(character)
            }
        }
        return text
    }
}
