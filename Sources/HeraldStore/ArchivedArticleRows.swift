import Foundation
import GRDB
import HeraldDomain

/// Reads pages of whole articles, with their texts, state and tags, for ``SQLiteStore/archivedArticles(after:limit:)``.
enum ArchivedArticleRows {
    private static let select = """
        SELECT a.id, a.feed_id, a.identity, a.title, a.url, a.author, a.authors_json, a.published, a.updated,
            a.first_seen, a.sort_date, a.enclosures_json, a.categories_json, a.comments_url, a.content_hash,
            a.is_read, a.is_starred, t.summary_type, t.summary_value, t.summary_lang, t.content_type,
            t.content_value, t.content_lang
        FROM articles AS a LEFT JOIN article_texts AS t ON t.article_id = a.id
        WHERE a.id > ? ORDER BY a.id LIMIT ?
        """

    /// Up to `limit` articles with identifiers greater than `after`, in identifier order.
    static func page(_ db: Database, after: ArticleID?, limit: Int) throws -> [ArchivedArticle] {
        let decoder = JSONDecoder()
        func decode<T: Decodable>(_ type: T.Type, _ text: String?) -> T? {
            guard let text else { return nil }
            return try? decoder.decode(type, from: Data(text.utf8))
        }
        var articles: [ArchivedArticle] = []
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: select), arguments: [after?.rawValue ?? 0, limit])
        while let row = try cursor.next() {
            var authors = decode([Person].self, row[6]) ?? []
            if authors.isEmpty, let name: String = row[5] { authors = [Person(name: name)] }
            let article = Article(
                id: ArticleID(row[0] as Int64), feedID: FeedID(row[1] as Int64), identity: row[2], title: row[3],
                url: row[4], authors: authors, published: ColumnCoding.date(row[7]), updated: ColumnCoding.date(row[8]),
                summary: text(row, at: 17), content: text(row, at: 20),
                enclosures: decode([Enclosure].self, row[11]) ?? [],
                categories: decode([HeraldDomain.Category].self, row[12]) ?? [],
                commentsURL: row[13], firstSeenAt: Date(timeIntervalSince1970: row[9]),
                state: ArticleState(isRead: row[15], isStarred: row[16]))
            articles.append(ArchivedArticle(article: article, sortDate: Date(timeIntervalSince1970: row[10]),
                                            contentHash: row[14]))
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

    /// The text construct whose type, value and language are the columns from `index` on.
    private static func text(_ row: Row, at index: Int) -> TextConstruct? {
        guard let typeName: String = row[index], let type = TextType(rawValue: typeName),
              let value: String = row[index + 1] else { return nil }
        return TextConstruct(type: type, value: value, language: row[index + 2])
    }
}
