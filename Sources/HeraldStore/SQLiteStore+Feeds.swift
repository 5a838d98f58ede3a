import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

extension SQLiteStore {
    /// Subscribes to a feed; an already subscribed URL returns the existing feed unchanged.
    public func addFeed(_ feed: NewFeed, at date: Date) async throws(StoreError) -> (feed: Feed, created: Bool) {
        try await write { db in
            if let id = try Int64.fetchOne(db, sql: "SELECT id FROM feeds WHERE url = ?", arguments: [feed.url]) {
                return (try FeedRows.require(db, id: FeedID(id)), false)
            }
            try db.execute(sql: "INSERT INTO feeds(url, custom_title, is_hidden, added_at) VALUES (?, ?, ?, ?)",
                           arguments: [feed.url, feed.customTitle, feed.isHidden, ColumnCodec.seconds(date)])
            let id = FeedID(db.lastInsertedRowID)
            try FeedRows.replaceTags(db, of: id, with: feed.tags)
            return (try FeedRows.require(db, id: id), true)
        }
    }

    /// Every subscribed feed, ordered by display title.
    public func feeds() async throws(StoreError) -> [Feed] {
        try await read { db in
            try FeedRows.fetchAll(db, orderBy: "lower(coalesce(custom_title, title, url)), id")
        }
    }

    /// The feeds among `ids`, by id.
    public func feeds(withIDs ids: Set<FeedID>) async throws(StoreError) -> [Feed] {
        guard !ids.isEmpty else { return [] }
        return try await read { db in
            let list = ids.map { String($0.rawValue) }.joined(separator: ",")
            return try FeedRows.fetchAll(db, where: "id IN (\(list))", tagsWhere: "feed_id IN (\(list))", orderBy: "id")
        }
    }

    /// One feed.
    public func feed(_ id: FeedID) async throws(StoreError) -> Feed {
        try await read { db in try FeedRows.require(db, id: id) }
    }

    /// The feed subscribed at a URL, if any.
    public func feed(url: String) async throws(StoreError) -> Feed? {
        try await read { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM feeds WHERE url = ?", arguments: [url])
            else { return nil }
            return try FeedRows.fetchOne(db, id: FeedID(id))
        }
    }

    /// Unsubscribes and deletes the feed's articles, starred ones included.
    public func removeFeed(_ id: FeedID) async throws(StoreError) {
        try await write { db in
            _ = try FeedRows.require(db, id: id)
            try db.execute(sql: "DELETE FROM articles WHERE feed_id = ?", arguments: [id.rawValue])
            try db.execute(sql: "DELETE FROM feeds WHERE id = ?", arguments: [id.rawValue])
        }
    }

    /// Sets or clears the user's title.
    public func setCustomTitle(_ title: String?, for id: FeedID) async throws(StoreError) {
        try await updateFeed(id, sql: "UPDATE feeds SET custom_title = ? WHERE id = ?", arguments: [title, id.rawValue])
    }

    /// Replaces the feed's tags (duplicates and empty tags dropped, order kept).
    public func setTags(_ tags: [String], for id: FeedID) async throws(StoreError) {
        try await write { db in
            _ = try FeedRows.require(db, id: id)
            try FeedRows.replaceTags(db, of: id, with: tags)
        }
    }

    /// Replaces the feed's settings.
    public func setSettings(_ settings: FeedSettings, for id: FeedID) async throws(StoreError) {
        try await updateFeed(id, sql: "UPDATE feeds SET settings_json = ? WHERE id = ?",
                             arguments: [ColumnCodec.json(settings), id.rawValue])
    }

    /// Moves the feed to a new URL, keeping its articles and state.
    /// - Throws: ``StoreError/duplicateFeed(url:existing:)`` when another feed has that URL.
    public func changeURL(of id: FeedID, to url: String) async throws(StoreError) {
        try await write { db in
            if let other = try Int64.fetchOne(db, sql: "SELECT id FROM feeds WHERE url = ?", arguments: [url]),
               other != id.rawValue {
                throw StoreError.duplicateFeed(url: url, existing: FeedID(other))
            }
            try db.execute(sql: "UPDATE feeds SET url = ? WHERE id = ?", arguments: [url, id.rawValue])
            if db.changesCount == 0 { throw StoreError.feedNotFound(id) }
        }
    }

    /// Records a fetch that stored nothing (304, unchanged body, failure).
    public func updateFetchState(_ state: FetchState, for id: FeedID) async throws(StoreError) {
        try await write { db in try FeedRows.writeFetchState(db, state, for: id) }
    }

    /// Feeds due at `date` (next-due passed or unset), not gone, soonest first.
    public func dueFeeds(at date: Date) async throws(StoreError) -> [Feed] {
        try await read { db in
            try FeedRows.fetchAll(
                db, where: "is_gone = 0 AND (next_due_at IS NULL OR next_due_at <= ?)",
                arguments: [ColumnCodec.seconds(date)], orderBy: "next_due_at IS NOT NULL, next_due_at, id")
        }
    }

    private func updateFeed(_ id: FeedID, sql: String, arguments: StatementArguments) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: sql, arguments: arguments)
            if db.changesCount == 0 { throw StoreError.feedNotFound(id) }
        }
    }
}
