import Foundation
import HeraldDomain
import PostgresNIO
import HeraldPorts
import HeraldStoreCore

extension PostgresStore: StoreArchiving {
    /// The user's feeds with their subscription and the feeds' fetch state, ordered by identifier.
    public func archivedFeeds() async throws(StoreError) -> [Feed] {
        let user = userID
        return try await read { connection in try await FeedRows.fetch(connection, user: user, orderBy: "f.id") }
    }

    /// The user's articles with identifiers greater than `after`, at most `limit`, in identifier
    /// order, with their texts, the user's state and tags.
    public func archivedArticles(after: ArticleID?, limit: Int) async throws(StoreError) -> [ArchivedArticle] {
        let user = userID
        return try await read { connection in
            try await ArchivedArticleRows.page(connection, user: user, after: after, limit: max(1, limit))
        }
    }

    /// The user's saved searches, ordered by identifier.
    public func archivedSavedSearches() async throws(StoreError) -> [SavedSearch] {
        let user = userID
        return try await read { connection in
            try await connection.run("""
                SELECT id, name, query, filter_json FROM saved_searches WHERE user_id = \(user) ORDER BY id
                """).all(SavedSearchRows.savedSearch)
        }
    }

    /// Subscribes the user to archived feeds in one transaction. A feed row that does not exist
    /// yet is created with the archived title, site and fetch state; one that exists (another user
    /// subscribes to it) keeps its own, since it is fetched for them. The user's subscription gets
    /// the archived title, tags, hidden flag, settings and date; a feed the user already subscribes
    /// to is left as it is. Unlike ``addFeed(_:at:)``, the user is not given the feed's other stored
    /// articles: they get the archived ones (``restoreArticles(_:feedIDs:)``).
    public func restoreFeeds(_ feeds: [Feed]) async throws(StoreError) -> [FeedID: FeedID] {
        let user = userID
        return try await write { connection in
            var map: [FeedID: FeedID] = [:]
            for feed in feeds {
                if let id = try await connection.run("""
                    SELECT f.id FROM feeds AS f JOIN subscriptions AS s ON s.feed_id = f.id
                    WHERE s.user_id = \(user) AND f.url = \(feed.url)
                    """).first({ try $0.decode(Int64.self) }) {
                    map[feed.id] = FeedID(id)
                    continue
                }
                let id = try await Self.feedRow(for: feed, connection)
                let settings = feed.settings == FeedSettings() ? nil : ColumnCodec.json(feed.settings)
                try await connection.run("""
                    INSERT INTO subscriptions (user_id, feed_id, custom_title, is_hidden, settings_json, added_at)
                    VALUES (\(user), \(id), \(feed.customTitle), \(feed.isHidden), \(settings),
                        \(feed.addedAt.timeIntervalSince1970))
                    """)
                try await connection.run("""
                    INSERT INTO feed_counts (user_id, feed_id) VALUES (\(user), \(id)) ON CONFLICT DO NOTHING
                    """)
                try await FeedRows.replaceTags(connection, user: user, feed: FeedID(id), with: feed.tags)
                map[feed.id] = FeedID(id)
            }
            return map
        }
    }

    /// The identifier of the shared feed row at the archived feed's URL, created with the archived
    /// fetch state when there is none.
    private static func feedRow(for feed: Feed, _ connection: PostgresConnection) async throws -> Int64 {
        let state = feed.fetchState
        if let id = try await connection.run("""
            INSERT INTO feeds (url, title, site_url, etag, last_modified, body_hash, last_attempt_at, last_success_at,
                last_error_json, error_count, next_due_at, is_gone, pending_redirect_json, added_at)
            VALUES (\(feed.url), \(feed.title), \(feed.siteURL), \(state.etag), \(state.lastModified), \(state.bodyHash),
                \(state.lastAttemptAt?.timeIntervalSince1970), \(state.lastSuccessAt?.timeIntervalSince1970),
                \(ColumnCodec.json(state.lastError)), \(state.errorCount), \(state.nextDueAt?.timeIntervalSince1970),
                \(state.isGone), \(ColumnCodec.json(state.pendingRedirect)), \(feed.addedAt.timeIntervalSince1970))
            ON CONFLICT (url) DO NOTHING RETURNING id
            """).first({ try $0.decode(Int64.self) }) {
            return id
        }
        guard let id = try await connection.run("SELECT id FROM feeds WHERE url = \(feed.url)")
            .first({ try $0.decode(Int64.self) }) else { throw StoreError.database(reason: "the feed row vanished") }
        return id
    }

