import Foundation
import HeraldDomain
import PostgresNIO
import HeraldStoreCore

extension PostgresStore {
    /// One of the user's articles with its body and their state.
    public func article(_ id: ArticleID) async throws(StoreError) -> Article {
        let user = userID
        return try await read { connection in try await ArticleRows.article(connection, user: user, id: id) }
    }

    /// The articles with these ids, in the order given, on one connection.
    public func articles(withIDs ids: [ArticleID]) async throws(StoreError) -> [Article] {
        let user = userID
        return try await read { connection in
            var found: [Article] = []
            found.reserveCapacity(ids.count)
            for id in ids {
                do {
                    found.append(try await ArticleRows.article(connection, user: user, id: id))
                } catch StoreError.articleNotFound {
                    continue
                }
            }
            return found
        }
    }

    /// One newest-first page; keyset pagination on `(sort_date, id)` over the user's index, so
    /// every page costs the same however deep it is.
    public func articles(_ request: ArticlePageRequest) async throws(StoreError) -> ArticlePage {
        let user = userID
        return try await read { connection in
            let limit = max(1, request.limit)
            var sql = SQLText()
            let conditions = try await ArticleFilterSQL.conditions(request.filter, user: user, into: &sql, connection: connection)
            var keyset = ""
            if let cursor = request.after {
                keyset = " AND (ua.sort_date, ua.article_id) < (\(sql.bind(cursor.date.timeIntervalSince1970)), \(sql.bind(cursor.id.rawValue)))"
            }
            sql.append("""
                \(ArticleRows.summarySelect) WHERE ua.user_id = \(sql.bind(user)) AND \(conditions)\(keyset)
                ORDER BY ua.sort_date DESC, ua.article_id DESC LIMIT \(sql.bind(limit + 1))
                """)
            let rows = try await connection.run(sql).all(ArticleRows.summary)
            let page = Array(rows.prefix(limit))
            return ArticlePage(articles: page, next: rows.count > limit ? page.last?.cursor : nil)
        }
    }

    /// Article ids in id order (Fever's `since_id` page is an index range on the user's articles).
    public func articleIDs(_ request: ArticleIDRequest) async throws(StoreError) -> [ArticleID] {
        let user = userID
        return try await read { connection in
            var sql = SQLText()
            let conditions = try await ArticleFilterSQL.conditions(request, user: user, into: &sql, connection: connection)
            var extra = request.readOnly ? " AND ua.is_read" : ""
            if let after = request.after { extra += " AND ua.article_id > \(sql.bind(after.rawValue))" }
            if let before = request.before { extra += " AND ua.article_id < \(sql.bind(before.rawValue))" }
            var limit = ""
            if let count = request.limit { limit = " LIMIT \(sql.bind(max(0, count)))" }
            sql.append("""
                SELECT ua.article_id FROM user_articles AS ua
                JOIN articles AS a ON a.id = ua.article_id
                JOIN subscriptions AS s ON s.user_id = ua.user_id AND s.feed_id = ua.feed_id
                JOIN feeds AS f ON f.id = ua.feed_id
                WHERE ua.user_id = \(sql.bind(user)) AND \(conditions)\(extra)
                ORDER BY ua.article_id \(request.ascending ? "ASC" : "DESC")\(limit)
                """)
            return try await connection.run(sql).all { ArticleID(try $0.decode(Int64.self)) }
        }
    }

    /// The articles just newer and just older than `id` within a filter.
    public func neighbours(of id: ArticleID, in filter: ArticleFilter) async throws(StoreError) -> (newer: ArticleID?, older: ArticleID?) {
        let user = userID
        let pair = try await read { connection in
            let position = try await ArticleRows.position(connection, user: user, of: id)
            let newer = try await Self.first(connection, user: user, filter: filter, after: (position, id), newer: true, newestFirst: false)
            let older = try await Self.first(connection, user: user, filter: filter, after: (position, id), newer: false, newestFirst: true)
            return [newer, older]
        }
        return (pair[0], pair[1])
    }

    /// The next unread article older than `id` in the filter; when there is none, the newest
    /// unread one (wrapping around); the newest unread when `id` is nil.
    public func nextUnread(after id: ArticleID?, in filter: ArticleFilter) async throws(StoreError) -> ArticleID? {
        let user = userID
        var unread = filter
        unread.unreadOnly = true
        return try await read { connection in
            guard let id else {
                return try await Self.first(connection, user: user, filter: unread, after: nil, newer: false, newestFirst: true)
            }
            let position = try await ArticleRows.position(connection, user: user, of: id)
            if let older = try await Self.first(connection, user: user, filter: unread, after: (position, id), newer: false,
                                                newestFirst: true) {
                return older
            }
            return try await Self.first(connection, user: user, filter: unread, after: nil, newer: false, newestFirst: true,
                                        excluding: id)
        }
    }

