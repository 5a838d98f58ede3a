import Foundation
import HeraldDomain
import PostgresNIO
import HeraldPorts

/// The shared refresh queue: one `feed_claims` row per feed says who holds it until when and which
/// run claimed it last. Claims are made one transaction at a time (an advisory lock), so that
/// the per-host count each claim reads is the one it writes against; a claim is a few
/// milliseconds, and a worker claims many feeds at once.
extension PostgresStore: FeedQueueing {
    /// The advisory lock key of claims (migrations use 7243510213).
    static let claimLock: Int64 = 7_243_510_214

    /// Claims feeds no other holder has, soonest due first, within the per-host limit.
    public func claimFeeds(_ request: FeedClaimRequest) async throws(StoreError) -> [Feed] {
        guard request.limit > 0, request.perHost > 0 else { return [] }
        let user = userID
        return try await write { connection in
            if !request.releasing.isEmpty {
                try await Self.release(request.releasing.map(\.rawValue), holder: request.holder, connection)
            }
            try await connection.run("SELECT pg_advisory_xact_lock(\(Self.claimLock))")
            var sql = SQLText()
            let now = sql.bind(request.now.timeIntervalSince1970)
            let perHost = sql.bind(request.perHost)
            let run = sql.bind(request.run)
            let condition = Self.condition(request.selection, user: user, now: now,
                                           strandedAfter: request.strandedAfter, in: &sql)
            let holder = sql.bind(request.holder)
            let until = sql.bind(request.heldUntil.timeIntervalSince1970)
            let limit = sql.bind(request.limit)
            let scan = sql.bind(max(request.limit * 4, 256))
            sql.append("""
                WITH busy AS (
                    SELECT host, count(*) AS held FROM feed_claims WHERE held_until > \(now) GROUP BY host
                ), candidates AS (
                    SELECT f.id, f.host, f.next_due_at FROM feeds AS f
                    WHERE \(condition)
                        AND NOT EXISTS (SELECT 1 FROM feed_claims AS c WHERE c.feed_id = f.id AND c.held_until > \(now))
                        AND NOT (\(Self.done(run: run)))
                        AND coalesce(f.host, '') NOT IN (SELECT host FROM busy WHERE held >= \(perHost))
                    ORDER BY f.next_due_at NULLS FIRST, f.id
                    LIMIT \(scan)
                ), ranked AS (
                    SELECT c.id, c.host, c.next_due_at,
                        row_number() OVER (PARTITION BY c.host ORDER BY c.next_due_at NULLS FIRST, c.id)
                            + coalesce(b.held, 0) AS slot
                    FROM candidates AS c LEFT JOIN busy AS b ON b.host = c.host
                ), chosen AS (
                    SELECT id, host FROM ranked WHERE slot <= \(perHost)
                    ORDER BY next_due_at NULLS FIRST, id LIMIT \(limit)
                ), claimed AS (
                    INSERT INTO feed_claims AS c (feed_id, host, holder, run, held_until)
                    SELECT id, coalesce(host, ''), \(holder), \(run), \(until) FROM chosen
                    ON CONFLICT (feed_id) DO UPDATE SET host = excluded.host, holder = excluded.holder,
                        run = excluded.run, held_until = excluded.held_until
                    RETURNING c.feed_id
                ), noted AS (
                    INSERT INTO refresh_run_feeds (run, feed_id) SELECT \(run), feed_id FROM claimed
                    ON CONFLICT DO NOTHING
                )
                SELECT feed_id FROM claimed
                """)
            let claimed = try await connection.run(sql).all { try $0.decode(Int64.self) }
            guard !claimed.isEmpty else { return [] }
            // A feed is shared: it is refreshed with the settings of this user's subscription, or
            // else of its first subscriber's.
            let feeds = try await connection.run("""
                SELECT \(unescaped: FeedRows.columns)
                FROM feeds AS f JOIN LATERAL (
                    SELECT * FROM subscriptions AS s0 WHERE s0.feed_id = f.id
                    ORDER BY s0.user_id = \(user) DESC, s0.user_id LIMIT 1
                ) AS s ON true
                WHERE f.id = ANY(\(claimed))
                ORDER BY f.next_due_at NULLS FIRST, f.id
                """).all { try FeedRows.feed($0, tags: [:]) }
            return feeds
        }
    }

