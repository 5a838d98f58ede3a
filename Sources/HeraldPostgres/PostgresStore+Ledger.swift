import Foundation
import HeraldDomain
import PostgresNIO
import HeraldPorts

/// The fetch ledger on PostgreSQL, shared by every process and machine refreshing the database.
/// A request is one `INSERT … ON CONFLICT DO UPDATE … WHERE`: the row lock makes the check and the
/// record one step, so two refreshes asking for one feed at once get one grant between them.
extension PostgresStore: FetchLedgering {
    /// Records a running refresh and forgets runs, requests and run claims older than
    /// ``FetchLedger/retention``.
    public func beginRefreshRun(_ run: String, holder: String, now: Date) async throws(StoreError) {
        let seconds = now.timeIntervalSince1970
        let old = seconds - FetchLedger.retention
        try await write { connection in
            try await connection.run("""
                DELETE FROM refresh_run_feeds AS rf WHERE NOT EXISTS (
                    SELECT 1 FROM refresh_runs AS r WHERE r.run = rf.run AND r.seen_at >= \(old))
                """)
            try await connection.run("DELETE FROM refresh_runs WHERE seen_at < \(old)")
            try await connection.run("DELETE FROM fetch_requests WHERE requested_at < \(old)")
            try await connection.run("""
                INSERT INTO refresh_runs (run, holder, started_at, seen_at, concurrent)
                VALUES (\(run), \(holder), \(seconds), \(seconds),
                        EXISTS (SELECT 1 FROM refresh_runs WHERE run <> \(run) AND ended_at IS NULL
                                AND seen_at >= \(seconds - FetchLedger.liveness)))
                ON CONFLICT (run) DO UPDATE SET seen_at = excluded.seen_at, ended_at = NULL
                """)
        }
    }

    /// Says a run is alive.
    public func keepRefreshRunAlive(_ run: String, now: Date) async throws(StoreError) {
        _ = try await write { connection in
            try await connection.run("UPDATE refresh_runs SET seen_at = \(now.timeIntervalSince1970) WHERE run = \(run)")
        }
    }

    /// Records that a run ended and forgets the feeds it claimed.
    public func endRefreshRun(_ run: String, now: Date) async throws(StoreError) {
        let seconds = now.timeIntervalSince1970
        try await write { connection in
            try await connection.run("""
                UPDATE refresh_runs SET ended_at = \(seconds), seen_at = \(seconds) WHERE run = \(run)
                """)
            try await connection.run("DELETE FROM refresh_run_feeds WHERE run = \(run)")
        }
    }

    /// The runs alive since `liveSince`.
    public func liveRefreshRuns(liveSince: Date) async throws(StoreError) -> [(run: String, holder: String)] {
        let live = liveSince.timeIntervalSince1970
        let rows = try await read { connection in
            try await connection.run("""
                SELECT run, holder FROM refresh_runs WHERE ended_at IS NULL AND seen_at >= \(live)
                """).all { row -> [String] in
                    let (run, holder) = try row.decode((String, String).self)
                    return [run, holder]
                }
        }
        return rows.map { (run: $0[0], holder: $0[1]) }
    }

    /// Grants the request unless the refusal rule of ``FetchLedger`` says otherwise.
    public func requestFetch(of feed: FeedID, run: String, now: Date, window: TimeInterval,
                             liveSince: Date) async throws(StoreError) -> FetchLedgerAnswer {
        let seconds = now.timeIntervalSince1970
        let live = liveSince.timeIntervalSince1970
        let id = feed.rawValue
        return try await write { connection in
            let granted = try await connection.run("""
                INSERT INTO fetch_requests AS q (feed_id, run, holder, requested_at)
                SELECT f.id, \(run), coalesce((SELECT holder FROM refresh_runs WHERE run = \(run)), ''), \(seconds)
                FROM feeds AS f WHERE f.id = \(id)
                ON CONFLICT (feed_id) DO UPDATE SET run = excluded.run, holder = excluded.holder,
                    requested_at = excluded.requested_at
                WHERE q.run = excluded.run OR NOT (
                    q.requested_at >= coalesce((SELECT started_at FROM refresh_runs WHERE run = \(run)), 'infinity')
                    OR (q.requested_at > excluded.requested_at - \(window) AND (
                        EXISTS (SELECT 1 FROM refresh_runs AS r
                                WHERE r.run = q.run AND r.ended_at IS NULL AND r.seen_at >= \(live))
                        OR coalesce((SELECT concurrent FROM refresh_runs WHERE run = \(run)), false))))
                RETURNING q.feed_id
                """).all { try $0.decode(Int64.self) }
            if !granted.isEmpty { return .granted }
            let holder = try await connection.run("""
                SELECT holder, requested_at FROM fetch_requests WHERE feed_id = \(id)
                """).first { try $0.decode((String, Double).self) }
            // No row: the feed was deleted; nothing will be fetched for it.
            guard let holder else { return .granted }
            return .recentlyRequested(byHolder: holder.0, at: Date(timeIntervalSince1970: holder.1))
        }
    }
}
