import Foundation
import HeraldDomain
import PostgresNIO
import HeraldStoreCore

/// Reads a user's view of `feeds` (the shared fetch state) joined with their `subscriptions`.
enum FeedRows {
    /// The columns ``feed(_:tags:)`` reads, over `feeds AS f` and `subscriptions AS s`.
    static let columns = """
        f.id, f.url, f.title, s.custom_title, f.site_url, s.is_hidden, s.settings_json, f.etag, f.last_modified,
            f.body_hash, f.last_attempt_at, f.last_success_at, f.last_error_json, f.error_count, f.next_due_at,
            f.is_gone, f.pending_redirect_json, s.added_at
        """
    static let select = "SELECT \(columns) FROM feeds AS f JOIN subscriptions AS s ON s.feed_id = f.id"

    static func feed(_ row: PostgresRow, tags: [Int64: [String]]) throws -> Feed {
        let cells = row.makeRandomAccess()
        let id = try cells[0].decode(Int64.self)
        let fetchState = FetchState(
            etag: try cells[7].decode(String?.self), lastModified: try cells[8].decode(String?.self),
            bodyHash: try cells[9].decode(String?.self),
            lastAttemptAt: try cells[10].decode(Double?.self).map(Date.init(timeIntervalSince1970:)),
            lastSuccessAt: try cells[11].decode(Double?.self).map(Date.init(timeIntervalSince1970:)),
            lastError: ColumnCodec.decode(FeedFailure.self, from: try cells[12].decode(String?.self)),
            errorCount: try cells[13].decode(Int.self),
            nextDueAt: try cells[14].decode(Double?.self).map(Date.init(timeIntervalSince1970:)),
            isGone: try cells[15].decode(Bool.self),
            pendingRedirect: ColumnCodec.decode(PendingRedirect.self, from: try cells[16].decode(String?.self)))
        return Feed(
            id: FeedID(id), url: try cells[1].decode(String.self), title: try cells[2].decode(String?.self),
            customTitle: try cells[3].decode(String?.self), siteURL: try cells[4].decode(String?.self),
            tags: tags[id] ?? [], isHidden: try cells[5].decode(Bool.self),
            settings: ColumnCodec.decode(FeedSettings.self, from: try cells[6].decode(String?.self)) ?? FeedSettings(),
            fetchState: fetchState, addedAt: Date(timeIntervalSince1970: try cells[17].decode(Double.self)))
    }

    /// The user's feeds matching `condition` (over `f` and `s`), in `order`.
    static func fetch(_ connection: PostgresConnection, user: Int64, where condition: String = "true",
                      _ build: (inout SQLText) -> Void = { _ in }, orderBy order: String) async throws -> [Feed] {
        var sql = SQLText()
        let userMark = sql.bind(user)
        build(&sql)
        sql.append("\(select) WHERE s.user_id = \(userMark) AND \(condition) ORDER BY \(order)")
        let rows = try await connection.run(sql).all { $0 }
        guard !rows.isEmpty else { return [] }
        let ids = try rows.map { try $0.decode(Int64.self) }
        var tags: [Int64: [String]] = [:]
        for (feed, tag) in try await connection.run("""
            SELECT feed_id, tag FROM feed_tags WHERE user_id = \(user) AND feed_id = ANY(\(ids)) ORDER BY feed_id, position
            """).all({ try $0.decode((Int64, String).self) }) {
            tags[feed, default: []].append(tag)
        }
        return try rows.map { try feed($0, tags: tags) }
    }

    static func one(_ connection: PostgresConnection, user: Int64, id: FeedID) async throws -> Feed? {
        try await fetch(connection, user: user, where: "f.id = $2", { _ = $0.bind(id.rawValue) }, orderBy: "f.id").first
    }

    static func require(_ connection: PostgresConnection, user: Int64, id: FeedID) async throws -> Feed {
        guard let feed = try await one(connection, user: user, id: id) else { throw StoreError.feedNotFound(id) }
        return feed
    }

    static func replaceTags(_ connection: PostgresConnection, user: Int64, feed: FeedID, with tags: [String]) async throws {
        try await connection.run("DELETE FROM feed_tags WHERE user_id = \(user) AND feed_id = \(feed.rawValue)")
        var seen = Set<String>()
        var kept: [String] = []
        for tag in tags where !tag.isEmpty && seen.insert(tag).inserted { kept.append(tag) }
        guard !kept.isEmpty else { return }
        try await connection.run("""
            INSERT INTO feed_tags (user_id, feed_id, tag, position)
            SELECT \(user), \(feed.rawValue), tag, position FROM unnest(\(kept)::text[]) WITH ORDINALITY AS t (tag, position)
            """)
    }

    /// Writes a feed's fetch state, and what its latest document says of it.
    /// - Parameters:
    ///   - title: A new title from the feed's document (nil keeps the stored one).
    ///   - siteURL: A new site link from the feed's document (nil keeps the stored one).
    static func writeFetchState(_ connection: PostgresConnection, _ state: FetchState, for id: FeedID,
                                title: String? = nil, siteURL: String? = nil) async throws {
        let found = try await connection.run(WriteFetchState.self) { values in
            values.append(title)
            values.append(siteURL)
            values.append(state.etag)
            values.append(state.lastModified)
            values.append(state.bodyHash)
            values.append(state.lastAttemptAt?.timeIntervalSince1970)
            values.append(state.lastSuccessAt?.timeIntervalSince1970)
            values.append(ColumnCodec.json(state.lastError))
            values.append(state.errorCount)
            values.append(state.nextDueAt?.timeIntervalSince1970)
            values.append(state.isGone)
            values.append(ColumnCodec.json(state.pendingRedirect))
            values.append(id.rawValue)
        }.first { try $0.decode(Int64.self) }
        if found == nil { throw StoreError.feedNotFound(id) }
    }
}

/// The fetch state and the document's title and site of one feed (``FeedRows/writeFetchState(_:_:for:title:siteURL:)``).
private enum WriteFetchState: PreparedSQL {
    static let sql = """
        UPDATE feeds SET title = coalesce($1, title), site_url = coalesce($2, site_url),
            etag = $3, last_modified = $4, body_hash = $5, last_attempt_at = $6, last_success_at = $7,
            last_error_json = $8, error_count = $9, next_due_at = $10, is_gone = $11, pending_redirect_json = $12
        WHERE id = $13 RETURNING id
        """
}
