import Foundation
import GRDB
import HeraldDomain

extension SQLiteStore {
    /// Indexes the articles saved since the last call, for search and for the date-ordered lists
    /// of several feeds, in one transaction. Saving defers this work so that it is done for many
    /// articles at once; lists are correct without it, and a search does it first when needed.
    /// A refresh calls it when its last feed is saved.
    public func finishSaving() async throws(StoreError) {
        guard try await read({ db in try DeferredIndexing.hasWaitingArticles(db) }) else { return }
        try await write { db in try DeferredIndexing.indexWaitingArticles(db) }
    }

    /// Indexes waiting articles before a read that needs the search index (a search, a saved
    /// search). A store that cannot be written (read-only file, full disk) is still searched:
    /// the articles saved last, not yet indexed, are then not found.
    func indexWaitingArticlesForSearch() async {
        try? await finishSaving()
    }
}

/// The deferred indexing of saved articles (see `SchemaVersion5`).
enum DeferredIndexing {
    /// Adds every waiting article to the search index, then to the global date indexes (by
    /// marking it indexed); call inside a transaction, so both happen or neither.
    static func indexWaitingArticles(_ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO articles_fts(rowid, title, body)
            SELECT t.article_id, t.title, t.body
            FROM articles AS a INDEXED BY articles_waiting CROSS JOIN article_texts AS t ON t.article_id = a.id
            WHERE a.is_indexed = 0
            """).execute()
        try db.cachedStatement(sql: "UPDATE articles SET is_indexed = 1 WHERE is_indexed = 0").execute()
    }

    static func hasWaitingArticles(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM articles INDEXED BY articles_waiting WHERE is_indexed = 0)")
            ?? false
    }

    /// About how many articles wait (the span of their identifiers), in two index lookups.
    static func waitingSpan(_ db: Database) throws -> Int64 {
        guard let oldest = try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT id FROM articles INDEXED BY articles_waiting WHERE is_indexed = 0 ORDER BY id LIMIT 1
            """)) else { return 0 }
        let newest = try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT id FROM articles INDEXED BY articles_waiting WHERE is_indexed = 0 ORDER BY id DESC LIMIT 1
            """)) ?? oldest
        return newest - oldest + 1
    }
}
