import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

/// Reads pages of whole articles, with their texts, state and tags, for ``SQLiteStore/archivedArticles(after:limit:)``.
enum ArchivedArticleRows {
    private static let select = """
        SELECT \(GRDBArticleRow.selectList), a.sort_date, a.content_hash
        FROM articles AS a LEFT JOIN article_texts AS t ON t.article_id = a.id
        WHERE a.id > ? ORDER BY a.id LIMIT ?
        """

    /// Up to `limit` articles with identifiers greater than `after`, in identifier order.
    static func page(_ db: Database, after: ArticleID?, limit: Int) throws -> [ArchivedArticle] {
        var articles: [ArchivedArticle] = []
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: select), arguments: [after?.rawValue ?? 0, limit])
        while let row = try cursor.next() {
            let article = try ArticleRowMapping.article(from: GRDBArticleRow(row: row), tags: [])
            articles.append(ArchivedArticle(article: article, sortDate: Date(timeIntervalSince1970: row["sort_date"]),
                                            contentHash: row["content_hash"]))
        }
        guard let first = articles.first?.article.id, let last = articles.last?.article.id else { return [] }
        var fullTexts: [Int64: ArticleFullText] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT article_id, url, title, byline, html, text, fetched_at FROM article_pages
            WHERE article_id BETWEEN ? AND ? AND text IS NOT NULL
            """, arguments: [first.rawValue, last.rawValue]) {
            fullTexts[row[0]] = ArticleFullText(url: row[1], title: row[2] ?? "", byline: row[3], html: row[4] ?? "",
                                                text: row[5], fetchedAt: Date(timeIntervalSince1970: row[6]))
        }
        if !fullTexts.isEmpty {
            for index in articles.indices {
                articles[index].fullText = fullTexts[articles[index].article.id.rawValue]
            }
        }
        var tags: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT article_id, tag FROM article_tags WHERE article_id BETWEEN ? AND ? ORDER BY article_id, tag
            """, arguments: [first.rawValue, last.rawValue]) {
            tags[row[0], default: []].append(row[1])
        }
        guard !tags.isEmpty else { return articles }
        for index in articles.indices {
            articles[index].article.state.tags = tags[articles[index].article.id.rawValue] ?? []
        }
        return articles
    }
}
