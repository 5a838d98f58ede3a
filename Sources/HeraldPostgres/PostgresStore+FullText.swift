import Foundation
import HeraldDomain
import HeraldPorts
import PostgresNIO

extension PostgresStore: FullTextStoring {
    /// The articles of a feed whose page is still to fetch, newest first (shared by every subscriber).
    public func articlesAwaitingFullText(in feed: FeedID, since: Date, maxAttempts: Int, limit: Int)
        async throws(StoreError) -> [FullTextCandidate] {
        try await read { connection in
            try await connection.run("""
                SELECT a.id, a.url FROM articles AS a LEFT JOIN article_pages AS p ON p.article_id = a.id
                WHERE a.feed_id = \(feed.rawValue) AND a.first_seen >= \(since.timeIntervalSince1970)
                    AND a.url IS NOT NULL AND a.url <> ''
                    AND (p.article_id IS NULL OR (p.text IS NULL AND p.attempts < \(maxAttempts)))
                ORDER BY a.sort_date DESC, a.id DESC LIMIT \(limit)
                """).all { row in
                let (id, url) = try row.decode((Int64, String).self)
                return FullTextCandidate(articleID: ArticleID(id), url: url)
            }
        }
    }

    /// Keeps an article's full text and appends its words to the article's search vector.
    /// - Throws: ``StoreError/articleNotFound(_:)`` when the article is gone.
    public func saveFullText(_ fullText: ArticleFullText, for article: ArticleID) async throws(StoreError) {
        let pageVector = SearchText.vector(title: "", body: fullText.text)
        try await write { connection in
            guard let (title, body) = try await connection.run(
                "SELECT title, body FROM articles WHERE id = \(article.rawValue) FOR UPDATE"
            ).first({ try $0.decode((String, String).self) }) else { throw StoreError.articleNotFound(article) }
            let feedVector = SearchText.vector(title: title, body: body)
            try await connection.run("""
                INSERT INTO article_pages (article_id, url, title, byline, html, text, search, fetched_at, failure, attempts)
                VALUES (\(article.rawValue), \(fullText.url), \(fullText.title), \(fullText.byline), \(fullText.html),
                    \(fullText.text), \(pageVector)::tsvector, \(fullText.fetchedAt.timeIntervalSince1970), NULL, 0)
                ON CONFLICT (article_id) DO UPDATE SET url = excluded.url, title = excluded.title,
                    byline = excluded.byline, html = excluded.html, text = excluded.text, search = excluded.search,
                    fetched_at = excluded.fetched_at, failure = NULL, attempts = 0
                """)
            try await connection.run("""
                UPDATE articles SET search = \(feedVector)::tsvector || \(pageVector)::tsvector
                WHERE id = \(article.rawValue)
                """)
        }
    }

    /// Records a failed fetch of an article's page; a stored full text is kept.
    public func recordFullTextFailure(_ reason: String, for article: ArticleID, at date: Date) async throws(StoreError) {
        try await write { connection in
            guard let url = try await connection.run("SELECT url FROM articles WHERE id = \(article.rawValue)")
                .first({ try $0.decode(String?.self) }) else { throw StoreError.articleNotFound(article) }
            try await connection.run("""
                INSERT INTO article_pages (article_id, url, fetched_at, failure, attempts)
                VALUES (\(article.rawValue), \(url ?? ""), \(date.timeIntervalSince1970), \(reason), 1)
                ON CONFLICT (article_id) DO UPDATE SET failure = excluded.failure, fetched_at = excluded.fetched_at,
                    attempts = article_pages.attempts + 1
                WHERE article_pages.text IS NULL
                """)
        }
    }

    /// The full texts kept for these articles of the user.
    public func fullTexts(of articles: [ArticleID]) async throws(StoreError) -> [ArticleID: ArticleFullText] {
        guard !articles.isEmpty else { return [:] }
        let user = userID
        let ids = articles.map(\.rawValue)
        return try await read { connection in
            var found: [ArticleID: ArticleFullText] = [:]
            let rows = try await connection.run("""
                SELECT p.article_id, p.url, p.title, p.byline, p.html, p.text, p.fetched_at
                FROM article_pages AS p JOIN user_articles AS ua ON ua.article_id = p.article_id AND ua.user_id = \(user)
                WHERE p.text IS NOT NULL AND p.article_id = ANY(\(ids))
                """).all { try $0.decode((Int64, String, String?, String?, String?, String, Double).self) }
            for (id, url, title, byline, html, text, fetched) in rows {
                found[ArticleID(id)] = ArticleFullText(url: url, title: title ?? "", byline: byline, html: html ?? "",
                                                       text: text, fetchedAt: Date(timeIntervalSince1970: fetched))
            }
            return found
        }
    }
}
