import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

extension SQLiteStore {
    /// Saves a search as a query feed.
    /// - Throws: ``StoreError/invalidQuery(reason:)`` when the query is malformed (nothing is saved).
    public func saveSearch(name: String, query: String, filter: ArticleFilter) async throws(StoreError) -> SavedSearch {
        _ = try SearchQuery(query)
        return try await write { db in
            try db.execute(sql: "INSERT INTO saved_searches(name, query, filter_json) VALUES (?, ?, ?)",
                           arguments: [name, query, ColumnCodec.json(filter)])
            return SavedSearch(id: SavedSearchID(db.lastInsertedRowID), name: name, query: query, filter: filter)
        }
    }

    /// Every saved search, by name.
    public func savedSearches() async throws(StoreError) -> [SavedSearch] {
        try await read { db in try SavedSearchRows.all(db) }
    }

    /// Deletes a saved search.
    public func deleteSavedSearch(_ id: SavedSearchID) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "DELETE FROM saved_searches WHERE id = ?", arguments: [id.rawValue])
            if db.changesCount == 0 { throw StoreError.savedSearchNotFound(id) }
        }
    }

    /// Unread articles matching each saved search: one count per search, driven by the FTS
    /// matches (each checked in `articles` by rowid), which is twice as fast as checking every
    /// unread article against the set of matches when a saved query matches most articles.
    public func unreadCountsBySavedSearch() async throws(StoreError) -> [SavedSearchID: Int] {
        await indexWaitingArticlesForSearch()
        return try await read { db in
            var counts: [SavedSearchID: Int] = [:]
            for saved in try SavedSearchRows.all(db) {
                var filter = ArticleFilter(scope: .savedSearch(saved.id))
                filter.unreadOnly = true
                let sql = try ArticleFilterSQL(filter, db: db)
                guard let expression = sql.matchExpression else { continue }
                counts[saved.id] = try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM articles_fts CROSS JOIN articles AS a ON a.id = articles_fts.rowid
                    WHERE \(sql.plainClause) AND articles_fts MATCH ?
                    """, arguments: StatementArguments(sql.values + [expression])) ?? 0
            }
            return counts
        }
    }
}
