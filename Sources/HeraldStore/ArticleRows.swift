import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

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
            SELECT \(GRDBArticleRow.selectList)
            FROM articles AS a LEFT JOIN article_texts AS t ON t.article_id = a.id
            WHERE a.id IN (SELECT value FROM json_each(?))
            """), arguments: [list])
        while let row = try rows.next() {
            let id: Int64 = row[ArticleRowColumn.id.position]
            found[id] = try ArticleRowMapping.article(from: GRDBArticleRow(row: row), tags: tags[id] ?? [])
        }
        return ids.compactMap { found[$0.rawValue] }
    }
}
