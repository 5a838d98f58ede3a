import Foundation
import GRDB
import HeraldDomain
import HeraldPorts
import HeraldStoreCore

extension SQLiteStore: StoreArchiving {
    /// Every feed with its tags, settings and fetch state, ordered by identifier.
    public func archivedFeeds() async throws(StoreError) -> [Feed] {
        try await read { db in try FeedRows.fetchAll(db, orderBy: "id") }
    }

    /// Articles with identifiers greater than `after`, at most `limit`, in identifier order, with
    /// their texts, state and tags.
    public func archivedArticles(after: ArticleID?, limit: Int) async throws(StoreError) -> [ArchivedArticle] {
        try await read { db in try ArchivedArticleRows.page(db, after: after, limit: max(1, limit)) }
    }

    /// Every saved search, ordered by identifier.
    public func archivedSavedSearches() async throws(StoreError) -> [SavedSearch] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM saved_searches ORDER BY id").map(SavedSearchRows.savedSearch)
        }
    }

    /// Adds archived feeds with their title, site, tags, settings and fetch state, in one
    /// transaction; a URL already stored is that feed, left as it is.
    public func restoreFeeds(_ feeds: [Feed]) async throws(StoreError) -> [FeedID: FeedID] {
        try await write { db in
            var map: [FeedID: FeedID] = [:]
            for feed in feeds {
                if let id = try Int64.fetchOne(db, sql: "SELECT id FROM feeds WHERE url = ?", arguments: [feed.url]) {
                    map[feed.id] = FeedID(id)
                    continue
                }
                try db.execute(sql: """
                    INSERT INTO feeds (url, title, custom_title, site_url, is_hidden, settings_json, added_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [feed.url, feed.title, feed.customTitle, feed.siteURL, feed.isHidden,
                                     feed.settings == FeedSettings() ? nil : ColumnCodec.json(feed.settings),
                                     ColumnCodec.seconds(feed.addedAt)])
                let id = FeedID(db.lastInsertedRowID)
                try FeedRows.writeFetchState(db, feed.fetchState, for: id)
                try FeedRows.replaceTags(db, of: id, with: feed.tags)
                map[feed.id] = id
            }
            return map
        }
    }

    /// Stores a page of archived articles in one transaction (see ``ArticleRestore``); their search
    /// texts are prepared before it. They wait to be indexed, as saved articles do, until
    /// ``finishRestoring()`` or until ``indexingBatch`` of them wait.
    public func restoreArticles(_ articles: [ArchivedArticle], feedIDs: [FeedID: FeedID]) async throws(StoreError) -> Int {
        let batch = indexingBatch
        let prepared = articles.map(ArticleRestore.Prepared.init)
        return try await write { db in
            let added = try ArticleRestore(db: db).store(prepared, feedIDs: feedIDs)
            if added > 0, try DeferredIndexing.waitingSpan(db) >= batch {
                try DeferredIndexing.indexWaitingArticles(db)
            }
            return added
        }
    }

    /// Indexes the restored articles still waiting (``finishSaving()``).
    public func finishRestoring() async throws(StoreError) {
        try await finishSaving()
    }

    /// Saves archived searches with remapped filters; one with the same name, query and filter
    /// already stored is kept.
    public func restoreSavedSearches(_ searches: [SavedSearch], feedIDs: [FeedID: FeedID])
        async throws(StoreError) -> [SavedSearchID: SavedSearchID] {
        try await write { db in
            var existing = try Row.fetchAll(db, sql: "SELECT * FROM saved_searches ORDER BY id").map(SavedSearchRows.savedSearch)
            var map: [SavedSearchID: SavedSearchID] = [:]
            for search in searches.sorted(by: { $0.id < $1.id }) {
                let filter = search.filter.remapped(feeds: feedIDs, savedSearches: map)
                if let same = existing.first(where: { $0.name == search.name && $0.query == search.query && $0.filter == filter }) {
                    map[search.id] = same.id
                    continue
                }
                try db.execute(sql: "INSERT INTO saved_searches (name, query, filter_json) VALUES (?, ?, ?)",
                               arguments: [search.name, search.query, ColumnCodec.json(filter)])
                let id = SavedSearchID(db.lastInsertedRowID)
                existing.append(SavedSearch(id: id, name: search.name, query: search.query, filter: filter))
                map[search.id] = id
            }
            return map
        }
    }

    /// Counts of the stored rows (not of `feed_counts`, which they verify).
    public func archiveCounts() async throws(StoreError) -> ArchiveCounts {
        try await read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM feeds), count(*), coalesce(sum(is_read), 0), coalesce(sum(is_starred), 0),
                    (SELECT count(DISTINCT article_id) FROM article_tags), (SELECT count(*) FROM saved_searches)
                FROM articles
                """)!
            return ArchiveCounts(feeds: row[0], articles: row[1], read: row[2], starred: row[3], taggedArticles: row[4],
                                 savedSearches: row[5])
        }
    }
}
