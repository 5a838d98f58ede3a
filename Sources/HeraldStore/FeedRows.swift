import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

/// Reads and writes `feeds` rows.
enum FeedRows {
    static let columns = """
        id, url, title, custom_title, site_url, is_hidden, settings_json, etag, last_modified, body_hash,
        last_attempt_at, last_success_at, last_error_json, error_count, next_due_at, is_gone,
        pending_redirect_json, added_at
        """

    /// The feed of a row selected with ``columns``, read by position in that list (a lookup by
    /// name compares every column's name case-insensitively: the feeds screen reads 1,000 rows).
    static func feed(from row: Row, tags: [String]) -> Feed {
        let fetchState = FetchState(
            etag: row[7], lastModified: row[8], bodyHash: row[9],
            lastAttemptAt: ColumnCodec.date(row[10]),
            lastSuccessAt: ColumnCodec.date(row[11]),
            lastError: ColumnCodec.decode(FeedFailure.self, from: row[12]),
            errorCount: row[13], nextDueAt: ColumnCodec.date(row[14]),
            isGone: row[15],
            pendingRedirect: ColumnCodec.decode(PendingRedirect.self, from: row[16]))
        return Feed(
            id: FeedID(row[0] as Int64), url: row[1], title: row[2], customTitle: row[3],
            siteURL: row[4], tags: tags, isHidden: row[5],
            settings: ColumnCodec.decode(FeedSettings.self, from: row[6]) ?? FeedSettings(),
            fetchState: fetchState, addedAt: ColumnCodec.date(row[17]) ?? Date(timeIntervalSince1970: 0))
    }

    static func fetchOne(_ db: Database, id: FeedID) throws -> Feed? {
        guard let row = try Row.fetchOne(db, sql: "SELECT \(columns) FROM feeds WHERE id = ?", arguments: [id.rawValue])
        else { return nil }
        return feed(from: row, tags: try tags(db, of: id))
    }

    static func require(_ db: Database, id: FeedID) throws -> Feed {
        guard let feed = try fetchOne(db, id: id) else { throw StoreError.feedNotFound(id) }
        return feed
    }

    /// The feeds whose rows meet `condition`, with their tags (those of the feeds meeting
    /// `tagCondition` on `feed_tags`: every feed's unless told).
    static func fetchAll(_ db: Database, where condition: String = "1", arguments: StatementArguments = [],
                         tagsWhere tagCondition: String = "1", orderBy: String) throws -> [Feed] {
        // Cursors read each row in place (`fetchAll` copies every row first): the feeds screen and
        // the sync APIs read 1,000 feeds at a time.
        var tagsByFeed: [Int64: [String]] = [:]
        let tags = try Row.fetchCursor(db.makeStatement(
            sql: "SELECT feed_id, tag FROM feed_tags WHERE \(tagCondition) ORDER BY feed_id, position"))
        while let row = try tags.next() {
            tagsByFeed[row[0], default: []].append(row[1])
        }
        var feeds: [Feed] = []
        let rows = try Row.fetchCursor(db.makeStatement(sql: "SELECT \(columns) FROM feeds WHERE \(condition) ORDER BY \(orderBy)"),
                                       arguments: arguments)
        while let row = try rows.next() {
            feeds.append(feed(from: row, tags: tagsByFeed[row[0]] ?? []))
        }
        return feeds
    }

    static func tags(_ db: Database, of id: FeedID) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT tag FROM feed_tags WHERE feed_id = ? ORDER BY position",
                            arguments: [id.rawValue])
    }

    static func replaceTags(_ db: Database, of id: FeedID, with tags: [String]) throws {
        try db.execute(sql: "DELETE FROM feed_tags WHERE feed_id = ?", arguments: [id.rawValue])
        var seen = Set<String>()
        for tag in tags where !tag.isEmpty && seen.insert(tag).inserted {
            try db.execute(sql: "INSERT INTO feed_tags(feed_id, tag, position) VALUES (?, ?, ?)",
                           arguments: [id.rawValue, tag, seen.count])
        }
    }

    static func writeFetchState(_ db: Database, _ state: FetchState, for id: FeedID) throws {
        try db.cachedStatement(sql: """
            UPDATE feeds SET etag = ?, last_modified = ?, body_hash = ?, last_attempt_at = ?, last_success_at = ?,
                last_error_json = ?, error_count = ?, next_due_at = ?, is_gone = ?, pending_redirect_json = ?
            WHERE id = ?
            """).execute(arguments: [
                state.etag, state.lastModified, state.bodyHash, ColumnCodec.seconds(state.lastAttemptAt),
                ColumnCodec.seconds(state.lastSuccessAt), ColumnCodec.json(state.lastError), state.errorCount,
                ColumnCodec.seconds(state.nextDueAt), state.isGone, ColumnCodec.json(state.pendingRedirect),
                id.rawValue,
            ])
        if db.changesCount == 0 { throw StoreError.feedNotFound(id) }
    }
}