    /// Extends every claim `holder` still has.
    public func extendClaims(holder: String, until: Date) async throws(StoreError) {
        _ = try await write { connection in
            try await connection.run("""
                UPDATE feed_claims SET held_until = \(until.timeIntervalSince1970)
                WHERE holder = \(holder) AND held_until > 0
                """)
        }
    }

    /// Ends claims; the rows stay to say which run refreshed each feed last.
    public func releaseClaims(on feeds: [FeedID], holder: String) async throws(StoreError) {
        guard !feeds.isEmpty else { return }
        try await write { connection in try await Self.release(feeds.map(\.rawValue), holder: holder, connection) }
    }

    private static func release(_ feeds: [Int64], holder: String, _ connection: PostgresConnection) async throws {
        try await connection.run("""
            UPDATE feed_claims SET held_until = 0 WHERE feed_id = ANY(\(feeds)) AND holder = \(holder)
            """)
    }

    /// The feeds of the selection `run` has not claimed, whoever holds them.
    public func unfinishedFeeds(_ selection: RefreshSelection, run: String, now: Date,
                                strandedAfter: TimeInterval?) async throws(StoreError) -> Int {
        let user = userID
        return try await read { connection in
            var sql = SQLText()
            let nowMark = sql.bind(now.timeIntervalSince1970)
            let runMark = sql.bind(run)
            let condition = Self.condition(selection, user: user, now: nowMark, strandedAfter: strandedAfter, in: &sql)
            sql.append("""
                SELECT count(*) FROM feeds AS f WHERE \(condition)
                    AND NOT (\(Self.done(run: runMark)))
                """)
            return try await connection.run(sql).first { try $0.decode(Int64.self) }.map(Int.init) ?? 0
        }
    }

    /// Whether run `run` (a bound parameter) is done with the feed `f`: it claimed the feed, or
    /// someone requested the feed since the run began (the fetch ledger). So `--all` covers every
    /// feed not fetched by anyone since the command started, and a run never claims a feed twice.
    private static func done(run: String) -> String {
        """
        EXISTS (SELECT 1 FROM refresh_run_feeds AS rf WHERE rf.run = \(run) AND rf.feed_id = f.id)
            OR EXISTS (SELECT 1 FROM fetch_requests AS q JOIN refresh_runs AS r ON r.run = \(run)
                       WHERE q.feed_id = f.id AND q.requested_at >= r.started_at)
        """
    }

    /// The `WHERE` condition over `feeds AS f` of a selection: the user's feeds (every subscribed
    /// feed for ``RefreshSelection/dueForEveryone``); `.due` skips gone feeds.
    private static func condition(_ selection: RefreshSelection, user: Int64, now: String,
                                  strandedAfter: TimeInterval?, in sql: inout SQLText) -> String {
        let mine = "EXISTS (SELECT 1 FROM subscriptions AS s WHERE s.feed_id = f.id AND s.user_id = \(sql.bind(user)))"
        func due() -> String {
            var due = "f.next_due_at IS NULL OR f.next_due_at <= \(now)"
            if let strandedAfter { due += " OR f.next_due_at > \(now) + \(sql.bind(strandedAfter))" }
            return "NOT f.is_gone AND (\(due))"
        }
        switch selection {
        case .due:
            return "\(due()) AND \(mine)"
        case .dueForEveryone:
            return "\(due()) AND EXISTS (SELECT 1 FROM subscriptions AS s WHERE s.feed_id = f.id)"
        case .all:
            return mine
        case .feeds(let ids):
            return "f.id = ANY(\(sql.bind(ids.map(\.rawValue)))) AND \(mine)"
        }
    }
}
