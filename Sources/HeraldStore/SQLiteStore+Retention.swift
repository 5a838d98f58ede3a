import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

extension SQLiteStore {
    /// Deletes articles beyond each feed's retention policy (or `global` when the feed has none):
    /// older than the newest `keepNewest`, or dated more than `keepDays` before `now`. Starred
    /// articles are never deleted. Freed pages are reused by later inserts (no `VACUUM` needed).
    /// - Returns: How many articles were deleted.
    public func applyRetention(global: RetentionPolicy, now: Date) async throws(StoreError) -> Int {
        try await write { db in
            var deleted = 0
            let feeds = try Row.fetchAll(db, sql: "SELECT id, settings_json FROM feeds")
            for row in feeds {
                let feedID: Int64 = row[0]
                let settings = ColumnCodec.decode(FeedSettings.self, from: row[1])
                let policy = settings?.retention ?? global
                if let keep = policy.keepNewest {
                    if keep <= 0 {
                        try db.execute(sql: "DELETE FROM articles WHERE feed_id = ? AND is_starred = 0",
                                       arguments: [feedID])
                    } else {
                        try db.execute(sql: """
                            DELETE FROM articles WHERE feed_id = ? AND is_starred = 0 AND (sort_date, id) < (
                                SELECT sort_date, id FROM articles WHERE feed_id = ?
                                ORDER BY sort_date DESC, id DESC LIMIT 1 OFFSET ?)
                            """, arguments: [feedID, feedID, keep - 1])
                    }
                    deleted += db.changesCount
                }
                if let days = policy.keepDays {
                    let cutoff = now.timeIntervalSince1970 - Double(days) * 86_400
                    try db.execute(sql: "DELETE FROM articles WHERE feed_id = ? AND is_starred = 0 AND sort_date < ?",
                                   arguments: [feedID, cutoff])
                    deleted += db.changesCount
                }
            }
            return deleted
        }
    }
}