    /// The nearest unread article newer than `id` in the filter, or the oldest unread when `id` is nil.
    public func previousUnread(before id: ArticleID?, in filter: ArticleFilter) async throws(StoreError) -> ArticleID? {
        let user = userID
        var unread = filter
        unread.unreadOnly = true
        return try await read { connection in
            guard let id else {
                return try await Self.first(connection, user: user, filter: unread, after: nil, newer: false, newestFirst: false)
            }
            let position = try await ArticleRows.position(connection, user: user, of: id)
            return try await Self.first(connection, user: user, filter: unread, after: (position, id), newer: true, newestFirst: false)
        }
    }

    /// The first article of the filter in list order (or reversed), strictly newer or older than a
    /// position when one is given.
    private static func first(_ connection: PostgresConnection, user: Int64, filter: ArticleFilter,
                              after position: (Double, ArticleID)?, newer: Bool, newestFirst: Bool,
                              excluding: ArticleID? = nil) async throws -> ArticleID? {
        var sql = SQLText()
        var conditions = try await ArticleFilterSQL.conditions(filter, user: user, into: &sql, connection: connection)
        if let (date, id) = position {
            conditions += " AND (ua.sort_date, ua.article_id) \(newer ? ">" : "<") (\(sql.bind(date)), \(sql.bind(id.rawValue)))"
        }
        if let excluding { conditions += " AND ua.article_id <> \(sql.bind(excluding.rawValue))" }
        let order = newestFirst ? "ua.sort_date DESC, ua.article_id DESC" : "ua.sort_date, ua.article_id"
        sql.append("""
            SELECT ua.article_id FROM user_articles AS ua JOIN articles AS a ON a.id = ua.article_id
            WHERE ua.user_id = \(sql.bind(user)) AND \(conditions) ORDER BY \(order) LIMIT 1
            """)
        return try await connection.run(sql).first { ArticleID(try $0.decode(Int64.self)) }
    }

    /// Marks articles read or unread for the user.
    /// - Throws: ``StoreError/articleNotFound(_:)`` when an identifier is unknown (nothing is changed).
    public func setRead(_ isRead: Bool, for ids: [ArticleID]) async throws(StoreError) {
        try await setFlag("is_read", to: isRead, for: ids)
    }

    /// Stars or unstars articles for the user.
    /// - Throws: ``StoreError/articleNotFound(_:)`` when an identifier is unknown (nothing is changed).
    public func setStarred(_ isStarred: Bool, for ids: [ArticleID]) async throws(StoreError) {
        try await setFlag("is_starred", to: isStarred, for: ids)
    }

    /// Hides the user's articles (a rule blocked them) or shows them again.
    /// - Throws: ``StoreError/articleNotFound(_:)`` when an identifier is unknown (nothing is changed).
    public func setHidden(_ isHidden: Bool, for ids: [ArticleID]) async throws(StoreError) {
        try await setFlag("is_hidden", to: isHidden, for: ids)
    }

    private func setFlag(_ column: String, to value: Bool, for ids: [ArticleID]) async throws(StoreError) {
        let unique = Array(Set(ids.map(\.rawValue))).sorted()
        guard !unique.isEmpty else { return }
        let user = userID
        try await write { connection in
            let found = Set(try await connection.run("""
                SELECT article_id FROM user_articles WHERE user_id = \(user) AND article_id = ANY(\(unique))
                """).all { try $0.decode(Int64.self) })
            if let missing = unique.first(where: { !found.contains($0) }) { throw StoreError.articleNotFound(ArticleID(missing)) }
            var sql = SQLText()
            sql.append("""
                UPDATE user_articles SET \(column) = \(sql.bind(value)) WHERE user_id = \(sql.bind(user))
                    AND article_id = ANY(\(sql.bind(unique))) AND \(column) <> \(sql.bind(value))
                """)
            try await connection.run(sql)
        }
    }

    /// Replaces the user's tags of an article.
    public func setTags(_ tags: [String], forArticle id: ArticleID) async throws(StoreError) {
        let user = userID
        try await write { connection in
            _ = try await ArticleRows.position(connection, user: user, of: id)
            try await connection.run("DELETE FROM article_tags WHERE user_id = \(user) AND article_id = \(id.rawValue)")
            let kept = Array(Set(tags.filter { !$0.isEmpty })).sorted()
            guard !kept.isEmpty else { return }
            try await connection.run("""
                INSERT INTO article_tags (user_id, article_id, tag) SELECT \(user), \(id.rawValue), unnest(\(kept)::text[])
                """)
        }
    }

    /// Marks every unread article of the user in a filter read. - Returns: How many changed.
    public func markAllRead(in filter: ArticleFilter) async throws(StoreError) -> Int {
        let user = userID
        return try await write { connection in
            var sql = SQLText()
            let conditions = try await ArticleFilterSQL.conditions(filter, user: user, into: &sql, connection: connection)
            sql.append("""
                WITH changed AS (
                    UPDATE user_articles AS ua SET is_read = true FROM articles AS a
                    WHERE a.id = ua.article_id AND ua.user_id = \(sql.bind(user)) AND NOT ua.is_read AND \(conditions)
                    RETURNING 1)
                SELECT count(*)::bigint FROM changed
                """)
            return try await connection.run(sql).first { try $0.decode(Int.self) } ?? 0
        }
    }

