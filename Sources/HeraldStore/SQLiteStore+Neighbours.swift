import Foundation
import GRDB
import HeraldDomain

extension SQLiteStore {
    /// The articles just newer and just older than `id` within a filter.
    public func neighbours(of id: ArticleID, in filter: ArticleFilter)
        async throws(StoreError) -> (newer: ArticleID?, older: ArticleID?) {
        let pair = try await read { db in try ArticleNavigation(db: db).neighbours(of: id, in: filter) }
        return (pair.newer, pair.older)
    }

    /// The next unread article older than `id` in the filter; when there is none, the newest
    /// unread one (wrapping around); the newest unread when `id` is nil.
    public func nextUnread(after id: ArticleID?, in filter: ArticleFilter) async throws(StoreError) -> ArticleID? {
        try await read { db in try ArticleNavigation(db: db).nextUnread(after: id, in: filter) }
    }
}

/// Next/previous and next-unread queries, on the same keyset as the lists.
struct ArticleNavigation {
    struct Neighbours: Sendable {
        var newer: ArticleID?
        var older: ArticleID?
    }

    let db: Database
    private let newestFirst = "ORDER BY a.sort_date DESC, a.id DESC LIMIT 1"

    func neighbours(of id: ArticleID, in filter: ArticleFilter) throws -> Neighbours {
        let position = try self.position(of: id)
        let (clause, values) = try ArticleFilterSQL(filter, db: db).listClause()
        let newer = try Int64.fetchOne(db, sql: """
            SELECT a.id FROM articles AS a WHERE \(clause) AND (a.sort_date, a.id) > (?, ?)
            ORDER BY a.sort_date, a.id LIMIT 1
            """, arguments: StatementArguments(values + position))
        let older = try Int64.fetchOne(db, sql: """
            SELECT a.id FROM articles AS a WHERE \(clause) AND (a.sort_date, a.id) < (?, ?) \(newestFirst)
            """, arguments: StatementArguments(values + position))
        return Neighbours(newer: newer.map { ArticleID($0) }, older: older.map { ArticleID($0) })
    }

    func nextUnread(after id: ArticleID?, in filter: ArticleFilter) throws -> ArticleID? {
        var unread = filter
        unread.unreadOnly = true
        let (clause, values) = try ArticleFilterSQL(unread, db: db).listClause()
        guard let id else {
            return try Int64.fetchOne(db, sql: "SELECT a.id FROM articles AS a WHERE \(clause) \(newestFirst)",
                                      arguments: StatementArguments(values)).map { ArticleID($0) }
        }
        let position = try self.position(of: id)
        if let older = try Int64.fetchOne(db, sql: """
            SELECT a.id FROM articles AS a WHERE \(clause) AND (a.sort_date, a.id) < (?, ?) \(newestFirst)
            """, arguments: StatementArguments(values + position)) {
            return ArticleID(older)
        }
        let others: [(any DatabaseValueConvertible)?] = values + [id.rawValue]
        return try Int64.fetchOne(db, sql: "SELECT a.id FROM articles AS a WHERE \(clause) AND a.id <> ? \(newestFirst)",
                                  arguments: StatementArguments(others)).map { ArticleID($0) }
    }

    private func position(of id: ArticleID) throws -> [(any DatabaseValueConvertible)?] {
        [try SQLiteStore.sortDate(db, of: id), id.rawValue]
    }
}
