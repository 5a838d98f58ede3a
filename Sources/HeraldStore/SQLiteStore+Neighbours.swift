import Foundation
import GRDB
import HeraldDomain

extension SQLiteStore {
    /// The articles just newer and just older than `id` within a filter.
    public func neighbours(of id: ArticleID, in filter: ArticleFilter)
        async throws(StoreError) -> (newer: ArticleID?, older: ArticleID?) {
        if case .savedSearch = filter.scope { await indexWaitingArticlesForSearch() }
        let pair = try await read { db in try ArticleNavigation(db: db).neighbours(of: id, in: filter) }
        return (pair.newer, pair.older)
    }

    /// The next unread article older than `id` in the filter; when there is none, the newest
    /// unread one (wrapping around); the newest unread when `id` is nil.
    public func nextUnread(after id: ArticleID?, in filter: ArticleFilter) async throws(StoreError) -> ArticleID? {
        if case .savedSearch = filter.scope { await indexWaitingArticlesForSearch() }
        return try await read { db in try ArticleNavigation(db: db).nextUnread(after: id, in: filter) }
    }

    /// The nearest unread article newer than `id` in the filter, or the oldest unread when `id` is nil.
    public func previousUnread(before id: ArticleID?, in filter: ArticleFilter) async throws(StoreError) -> ArticleID? {
        if case .savedSearch = filter.scope { await indexWaitingArticlesForSearch() }
        return try await read { db in try ArticleNavigation(db: db).previousUnread(before: id, in: filter) }
    }
}

/// Next/previous and next-unread queries, on the same keyset as the lists.
struct ArticleNavigation {
    struct Neighbours: Sendable {
        var newer: ArticleID?
        var older: ArticleID?
    }

    let db: Database

    func neighbours(of id: ArticleID, in filter: ArticleFilter) throws -> Neighbours {
        let position = try self.position(of: id)
        let filter = try ArticleFilterSQL(filter, db: db)
        let (clause, values) = filter.listClause()
        let newer = try first(in: filter, where: clause + " AND (a.sort_date, a.id) > (?, ?)", values + position,
                              newestFirst: false)
        let older = try first(in: filter, where: clause + " AND (a.sort_date, a.id) < (?, ?)", values + position,
                              newestFirst: true)
        return Neighbours(newer: newer, older: older)
    }

    func nextUnread(after id: ArticleID?, in filter: ArticleFilter) throws -> ArticleID? {
        var unread = filter
        unread.unreadOnly = true
        let filter = try ArticleFilterSQL(unread, db: db)
        let (clause, values) = filter.listClause()
        guard let id else { return try first(in: filter, where: clause, values, newestFirst: true) }
        let position = try self.position(of: id)
        if let older = try first(in: filter, where: clause + " AND (a.sort_date, a.id) < (?, ?)", values + position,
                                 newestFirst: true) {
            return older
        }
        return try first(in: filter, where: clause + " AND a.id <> ?", values + [id.rawValue], newestFirst: true)
    }

    func previousUnread(before id: ArticleID?, in filter: ArticleFilter) throws -> ArticleID? {
        var unread = filter
        unread.unreadOnly = true
        let filter = try ArticleFilterSQL(unread, db: db)
        let (clause, values) = filter.listClause()
        guard let id else { return try first(in: filter, where: clause, values, newestFirst: false) }
        let position = try self.position(of: id)
        return try first(in: filter, where: clause + " AND (a.sort_date, a.id) > (?, ?)", values + position,
                         newestFirst: false)
    }

    /// The first article matching `clause` in list order (or reversed).
    private func first(in filter: ArticleFilterSQL, where clause: String, _ values: [(any DatabaseValueConvertible)?],
                       newestFirst: Bool) throws -> ArticleID? {
        let order = ArticleOrderSQL(select: "SELECT a.id, a.sort_date FROM articles AS a", filter: filter,
                                    clause: clause, values: values)
        let (sql, arguments) = order.statement(newestFirst: newestFirst, limit: 1)
        return try Row.fetchOne(db, sql: sql, arguments: arguments).map { ArticleID($0[0] as Int64) }
    }

    private func position(of id: ArticleID) throws -> [(any DatabaseValueConvertible)?] {
        [try SQLiteStore.sortDate(db, of: id), id.rawValue]
    }
}
