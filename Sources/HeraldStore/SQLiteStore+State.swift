import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

extension SQLiteStore {
    /// Marks articles read or unread.
    /// - Throws: ``StoreError/articleNotFound(_:)`` when an identifier is unknown (nothing is changed).
    public func setRead(_ isRead: Bool, for ids: [ArticleID]) async throws(StoreError) {
        try await setFlag("is_read", to: isRead, for: ids)
    }

    /// Stars or unstars articles.
    /// - Throws: ``StoreError/articleNotFound(_:)`` when an identifier is unknown (nothing is changed).
    public func setStarred(_ isStarred: Bool, for ids: [ArticleID]) async throws(StoreError) {
        try await setFlag("is_starred", to: isStarred, for: ids)
    }

    /// Hides articles (a rule blocked them) or shows them again.
    /// - Throws: ``StoreError/articleNotFound(_:)`` when an identifier is unknown (nothing is changed).
    public func setHidden(_ isHidden: Bool, for ids: [ArticleID]) async throws(StoreError) {
        try await setFlag("is_hidden", to: isHidden, for: ids)
    }

    /// Replaces an article's user tags.
    public func setTags(_ tags: [String], forArticle id: ArticleID) async throws(StoreError) {
        try await write { db in
            _ = try SQLiteStore.sortDate(db, of: id)
            try db.execute(sql: "DELETE FROM article_tags WHERE article_id = ?", arguments: [id.rawValue])
            for tag in Set(tags) where !tag.isEmpty {
                try db.execute(sql: "INSERT INTO article_tags(article_id, tag) VALUES (?, ?)",
                               arguments: [id.rawValue, tag])
            }
        }
    }

    /// Marks every unread article in a filter read, in one statement per part of the table
    /// (indexed articles through the unread index, waiting ones through theirs).
    /// - Returns: How many changed.
    public func markAllRead(in filter: ArticleFilter) async throws(StoreError) -> Int {
        if case .savedSearch = filter.scope { await indexWaitingArticlesForSearch() }
        return try await write { db in
            let (clause, values) = try ArticleFilterSQL(filter, db: db).listClause()
            var changed = 0
            // The waiting part names its index: the planner would otherwise walk every unread article.
            for (index, part) in [("", "a.is_indexed = 1"), (" INDEXED BY articles_waiting", "a.is_indexed = 0")] {
                try db.execute(sql: "UPDATE articles AS a\(index) SET is_read = 1 WHERE a.is_read = 0 AND \(part) AND \(clause)",
                               arguments: StatementArguments(values))
                changed += db.changesCount
            }
            return changed
        }
    }

    /// Unread counts per feed, read from the `feed_counts` table that triggers keep current.
    public func unreadCountsByFeed() async throws(StoreError) -> [FeedID: Int] {
        try await read { db in
            var counts: [FeedID: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT feed_id, unread FROM feed_counts WHERE unread > 0") {
                counts[FeedID(row[0] as Int64)] = row[1]
            }
            return counts
        }
    }

    /// Unread counts per feed tag.
    public func unreadCountsByTag() async throws(StoreError) -> [String: Int] {
        try await read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT t.tag, sum(c.unread) FROM feed_tags AS t JOIN feed_counts AS c ON c.feed_id = t.feed_id
                GROUP BY t.tag
                """) {
                counts[row[0]] = row[1]
            }
            return counts
        }
    }

    /// Totals over the store, with the database size on disk (file and WAL).
    public func statistics() async throws(StoreError) -> StoreStatistics {
        let path = self.path
        return try await read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM feeds), coalesce(sum(total), 0), coalesce(sum(unread), 0),
                    coalesce(sum(starred), 0), (SELECT count(*) FROM feeds WHERE last_error_json IS NOT NULL),
                    (SELECT max(last_success_at) FROM feeds)
                FROM feed_counts
                """)!
            let bytes: Int64
            if let path {
                bytes = [path, path + "-wal"].reduce(0) { total, file in
                    let attributes = try? FileManager.default.attributesOfItem(atPath: file)
                    return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
                }
            } else {
                bytes = try Int64.fetchOne(db, sql: "SELECT page_count * page_size FROM pragma_page_count, pragma_page_size") ?? 0
            }
            return StoreStatistics(feeds: row[0], articles: row[1], unread: row[2], starred: row[3],
                                   failingFeeds: row[4], databaseBytes: bytes,
                                   lastRefreshedAt: ColumnCodec.date(row[5]))
        }
    }

    private func setFlag(_ column: String, to value: Bool, for ids: [ArticleID]) async throws(StoreError) {
        let unique = Array(Set(ids.map(\.rawValue)))
        guard !unique.isEmpty else { return }
        try await write { db in
            for start in stride(from: 0, to: unique.count, by: 500) {
                let chunk = Array(unique[start..<min(start + 500, unique.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let found = try Set(Int64.fetchAll(db, sql: "SELECT id FROM articles WHERE id IN (\(marks))",
                                                   arguments: StatementArguments(chunk)))
                if let missing = chunk.first(where: { !found.contains($0) }) {
                    throw StoreError.articleNotFound(ArticleID(missing))
                }
                try db.execute(sql: "UPDATE articles SET \(column) = ? WHERE \(column) <> ? AND id IN (\(marks))",
                               arguments: StatementArguments([value, value] + chunk))
            }
        }
    }
}
