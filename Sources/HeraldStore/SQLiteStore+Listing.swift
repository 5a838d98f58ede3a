import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

extension SQLiteStore {
    /// One article with its body and the user's state.
    public func article(_ id: ArticleID) async throws(StoreError) -> Article {
        try await read { db in try ArticleRows.article(db, id: id) }
    }

    /// The articles with these ids, in the order given, in one read transaction.
    public func articles(withIDs ids: [ArticleID]) async throws(StoreError) -> [Article] {
        try await read { db in try ArticleRows.articles(db, ids: ids) }
    }

    /// One newest-first page; keyset pagination on `(sort_date, id)`, served by an index per feed
    /// and a global one, so every page costs the same however deep it is.
    public func articles(_ request: ArticlePageRequest) async throws(StoreError) -> ArticlePage {
        try await page(request, select: ArticleRows.summarySelect) { rows, limit in
            let summaries = rows.prefix(limit).map(ArticleRows.summary)
            return ArticlePage(articles: summaries, next: rows.count > limit ? summaries.last?.cursor : nil)
        }
    }

    /// The keys of a list's page: the same query as ``articles(_:)`` on the index alone (no feed
    /// join, no text column), for id lists with a continuation.
    public func articleKeys(_ request: ArticlePageRequest) async throws(StoreError) -> ArticleKeyPage {
        try await page(request, select: "SELECT a.id, a.sort_date FROM articles AS a") { rows, limit in
            let keys = rows.map { PageCursor(date: Date(timeIntervalSince1970: $0[1]), id: ArticleID($0[0] as Int64)) }
            return ArticleKeyPage(keys: Array(keys.prefix(limit)), next: keys.count > limit ? keys[limit - 1] : nil)
        }
    }

    /// Reads a list's page with `select` (a `SELECT` over `articles AS a` with `id` and
    /// `sort_date`): up to one row more than the limit, so `make` can tell whether another page follows.
    private func page<Page: Sendable>(_ request: ArticlePageRequest, select: String,
                                      make: @escaping @Sendable ([Row], Int) -> Page) async throws(StoreError) -> Page {
        if case .savedSearch = request.filter.scope { await indexWaitingArticlesForSearch() }
        return try await read { db in
            let limit = max(1, request.limit)
            let filter = try ArticleFilterSQL(request.filter, db: db)
            var (clause, values) = filter.listClause()
            if let cursor = request.after {
                clause += " AND (a.sort_date, a.id) < (?, ?)"
                values += [cursor.date.timeIntervalSince1970, cursor.id.rawValue]
            }
            let order = ArticleOrderSQL(select: select, filter: filter, clause: clause, values: values)
            let (sql, arguments) = order.statement(newestFirst: true, limit: limit + 1)
            return make(try Row.fetchAll(db, sql: sql, arguments: arguments), limit)
        }
    }

    /// Article ids in id order, on the primary key (Fever's `since_id` page is an index range).
    public func articleIDs(_ request: ArticleIDRequest) async throws(StoreError) -> [ArticleID] {
        if ArticleFilterPlan.savedSearchID(of: request.filter) != nil || request.query != nil {
            await indexWaitingArticlesForSearch()
        }
        return try await read { db in
            let filter = try ArticleFilterSQL(request, db: db)
            var (clause, values) = filter.listClause()
            if request.readOnly { clause += " AND a.is_read = 1" }
            if let after = request.after {
                clause += " AND a.id > ?"
                values.append(after.rawValue)
            }
            if let before = request.before {
                clause += " AND a.id < ?"
                values.append(before.rawValue)
            }
            // No join: the conditions name `a` only, so an id list of unread articles is read from
            // the unread index in id order alone.
            var sql = "SELECT a.id FROM articles AS a WHERE \(clause) "
                + "ORDER BY a.id \(request.ascending ? "ASC" : "DESC")"
            if let limit = request.limit {
                sql += " LIMIT ?"
                values.append(max(0, limit))
            }
            return try Int64.fetchAll(db, sql: sql, arguments: StatementArguments(values)).map { ArticleID($0) }
        }
    }

    static func sortDate(_ db: Database, of id: ArticleID) throws -> Double {
        guard let date = try Double.fetchOne(db, sql: "SELECT sort_date FROM articles WHERE id = ?",
                                             arguments: [id.rawValue])
        else { throw StoreError.articleNotFound(id) }
        return date
    }
}