    /// Stores a page of archived articles in one transaction, with one statement per table for
    /// each part of it (see ``ArticleRestore``); the search vectors of a part are computed, on every
    /// core, while the part before is written.
    public func restoreArticles(_ articles: [ArchivedArticle], feedIDs: [FeedID: FeedID]) async throws(StoreError) -> Int {
        let feeds = try ArticleRestore.feeds(of: articles, in: feedIDs)
        guard !articles.isEmpty else { return 0 }
        let user = userID
        return try await write { connection in
            try await ArticleRestore(connection: connection, user: user).store(articles, feeds: feeds)
        }
    }

    /// Merges the search index's pending list (``finishSaving()``) and refreshes the planner's
    /// statistics of the tables that grew (a role that does not own them leaves that to autovacuum).
    public func finishRestoring() async throws(StoreError) {
        try await finishSaving()
        try await read { connection in
            _ = try await connection.run("ANALYZE articles, user_articles").all { _ in () }
        }
    }

    /// Saves archived searches for the user with remapped filters; one with the same name, query
    /// and filter already saved is kept.
    public func restoreSavedSearches(_ searches: [SavedSearch], feedIDs: [FeedID: FeedID])
        async throws(StoreError) -> [SavedSearchID: SavedSearchID] {
        let user = userID
        return try await write { connection in
            var existing = try await connection.run("""
                SELECT id, name, query, filter_json FROM saved_searches WHERE user_id = \(user) ORDER BY id
                """).all(SavedSearchRows.savedSearch)
            var map: [SavedSearchID: SavedSearchID] = [:]
            for search in searches.sorted(by: { $0.id < $1.id }) {
                let filter = search.filter.remapped(feeds: feedIDs, savedSearches: map)
                if let same = existing.first(where: { $0.name == search.name && $0.query == search.query && $0.filter == filter }) {
                    map[search.id] = same.id
                    continue
                }
                guard let id = try await connection.run("""
                    INSERT INTO saved_searches (user_id, name, query, filter_json)
                    VALUES (\(user), \(search.name), \(search.query), \(ColumnCodec.json(filter) ?? "{}")) RETURNING id
                    """).first({ try $0.decode(Int64.self) }) else { throw StoreError.database(reason: "no saved search identifier") }
                existing.append(SavedSearch(id: SavedSearchID(id), name: search.name, query: search.query, filter: filter))
                map[search.id] = SavedSearchID(id)
            }
            return map
        }
    }

    /// Counts of the user's stored rows (not of `feed_counts`, which they verify).
    public func archiveCounts() async throws(StoreError) -> ArchiveCounts {
        let user = userID
        return try await read { connection in
            guard let row = try await connection.run("""
                SELECT (SELECT count(*) FROM subscriptions WHERE user_id = \(user))::bigint, count(*)::bigint,
                    (count(*) FILTER (WHERE is_read))::bigint, (count(*) FILTER (WHERE is_starred))::bigint,
                    (SELECT count(DISTINCT article_id) FROM article_tags WHERE user_id = \(user))::bigint,
                    (SELECT count(*) FROM saved_searches WHERE user_id = \(user))::bigint
                FROM user_articles WHERE user_id = \(user)
                """).first({ try $0.decode((Int, Int, Int, Int, Int, Int).self) })
            else { throw StoreError.database(reason: "the count query returned nothing") }
            return ArchiveCounts(feeds: row.0, articles: row.1, read: row.2, starred: row.3, taggedArticles: row.4,
                                 savedSearches: row.5)
        }
    }
}
