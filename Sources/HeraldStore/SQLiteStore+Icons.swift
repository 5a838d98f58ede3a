import Foundation
import GRDB
import HeraldDomain
import HeraldPorts

extension SQLiteStore: FeedIconStoring {
    /// Keeps a feed's icon; a feed removed meanwhile keeps nothing.
    public func saveIcon(_ icon: FeedIcon) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO feed_icons (feed_id, mime_type, data, url, fetched_at, checked_at)
                SELECT id, ?, ?, ?, ?, ? FROM feeds WHERE id = ?
                ON CONFLICT (feed_id) DO UPDATE SET mime_type = excluded.mime_type, data = excluded.data,
                    url = excluded.url, fetched_at = excluded.fetched_at, checked_at = excluded.checked_at
                """, arguments: [icon.mimeType, icon.data, icon.url, icon.fetchedAt.timeIntervalSince1970,
                                 icon.fetchedAt.timeIntervalSince1970, icon.feedID.rawValue])
        }
    }

    /// Records a look that found no icon; an icon kept earlier stays.
    public func recordIconMissing(for feed: FeedID, at date: Date) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO feed_icons (feed_id, checked_at) SELECT id, ? FROM feeds WHERE id = ?
                ON CONFLICT (feed_id) DO UPDATE SET checked_at = excluded.checked_at
                """, arguments: [date.timeIntervalSince1970, feed.rawValue])
        }
    }

    /// When each feed's icon was last looked for.
    public func iconCheckTimes() async throws(StoreError) -> [FeedID: Date] {
        try await read { db in
            var times: [FeedID: Date] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT feed_id, checked_at FROM feed_icons") {
                times[FeedID(row[0] as Int64)] = Date(timeIntervalSince1970: row[1] as Double)
            }
            return times
        }
    }

    /// Every icon kept.
    public func icons() async throws(StoreError) -> [FeedIcon] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT feed_id, mime_type, data, url, fetched_at FROM feed_icons WHERE data IS NOT NULL ORDER BY feed_id
                """).map(Self.icon(from:))
        }
    }

    /// The feeds with an icon.
    public func feedsWithIcons() async throws(StoreError) -> Set<FeedID> {
        try await read { db in
            Set(try Int64.fetchAll(db, sql: "SELECT feed_id FROM feed_icons WHERE data IS NOT NULL").map { FeedID($0) })
        }
    }

    /// A feed's icon.
    public func icon(for feed: FeedID) async throws(StoreError) -> FeedIcon? {
        try await read { db in
            try Row.fetchOne(db, sql: """
                SELECT feed_id, mime_type, data, url, fetched_at FROM feed_icons WHERE feed_id = ? AND data IS NOT NULL
                """, arguments: [feed.rawValue]).map(Self.icon(from:))
        }
    }

    private static func icon(from row: Row) -> FeedIcon {
        FeedIcon(feedID: FeedID(row[0] as Int64), mimeType: row[1], data: row[2], url: row[3],
                 fetchedAt: Date(timeIntervalSince1970: row[4] as Double))
    }
}
