import Foundation
import GRDB
import HeraldDomain
import HeraldPorts

/// The fetch ledger on SQLite: every check-and-record is one `BEGIN IMMEDIATE` transaction, so two
/// processes refreshing the same file see each other's requests.
extension SQLiteStore: FetchLedgering {
    /// Records a running refresh and forgets runs and requests older than ``FetchLedger/retention``.
    public func beginRefreshRun(_ run: String, holder: String, now: Date) async throws(StoreError) {
        let seconds = now.timeIntervalSince1970
        try await write { db in
            let old = seconds - FetchLedger.retention
            try db.execute(sql: "DELETE FROM refresh_runs WHERE seen_at < ?", arguments: [old])
            try db.execute(sql: "DELETE FROM fetch_requests WHERE requested_at < ?", arguments: [old])
            try db.execute(sql: """
                INSERT INTO refresh_runs (run, holder, started_at, seen_at, concurrent)
                VALUES (?, ?, ?, ?, EXISTS (SELECT 1 FROM refresh_runs
                                            WHERE run <> ? AND ended_at IS NULL AND seen_at >= ?))
                ON CONFLICT (run) DO UPDATE SET seen_at = excluded.seen_at, ended_at = NULL
                """, arguments: [run, holder, seconds, seconds, run, seconds - FetchLedger.liveness])
        }
    }

    /// Says a run is alive.
    public func keepRefreshRunAlive(_ run: String, now: Date) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "UPDATE refresh_runs SET seen_at = ? WHERE run = ?",
                           arguments: [now.timeIntervalSince1970, run])
        }
    }

    /// Records that a run ended.
    public func endRefreshRun(_ run: String, now: Date) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "UPDATE refresh_runs SET ended_at = ?, seen_at = ? WHERE run = ?",
                           arguments: [now.timeIntervalSince1970, now.timeIntervalSince1970, run])
        }
    }

    /// The runs alive since `liveSince`.
    public func liveRefreshRuns(liveSince: Date) async throws(StoreError) -> [(run: String, holder: String)] {
        let live = liveSince.timeIntervalSince1970
        let rows = try await read { db in
            try Row.fetchAll(db, sql: "SELECT run, holder FROM refresh_runs WHERE ended_at IS NULL AND seen_at >= ?",
                             arguments: [live]).map { [$0[0] as String, $0[1] as String] }
        }
        return rows.map { (run: $0[0], holder: $0[1]) }
    }

    /// Grants the request unless the refusal rule of ``FetchLedger`` says otherwise.
    public func requestFetch(of feed: FeedID, run: String, now: Date, window: TimeInterval,
                             liveSince: Date) async throws(StoreError) -> FetchLedgerAnswer {
        let seconds = now.timeIntervalSince1970
        let live = liveSince.timeIntervalSince1970
        return try await write { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT q.holder, q.requested_at FROM fetch_requests AS q
                LEFT JOIN refresh_runs AS r ON r.run = q.run
                LEFT JOIN refresh_runs AS me ON me.run = ?
                WHERE q.feed_id = ? AND q.run <> ?
                    AND (q.requested_at >= me.started_at
                         OR (q.requested_at > ? - ?
                             AND ((r.ended_at IS NULL AND r.seen_at >= ?) OR me.concurrent = 1)))
                """, arguments: [run, feed.rawValue, run, seconds, window, live])
            if let row {
                let at: Double = row[1]
                return .recentlyRequested(byHolder: row[0], at: Date(timeIntervalSince1970: at))
            }
            try db.execute(sql: """
                INSERT INTO fetch_requests (feed_id, run, holder, requested_at)
                SELECT ?, ?, coalesce((SELECT holder FROM refresh_runs WHERE run = ?), ''), ?
                WHERE EXISTS (SELECT 1 FROM feeds WHERE id = ?)
                ON CONFLICT (feed_id) DO UPDATE SET run = excluded.run, holder = excluded.holder,
                    requested_at = excluded.requested_at
                """, arguments: [feed.rawValue, run, run, seconds, feed.rawValue])
            return .granted
        }
    }
}
