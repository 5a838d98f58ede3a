import Foundation
import GRDB
import HeraldDomain
import HeraldPorts
import HeraldStoreCore

extension SQLiteStore: FullTextStoring {
    /// The articles of a feed whose page is still to fetch, newest first.
    public func articlesAwaitingFullText(in feed: FeedID, since: Date, maxAttempts: Int, limit: Int)
        async throws(StoreError) -> [FullTextCandidate] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT a.id, a.url FROM articles AS a LEFT JOIN article_pages AS p ON p.article_id = a.id
                WHERE a.feed_id = ? AND a.first_seen >= ? AND a.url IS NOT NULL AND a.url <> ''
                    AND (p.article_id IS NULL OR (p.text IS NULL AND p.attempts < ?))
                ORDER BY a.sort_date DESC, a.id DESC LIMIT ?
                """, arguments: [feed.rawValue, since.timeIntervalSince1970, maxAttempts, limit])
                .map { FullTextCandidate(articleID: ArticleID($0[0] as Int64), url: $0[1]) }
        }
    }

    /// Keeps an article's full text and puts its words in the search body after the feed's.
    /// - Throws: ``StoreError/articleNotFound(_:)`` when the article is gone (retention, unsubscribe).
    public func saveFullText(_ fullText: ArticleFullText, for article: ArticleID) async throws(StoreError) {
        let pageBody = Self.pageSearchBody(fullText.text)
        try await write { db in
            guard let body = try String.fetchOne(db, sql: "SELECT body FROM article_texts WHERE article_id = ?",
                                                 arguments: [article.rawValue])
            else { throw StoreError.articleNotFound(article) }
            let previous = try String.fetchOne(db, sql: "SELECT search_body FROM article_pages WHERE article_id = ?",
                                               arguments: [article.rawValue])
            let feedBody = Self.feedPart(of: body, pageBody: previous)
            try db.execute(sql: """
                INSERT OR REPLACE INTO article_pages
                    (article_id, url, title, byline, html, text, search_body, fetched_at, failure, attempts)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, 0)
                """, arguments: [article.rawValue, fullText.url, fullText.title, fullText.byline, fullText.html,
                                 fullText.text, pageBody, fullText.fetchedAt.timeIntervalSince1970])
            try db.execute(sql: "UPDATE article_texts SET body = ? WHERE article_id = ?",
                           arguments: [feedBody + "\n\n" + pageBody, article.rawValue])
        }
    }

    /// Records a failed fetch of an article's page; a stored full text is kept.
    public func recordFullTextFailure(_ reason: String, for article: ArticleID, at date: Date) async throws(StoreError) {
        try await write { db in
            guard let url = try String.fetchOne(db, sql: "SELECT url FROM articles WHERE id = ?",
                                                arguments: [article.rawValue])
            else { throw StoreError.articleNotFound(article) }
            try db.execute(sql: """
                INSERT INTO article_pages (article_id, url, fetched_at, failure, attempts) VALUES (?, ?, ?, ?, 1)
                ON CONFLICT (article_id) DO UPDATE SET failure = excluded.failure, fetched_at = excluded.fetched_at,
                    attempts = attempts + 1
                WHERE text IS NULL
                """, arguments: [article.rawValue, url, date.timeIntervalSince1970, reason])
        }
    }

    /// The full texts kept for these articles.
    public func fullTexts(of articles: [ArticleID]) async throws(StoreError) -> [ArticleID: ArticleFullText] {
        guard !articles.isEmpty else { return [:] }
        return try await read { db in
            var found: [ArticleID: ArticleFullText] = [:]
            for chunk in stride(from: 0, to: articles.count, by: 500) {
                let ids = articles[chunk..<min(chunk + 500, articles.count)].map(\.rawValue)
                let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
                for row in try Row.fetchAll(db, sql: """
                    SELECT article_id, url, title, byline, html, text, fetched_at FROM article_pages
                    WHERE text IS NOT NULL AND article_id IN (\(marks))
                    """, arguments: StatementArguments(ids)) {
                    found[ArticleID(row[0] as Int64)] = ArticleFullText(
                        url: row[1], title: row[2] ?? "", byline: row[3], html: row[4] ?? "", text: row[5],
                        fetchedAt: Date(timeIntervalSince1970: row[6]))
                }
            }
            return found
        }
    }

    /// A full text's part of the search body: its words, CJK characters as separate tokens.
    static func pageSearchBody(_ text: String) -> String {
        CJKText.segmented(IndexText.collapse(text, stripTags: false))
    }

    /// The feed's part of a search body that may end with a page's (`"\n\n" + pageBody`).
    static func feedPart(of body: String, pageBody: String?) -> String {
        guard let pageBody, !pageBody.isEmpty else { return body }
        let suffix = Array(("\n\n" + pageBody).utf8)
        let bytes = Array(body.utf8)
        guard bytes.count >= suffix.count, bytes.suffix(suffix.count).elementsEqual(suffix) else { return body }
        return String(decoding: bytes.dropLast(suffix.count), as: UTF8.self)
    }
}
