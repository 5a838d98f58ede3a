import Foundation
import HeraldDomain
import PostgresNIO
import HeraldStoreCore

/// The conditions of an ``ArticleFilter`` for one user (its ``ArticleFilterPlan``, shared with the
/// SQLite store, rendered for PostgreSQL), over `user_articles AS ua` joined with
/// `articles AS a`, with their values bound into the statement being built. A saved-search scope
/// becomes its `tsquery` plus the saved search's own restrictions.
enum ArticleFilterSQL {
    /// The conditions (joined with AND), binding values into `sql`.
    static func conditions(_ filter: ArticleFilter, user: Int64, into sql: inout SQLText,
                           connection: PostgresConnection) async throws -> String {
        try await conditions(ArticleIDRequest(filter: filter), user: user, into: &sql, connection: connection)
    }

    /// The conditions of an id request: its filter's, its query and its first-seen date.
    static func conditions(_ request: ArticleIDRequest, user: Int64, into sql: inout SQLText,
                           connection: PostgresConnection) async throws -> String {
        var saved: SavedSearch?
        if let id = ArticleFilterPlan.savedSearchID(of: request.filter) {
            saved = try await SavedSearchRows.require(connection, user: user, id: id)
        }
        var parts: [String] = []
        for restriction in ArticleFilterPlan(request, savedSearch: saved).restrictions {
            switch restriction {
            case .shown: parts.append("NOT ua.is_hidden")
            case .hidden: parts.append("ua.is_hidden")
            case .firstSeen(let date): parts.append("a.first_seen >= \(sql.bind(date.timeIntervalSince1970))")
            case .visibleFeeds:
                parts.append("ua.feed_id NOT IN (SELECT feed_id FROM subscriptions WHERE user_id = \(sql.bind(user)) AND is_hidden)")
            case .feed(let id):
                parts.append("ua.feed_id = \(sql.bind(id.rawValue))")
            case .tag(let tag):
                parts.append("ua.feed_id IN (SELECT feed_id FROM feed_tags WHERE user_id = \(sql.bind(user)) AND tag = \(sql.bind(tag)))")
            case .matches(let query):
                if let tsquery = SearchText.query(try SearchExpression(parsing: query)) {
                    parts.append("a.search @@ \(sql.bind(tsquery))::tsquery")
                } else {
                    parts.append("false")
                }
            case .unread: parts.append("NOT ua.is_read")
            case .starred: parts.append("ua.is_starred")
            case .since(let date): parts.append("ua.sort_date >= \(sql.bind(date.timeIntervalSince1970))")
            case .until(let date): parts.append("ua.sort_date < \(sql.bind(date.timeIntervalSince1970))")
            }
        }
        return parts.isEmpty ? "true" : parts.joined(separator: " AND ")
    }
}

/// Reads list rows and full articles for one user.
enum ArticleRows {
    /// The list-row columns; the statement continues with `WHERE ua.user_id = …`.
    static let summarySelect = """
        SELECT ua.article_id, ua.feed_id, coalesce(s.custom_title, f.title, f.url), a.title, a.url, a.author,
            ua.sort_date, ua.is_read, ua.is_starred
        FROM user_articles AS ua
        JOIN articles AS a ON a.id = ua.article_id
        JOIN subscriptions AS s ON s.user_id = ua.user_id AND s.feed_id = ua.feed_id
        JOIN feeds AS f ON f.id = ua.feed_id
        """

    static func summary(_ row: PostgresRow) throws -> ArticleSummary {
        let (id, feed, feedTitle, title, url, author, date, isRead, isStarred) =
            try row.decode((Int64, Int64, String, String, String?, String?, Double, Bool, Bool).self)
        return ArticleSummary(id: ArticleID(id), feedID: FeedID(feed), feedTitle: feedTitle, title: title, url: url,
                              author: author, date: Date(timeIntervalSince1970: date), isRead: isRead, isStarred: isStarred)
    }

    static func article(_ connection: PostgresConnection, user: Int64, id: ArticleID) async throws -> Article {
        guard let row = try await connection.run("""
            SELECT \(unescaped: PostgresArticleRow.selectList)
            FROM user_articles AS ua JOIN articles AS a ON a.id = ua.article_id
            WHERE ua.user_id = \(user) AND ua.article_id = \(id.rawValue)
            """).first({ $0.makeRandomAccess() }) else { throw StoreError.articleNotFound(id) }
        let tags = try await connection.run("""
            SELECT tag FROM article_tags WHERE user_id = \(user) AND article_id = \(id.rawValue) ORDER BY tag COLLATE "C"
            """).all { try $0.decode(String.self) }
        return try ArticleRowMapping.article(from: PostgresArticleRow(row: row), tags: tags)
    }

    /// The user's sort position of an article.
    static func position(_ connection: PostgresConnection, user: Int64, of id: ArticleID) async throws -> Double {
        guard let date = try await connection.run("""
            SELECT sort_date FROM user_articles WHERE user_id = \(user) AND article_id = \(id.rawValue)
            """).first({ try $0.decode(Double.self) }) else { throw StoreError.articleNotFound(id) }
        return date
    }
}