    /// The user's unread counts per feed, from `feed_counts` (kept by triggers).
    public func unreadCountsByFeed() async throws(StoreError) -> [FeedID: Int] {
        let user = userID
        return try await read { connection in
            var counts: [FeedID: Int] = [:]
            for (feed, unread) in try await connection.run("""
                SELECT feed_id, unread FROM feed_counts WHERE user_id = \(user) AND unread > 0
                """).all({ try $0.decode((Int64, Int).self) }) {
                counts[FeedID(feed)] = unread
            }
            return counts
        }
    }

    /// The user's unread counts per feed tag.
    public func unreadCountsByTag() async throws(StoreError) -> [String: Int] {
        let user = userID
        return try await read { connection in
            var counts: [String: Int] = [:]
            for (tag, unread) in try await connection.run("""
                SELECT t.tag, sum(c.unread)::bigint FROM feed_tags AS t
                JOIN feed_counts AS c ON c.user_id = t.user_id AND c.feed_id = t.feed_id
                WHERE t.user_id = \(user) GROUP BY t.tag
                """).all({ try $0.decode((String, Int).self) }) {
                counts[tag] = unread
            }
            return counts
        }
    }

    /// The user's totals, with the size of the store's tables on disk.
    public func statistics() async throws(StoreError) -> StoreStatistics {
        let user = userID
        return try await read { connection in
            let row = try await connection.run("""
                SELECT (SELECT count(*) FROM subscriptions WHERE user_id = \(user))::bigint,
                    coalesce(sum(total), 0)::bigint, coalesce(sum(unread), 0)::bigint, coalesce(sum(starred), 0)::bigint,
                    (SELECT count(*) FROM subscriptions AS s JOIN feeds AS f ON f.id = s.feed_id
                     WHERE s.user_id = \(user) AND f.last_error_json IS NOT NULL)::bigint,
                    (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class AS c
                     JOIN pg_namespace AS n ON n.oid = c.relnamespace
                     WHERE n.nspname = current_schema() AND c.relkind = 'r')::bigint,
                    (SELECT max(f.last_success_at) FROM subscriptions AS s JOIN feeds AS f ON f.id = s.feed_id
                     WHERE s.user_id = \(user))
                FROM feed_counts WHERE user_id = \(user)
                """).first { try $0.decode((Int, Int, Int, Int, Int, Int64, Double?).self) }
            guard let row else { throw StoreError.database(reason: "the statistics query returned nothing") }
            return StoreStatistics(feeds: row.0, articles: row.1, unread: row.2, starred: row.3, failingFeeds: row.4,
                                   databaseBytes: row.5, lastRefreshedAt: row.6.map(Date.init(timeIntervalSince1970:)))
        }
    }

    /// Deletes articles of the user's feeds beyond each feed's retention policy (or `global` when
    /// the feed has none): older than the newest `keepNewest`, or dated more than `keepDays` before
    /// `now`. An article anybody starred is never deleted.
    /// - Returns: How many articles were deleted.
    public func applyRetention(global: RetentionPolicy, now: Date) async throws(StoreError) -> Int {
        let user = userID
        return try await write { connection in
            var deleted = 0
            let feeds = try await connection.run("SELECT feed_id, settings_json FROM subscriptions WHERE user_id = \(user)")
                .all { try $0.decode((Int64, String?).self) }
            let unstarred = "NOT EXISTS (SELECT 1 FROM user_articles AS ua WHERE ua.article_id = articles.id AND ua.is_starred)"
            for (feed, settings) in feeds {
                let policy = ColumnCodec.decode(FeedSettings.self, from: settings)?.retention ?? global
                if let keep = policy.keepNewest {
                    var sql = SQLText()
                    let feedMark = sql.bind(feed)
                    let cutoff = keep <= 0 ? "" : """
                         AND (sort_date, id) < (SELECT sort_date, id FROM articles WHERE feed_id = \(feedMark)
                            ORDER BY sort_date DESC, id DESC LIMIT 1 OFFSET \(sql.bind(keep - 1)))
                        """
                    sql.append("""
                        WITH gone AS (DELETE FROM articles WHERE feed_id = \(feedMark) AND \(unstarred)\(cutoff) RETURNING 1)
                        SELECT count(*)::bigint FROM gone
                        """)
                    deleted += try await connection.run(sql).first { try $0.decode(Int.self) } ?? 0
                }
                if let days = policy.keepDays {
                    let cutoff = now.timeIntervalSince1970 - Double(days) * 86_400
                    var sql = SQLText()
                    sql.append("""
                        WITH gone AS (DELETE FROM articles WHERE feed_id = \(sql.bind(feed)) AND \(unstarred)
                            AND sort_date < \(sql.bind(cutoff)) RETURNING 1)
                        SELECT count(*)::bigint FROM gone
                        """)
                    deleted += try await connection.run(sql).first { try $0.decode(Int.self) } ?? 0
                }
            }
            return deleted
        }
    }
}
