import Foundation
import HeraldDomain
import PostgresNIO
import HeraldStoreCore

extension PostgresStore {
    /// How many of the newest matches are ranked (the SQLite store's window).
    static let rankingWindow = 1_000

    /// Ranked results with highlighted snippets: the query (Herald's query language, the same as on
    /// SQLite) becomes a `tsquery` over the `search` column and its GIN index; `ts_rank` weighs
    /// title words (A) ten times body words (B). The newest ``rankingWindow`` matches are ranked,
    /// as on SQLite.
    /// - Throws: ``StoreError/invalidQuery(reason:)`` for a malformed query.
    public func search(_ request: SearchRequest) async throws(StoreError) -> SearchPage {
        let expression = try SearchExpression(parsing: request.query)
        guard let query = SearchText.query(expression) else { return SearchPage(hits: [], nextOffset: nil) }
        let user = userID
        let limit = max(1, request.limit)
        let offset = max(0, request.offset)
        return try await read { connection in
            var sql = SQLText()
            let conditions = try await ArticleFilterSQL.conditions(request.filter, user: user, into: &sql, connection: connection)
            let queryMark = sql.bind(query)
            // As on SQLite, the newest matches (a window) are ranked: a common word matches a
            // large part of the store, and ranking reads each match's whole vector.
            let window = max(Self.rankingWindow, offset + limit + 1)
            sql.append("""
                SELECT w.article_id, ts_rank('{0.1, 0.1, 0.1, 1.0}', a.search, \(queryMark)::tsquery, 1)::float8 AS score
                FROM (
                    SELECT ua.article_id FROM user_articles AS ua JOIN articles AS a ON a.id = ua.article_id
                    WHERE ua.user_id = \(sql.bind(user)) AND a.search @@ \(queryMark)::tsquery AND \(conditions)
                    ORDER BY ua.article_id DESC LIMIT \(sql.bind(window))
                ) AS w JOIN articles AS a ON a.id = w.article_id
                ORDER BY score DESC, w.article_id DESC LIMIT \(sql.bind(limit + 1)) OFFSET \(sql.bind(offset))
                """)
            let ranked = try await connection.run(sql).all { try $0.decode((Int64, Double).self) }
            let shown = Array(ranked.prefix(limit))
            let hits = try await Self.hits(connection, user: user, for: shown, expression: expression)
            return SearchPage(hits: hits, nextOffset: ranked.count > limit ? offset + limit : nil)
        }
    }

    /// List rows, the highlighted title and a body snippet for the hits shown.
    private static func hits(_ connection: PostgresConnection, user: Int64, for ranked: [(Int64, Double)],
                             expression: SearchExpression) async throws -> [SearchHit] {
        guard !ranked.isEmpty else { return [] }
        let ids = ranked.map(\.0)
        var sql = SQLText()
        let userMark = sql.bind(user)
        let idsMark = sql.bind(ids)
        sql.append("\(ArticleRows.summarySelect) WHERE ua.user_id = \(userMark) AND ua.article_id = ANY(\(idsMark))")
        var summaries: [Int64: ArticleSummary] = [:]
        for summary in try await connection.run(sql).all(ArticleRows.summary) { summaries[summary.id.rawValue] = summary }
        var bodies: [Int64: String] = [:]
        for (id, body) in try await connection.run("""
            SELECT a.id, a.body || coalesce(E'\\n\\n' || p.text, '') FROM articles AS a
            LEFT JOIN article_pages AS p ON p.article_id = a.id WHERE a.id = ANY(\(ids))
            """)
            .all({ try $0.decode((Int64, String).self) }) {
            bodies[id] = body
        }
        let highlighter = Highlighter(expression)
        return ranked.compactMap { id, score in
            guard let summary = summaries[id] else { return nil }
            return SearchHit(article: summary, snippet: highlighter.snippet(of: bodies[id] ?? ""),
                             highlightedTitle: highlighter.highlight(summary.title, column: .title), score: score)
        }
    }

    /// Saves a search of the user as a query feed.
    /// - Throws: ``StoreError/invalidQuery(reason:)`` when the query is malformed (nothing is saved).
    public func saveSearch(name: String, query: String, filter: ArticleFilter) async throws(StoreError) -> SavedSearch {
        _ = try SearchExpression(parsing: query)
        let user = userID
        return try await write { connection in
            guard let id = try await connection.run("""
                INSERT INTO saved_searches (user_id, name, query, filter_json)
                VALUES (\(user), \(name), \(query), \(ColumnCodec.json(filter) ?? "{}")) RETURNING id
                """).first({ try $0.decode(Int64.self) }) else { throw StoreError.database(reason: "no saved search identifier") }
            return SavedSearch(id: SavedSearchID(id), name: name, query: query, filter: filter)
        }
    }

    /// The user's saved searches, by name.
    public func savedSearches() async throws(StoreError) -> [SavedSearch] {
        let user = userID
        return try await read { connection in try await SavedSearchRows.all(connection, user: user) }
    }

    /// Deletes one of the user's saved searches.
    public func deleteSavedSearch(_ id: SavedSearchID) async throws(StoreError) {
        let user = userID
        try await write { connection in
            let gone = try await connection.run("""
                DELETE FROM saved_searches WHERE user_id = \(user) AND id = \(id.rawValue) RETURNING id
                """).first { try $0.decode(Int64.self) }
            if gone == nil { throw StoreError.savedSearchNotFound(id) }
        }
    }

    /// The user's unread articles matching each of their saved searches.
    public func unreadCountsBySavedSearch() async throws(StoreError) -> [SavedSearchID: Int] {
        let user = userID
        return try await read { connection in
            var counts: [SavedSearchID: Int] = [:]
            for saved in try await SavedSearchRows.all(connection, user: user) {
                var sql = SQLText()
                let filter = ArticleFilter(scope: .savedSearch(saved.id), unreadOnly: true)
                let conditions = try await ArticleFilterSQL.conditions(filter, user: user, into: &sql, connection: connection)
                sql.append("""
                    SELECT count(*)::bigint FROM user_articles AS ua JOIN articles AS a ON a.id = ua.article_id
                    WHERE ua.user_id = \(sql.bind(user)) AND \(conditions)
                    """)
                counts[saved.id] = try await connection.run(sql).first { try $0.decode(Int.self) } ?? 0
            }
            return counts
        }
    }
}

/// Reads a user's `saved_searches` rows.
enum SavedSearchRows {
    static func savedSearch(_ row: PostgresRow) throws -> SavedSearch {
        let (id, name, query, filter) = try row.decode((Int64, String, String, String).self)
        return SavedSearch(id: SavedSearchID(id), name: name, query: query,
                           filter: ColumnCodec.decode(ArticleFilter.self, from: filter) ?? ArticleFilter())
    }

    static func require(_ connection: PostgresConnection, user: Int64, id: SavedSearchID) async throws -> SavedSearch {
        guard let saved = try await connection.run("""
            SELECT id, name, query, filter_json FROM saved_searches WHERE user_id = \(user) AND id = \(id.rawValue)
            """).first(savedSearch) else { throw StoreError.savedSearchNotFound(id) }
        return saved
    }

    static func all(_ connection: PostgresConnection, user: Int64) async throws -> [SavedSearch] {
        try await connection.run("""
            SELECT id, name, query, filter_json FROM saved_searches WHERE user_id = \(user) ORDER BY lower(name) COLLATE "C", id
            """).all(savedSearch)
    }
}
