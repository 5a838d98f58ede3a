import Foundation
import HeraldDomain
import HeraldPorts
import PostgresNIO

extension PostgresStore: FeedIconStoring {
    /// Keeps a feed's icon (shared by its subscribers); a feed removed meanwhile keeps nothing.
    public func saveIcon(_ icon: FeedIcon) async throws(StoreError) {
        let fetched = icon.fetchedAt.timeIntervalSince1970
        try await write { connection in
            _ = try await connection.run("""
                INSERT INTO feed_icons (feed_id, mime_type, data, url, fetched_at, checked_at)
                SELECT id, \(icon.mimeType), \(icon.data), \(icon.url), \(fetched), \(fetched)
                FROM feeds WHERE id = \(icon.feedID.rawValue)
                ON CONFLICT (feed_id) DO UPDATE SET mime_type = excluded.mime_type, data = excluded.data,
                    url = excluded.url, fetched_at = excluded.fetched_at, checked_at = excluded.checked_at
                """)
        }
    }

    /// Records a look that found no icon; an icon kept earlier stays.
    public func recordIconMissing(for feed: FeedID, at date: Date) async throws(StoreError) {
        try await write { connection in
            _ = try await connection.run("""
                INSERT INTO feed_icons (feed_id, checked_at) SELECT id, \(date.timeIntervalSince1970) FROM feeds
                WHERE id = \(feed.rawValue)
                ON CONFLICT (feed_id) DO UPDATE SET checked_at = excluded.checked_at
                """)
        }
    }

    /// When each feed's icon was last looked for (every feed: refreshes serve every subscriber).
    public func iconCheckTimes() async throws(StoreError) -> [FeedID: Date] {
        try await read { connection in
            var times: [FeedID: Date] = [:]
            for (id, checked) in try await connection.run("SELECT feed_id, checked_at FROM feed_icons")
                .all({ try $0.decode((Int64, Double).self) }) {
                times[FeedID(id)] = Date(timeIntervalSince1970: checked)
            }
            return times
        }
    }

    /// The icons of the user's feeds.
    public func icons() async throws(StoreError) -> [FeedIcon] {
        let user = userID
        return try await read { connection in
            try await connection.run("""
                SELECT i.feed_id, i.mime_type, i.data, i.url, i.fetched_at FROM feed_icons AS i
                JOIN subscriptions AS s ON s.feed_id = i.feed_id AND s.user_id = \(user)
                WHERE i.data IS NOT NULL ORDER BY i.feed_id
                """).all(Self.icon(from:))
        }
    }

    /// The user's feeds with an icon.
    public func feedsWithIcons() async throws(StoreError) -> Set<FeedID> {
        let user = userID
        return try await read { connection in
            Set(try await connection.run("""
                SELECT i.feed_id FROM feed_icons AS i
                JOIN subscriptions AS s ON s.feed_id = i.feed_id AND s.user_id = \(user)
                WHERE i.data IS NOT NULL
                """).all { FeedID(try $0.decode(Int64.self)) })
        }
    }

    /// A feed's icon, when the user follows the feed.
    public func icon(for feed: FeedID) async throws(StoreError) -> FeedIcon? {
        let user = userID
        return try await read { connection in
            try await connection.run("""
                SELECT i.feed_id, i.mime_type, i.data, i.url, i.fetched_at FROM feed_icons AS i
                JOIN subscriptions AS s ON s.feed_id = i.feed_id AND s.user_id = \(user)
                WHERE i.feed_id = \(feed.rawValue) AND i.data IS NOT NULL
                """).first(Self.icon(from:))
        }
    }

    @Sendable private static func icon(from row: PostgresRow) throws -> FeedIcon {
        let (id, mimeType, data, url, fetched) = try row.decode((Int64, String, Data, String, Double).self)
        return FeedIcon(feedID: FeedID(id), mimeType: mimeType, data: data, url: url,
                        fetchedAt: Date(timeIntervalSince1970: fetched))
    }
}
