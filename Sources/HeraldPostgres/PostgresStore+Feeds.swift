import Foundation
import HeraldDomain
import PostgresNIO
import HeraldStoreCore

extension PostgresStore {
    /// Subscribes the user to a feed. A feed another user already subscribes to is shared (it is
    /// fetched once): the user gets its stored articles, unread. A URL the user already subscribes
    /// to returns their feed unchanged.
    public func addFeed(_ feed: NewFeed, at date: Date) async throws(StoreError) -> (feed: Feed, created: Bool) {
        let user = userID
        return try await write { connection in
            let seconds = date.timeIntervalSince1970
            try await connection.run("""
                INSERT INTO feeds (url, host, added_at) VALUES (\(feed.url), \(HostKey.of(feed.url)), \(seconds))
                ON CONFLICT (url) DO NOTHING
                """)
            guard let id = try await connection.run("SELECT id FROM feeds WHERE url = \(feed.url)")
                .first({ try $0.decode(Int64.self) }) else { throw StoreError.database(reason: "the feed row vanished") }
            let created = try await connection.run("""
                INSERT INTO subscriptions (user_id, feed_id, custom_title, is_hidden, added_at)
                VALUES (\(user), \(id), \(feed.customTitle), \(feed.isHidden), \(seconds))
                ON CONFLICT (user_id, feed_id) DO NOTHING RETURNING feed_id
                """).first({ try $0.decode(Int64.self) }) != nil
            if created {
                try await connection.run("INSERT INTO feed_counts (user_id, feed_id) VALUES (\(user), \(id))")
                try await FeedRows.replaceTags(connection, user: user, feed: FeedID(id), with: feed.tags)
                try await connection.run("""
                    INSERT INTO user_articles (user_id, article_id, feed_id, sort_date)
                    SELECT \(user), id, feed_id, sort_date FROM articles WHERE feed_id = \(id)
                    """)
            }
            return (try await FeedRows.require(connection, user: user, id: FeedID(id)), created)
        }
    }

    /// The user's feeds, ordered by display title.
    public func feeds() async throws(StoreError) -> [Feed] {
        let user = userID
        return try await read { connection in
            try await FeedRows.fetch(connection, user: user,
                                     orderBy: "lower(coalesce(s.custom_title, f.title, f.url)) COLLATE \"C\", f.id")
        }
    }

    /// The user's feeds among `ids`, by id.
    public func feeds(withIDs ids: Set<FeedID>) async throws(StoreError) -> [Feed] {
        guard !ids.isEmpty else { return [] }
        let user = userID
        let list = ids.map(\.rawValue)
        return try await read { connection in
            try await FeedRows.fetch(connection, user: user, where: "f.id = ANY($2)", { _ = $0.bind(list) }, orderBy: "f.id")
        }
    }

    /// One of the user's feeds.
    public func feed(_ id: FeedID) async throws(StoreError) -> Feed {
        let user = userID
        return try await read { connection in try await FeedRows.require(connection, user: user, id: id) }
    }

    /// The user's feed at a URL, if they subscribe to one.
    public func feed(url: String) async throws(StoreError) -> Feed? {
        let user = userID
        return try await read { connection in
            try await FeedRows.fetch(connection, user: user, where: "f.url = $2", { _ = $0.bind(url) }, orderBy: "f.id").first
        }
    }

    /// Unsubscribes the user and deletes their state of the feed's articles (starred ones too); the
    /// feed and its articles go when nobody subscribes any more.
    public func removeFeed(_ id: FeedID) async throws(StoreError) {
        let user = userID
        try await write { connection in
            _ = try await FeedRows.require(connection, user: user, id: id)
            try await connection.run("DELETE FROM user_articles WHERE user_id = \(user) AND feed_id = \(id.rawValue)")
            try await connection.run("DELETE FROM subscriptions WHERE user_id = \(user) AND feed_id = \(id.rawValue)")
            try await connection.run("""
                DELETE FROM feeds WHERE id = \(id.rawValue)
                    AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE feed_id = \(id.rawValue))
                """)
        }
    }

    /// Sets or clears the user's title.
    public func setCustomTitle(_ title: String?, for id: FeedID) async throws(StoreError) {
        let user = userID
        try await write { connection in
            try await Self.requireUpdated(connection.run("""
                UPDATE subscriptions SET custom_title = \(title) WHERE user_id = \(user) AND feed_id = \(id.rawValue)
                RETURNING feed_id
                """), id)
        }
    }

    /// Replaces the user's tags of the feed (duplicates and empty tags dropped, order kept).
    public func setTags(_ tags: [String], for id: FeedID) async throws(StoreError) {
        let user = userID
        try await write { connection in
            _ = try await FeedRows.require(connection, user: user, id: id)
            try await FeedRows.replaceTags(connection, user: user, feed: id, with: tags)
        }
    }

    /// Replaces the user's settings of the feed.
    public func setSettings(_ settings: FeedSettings, for id: FeedID) async throws(StoreError) {
        let user = userID
        try await write { connection in
            try await Self.requireUpdated(connection.run("""
                UPDATE subscriptions SET settings_json = \(ColumnCodec.json(settings))
                WHERE user_id = \(user) AND feed_id = \(id.rawValue) RETURNING feed_id
                """), id)
        }
    }

    /// Moves the feed to a new URL, keeping its articles and state (for every subscriber: the
    /// feed is shared, and a refresh worker follows a permanent redirect for all of them).
    /// - Throws: ``StoreError/duplicateFeed(url:existing:)`` when another feed has that URL.
    public func changeURL(of id: FeedID, to url: String) async throws(StoreError) {
        try await write { connection in
            if let other = try await connection.run("SELECT id FROM feeds WHERE url = \(url)").first({ try $0.decode(Int64.self) }),
               other != id.rawValue {
                throw StoreError.duplicateFeed(url: url, existing: FeedID(other))
            }
            let moved = try await connection.run("""
                UPDATE feeds SET url = \(url), host = \(HostKey.of(url)) WHERE id = \(id.rawValue)
                    AND EXISTS (SELECT 1 FROM subscriptions WHERE feed_id = \(id.rawValue))
                RETURNING id
                """).first { try $0.decode(Int64.self) }
            if moved == nil { throw StoreError.feedNotFound(id) }
        }
    }

    /// Records a fetch that stored nothing (304, unchanged body, failure).
    public func updateFetchState(_ state: FetchState, for id: FeedID) async throws(StoreError) {
        try await write { connection in try await FeedRows.writeFetchState(connection, state, for: id) }
    }

    /// The user's feeds due at `date` (next-due passed or unset), not gone, soonest first.
    public func dueFeeds(at date: Date) async throws(StoreError) -> [Feed] {
        let user = userID
        return try await read { connection in
            try await FeedRows.fetch(connection, user: user, where: "NOT f.is_gone AND (f.next_due_at IS NULL OR f.next_due_at <= $2)",
                                     { _ = $0.bind(date.timeIntervalSince1970) },
                                     orderBy: "f.next_due_at IS NOT NULL, f.next_due_at, f.id")
        }
    }

    /// Throws ``StoreError/feedNotFound(_:)`` when an `UPDATE … RETURNING` changed no row.
    static func requireUpdated(_ rows: PostgresRowSequence, _ id: FeedID) async throws {
        if try await rows.first({ try $0.decode(Int64.self) }) == nil { throw StoreError.feedNotFound(id) }
    }
}
