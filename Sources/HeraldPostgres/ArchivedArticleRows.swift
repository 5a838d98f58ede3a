import Foundation
import HeraldDomain
import HeraldStoreCore
import PostgresNIO

/// Reads pages of a user's whole articles, with their texts, state and tags, for
/// ``PostgresStore/archivedArticles(after:limit:)``.
enum ArchivedArticleRows {
    /// Up to `limit` of the user's articles with identifiers greater than `after`, in identifier order.
    static func page(_ connection: PostgresConnection, user: Int64, after: ArticleID?, limit: Int) async throws
        -> [ArchivedArticle] {
        let rows = try await connection.run("""
            SELECT \(unescaped: PostgresArticleRow.selectList), a.sort_date, a.content_hash
            FROM user_articles AS ua JOIN articles AS a ON a.id = ua.article_id
            WHERE ua.user_id = \(user) AND ua.article_id > \(after?.rawValue ?? 0)
            ORDER BY ua.article_id LIMIT \(limit)
            """).all { $0.makeRandomAccess() }
        var articles: [ArchivedArticle] = []
        articles.reserveCapacity(rows.count)
        for row in rows {
            let article = try ArticleRowMapping.article(from: PostgresArticleRow(row: row), tags: [])
            articles.append(ArchivedArticle(article: article,
                                            sortDate: Date(timeIntervalSince1970: try row["sort_date"].decode(Double.self)),
                                            contentHash: try row["content_hash"].decode(Int64.self)))
        }
        guard !articles.isEmpty else { return [] }
        let ids = articles.map(\.article.id.rawValue)
        var fullTexts: [Int64: ArticleFullText] = [:]
        for (id, url, title, byline, html, text, fetched) in try await connection.run("""
            SELECT article_id, url, title, byline, html, text, fetched_at FROM article_pages
            WHERE article_id = ANY(\(ids)) AND text IS NOT NULL
            """).all({ try $0.decode((Int64, String, String?, String?, String?, String, Double).self) }) {
            fullTexts[id] = ArticleFullText(url: url, title: title ?? "", byline: byline, html: html ?? "", text: text,
                                            fetchedAt: Date(timeIntervalSince1970: fetched))
        }
        if !fullTexts.isEmpty {
            for index in articles.indices {
                articles[index].fullText = fullTexts[articles[index].article.id.rawValue]
            }
        }
        var tags: [Int64: [String]] = [:]
        for (id, tag) in try await connection.run("""
            SELECT article_id, tag FROM article_tags WHERE user_id = \(user) AND article_id = ANY(\(ids))
            ORDER BY article_id, tag COLLATE "C"
            """).all({ try $0.decode((Int64, String).self) }) {
            tags[id, default: []].append(tag)
        }
        guard !tags.isEmpty else { return articles }
        for index in articles.indices {
            articles[index].article.state.tags = tags[articles[index].article.id.rawValue] ?? []
        }
        return articles
    }
}
