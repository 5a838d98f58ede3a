import Foundation
import GRDB
import HeraldDomain

/// Reads `articles` rows as list rows and full articles.
enum ArticleRows {
    /// The list-row columns over `articles AS a CROSS JOIN feeds AS f` (CROSS JOIN keeps the
    /// articles index as the outer loop, so pages stop after `LIMIT` rows).
    static let summarySelect = """
        SELECT a.id, a.feed_id, coalesce(f.custom_title, f.title, f.url) AS feed_title, a.title, a.url, a.author,
            a.sort_date, a.is_read, a.is_starred
        FROM articles AS a CROSS JOIN feeds AS f ON f.id = a.feed_id
        """

    static func summary(_ row: Row) -> ArticleSummary {
        ArticleSummary(
            id: ArticleID(row[0] as Int64), feedID: FeedID(row[1] as Int64), feedTitle: row[2], title: row[3],
            url: row[4], author: row[5], date: Date(timeIntervalSince1970: row[6]), isRead: row[7], isStarred: row[8])
    }

    /// One article with its texts, state and tags.
    /// - Throws: ``StoreError/articleNotFound(_:)`` when there is none.
    static func article(_ db: Database, id: ArticleID) throws -> Article {
        guard let article = try articles(db, ids: [id]).first else { throw StoreError.articleNotFound(id) }
        return article
    }

    /// The articles with these ids, in the order given (ids with no article are left out), in two
    /// statements whatever their number: the rows with their texts, then their tags, each over the
    /// ids as one JSON array (`json_each`), so the statements are prepared once and cached. What a
    /// sync client's batch of items costs (one statement per article made it 0.3 ms an article).
    static func articles(_ db: Database, ids: [ArticleID]) throws -> [Article] {
        guard !ids.isEmpty else { return [] }
        let list = "[" + ids.map { String($0.rawValue) }.joined(separator: ",") + "]"
        var tags: [Int64: [String]] = [:]
        let tagRows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT article_id, tag FROM article_tags WHERE article_id IN (SELECT value FROM json_each(?))
            ORDER BY article_id, tag
            """), arguments: [list])
        while let row = try tagRows.next() { tags[row[0], default: []].append(row[1]) }
        var found: [Int64: Article] = [:]
        found.reserveCapacity(ids.count)
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT a.id, a.feed_id, a.identity, a.title, a.url, a.author, a.authors_json, a.published, a.updated,
                a.first_seen, a.enclosures_json, a.categories_json, a.comments_url, a.is_read, a.is_starred,
                t.summary_type, t.summary_value, t.summary_lang, t.content_type, t.content_value, t.content_lang
            FROM articles AS a LEFT JOIN article_texts AS t ON t.article_id = a.id
            WHERE a.id IN (SELECT value FROM json_each(?))
            """), arguments: [list])
        while let row = try rows.next() {
            let id: Int64 = row[0]
            var authors = ColumnCoding.decode([Person].self, from: row[6]) ?? []
            if authors.isEmpty, let name: String = row[5] { authors = [Person(name: name)] }
            found[id] = Article(
                id: ArticleID(id), feedID: FeedID(row[1] as Int64), identity: row[2], title: row[3],
                url: row[4], authors: authors, published: ColumnCoding.date(row[7]),
                updated: ColumnCoding.date(row[8]),
                summary: text(row, at: 15), content: text(row, at: 18),
                enclosures: ColumnCoding.decode([Enclosure].self, from: row[10]) ?? [],
                categories: ColumnCoding.decode([HeraldDomain.Category].self, from: row[11]) ?? [],
                commentsURL: row[12], firstSeenAt: Date(timeIntervalSince1970: row[9]),
                state: ArticleState(isRead: row[13], isStarred: row[14], tags: tags[id] ?? []))
        }
        return ids.compactMap { found[$0.rawValue] }
    }

    /// The text construct whose type, value and language are the columns from `index` on.
    private static func text(_ row: Row, at index: Int) -> TextConstruct? {
        guard let typeName: String = row[index], let type = TextType(rawValue: typeName),
              let value: String = row[index + 1] else { return nil }
        return TextConstruct(type: type, value: value, language: row[index + 2])
    }
}
