/// The fetch ledger (``FetchLedgering``): the refreshes running on this file, from any process,
/// and the last request of each feed, so that two refreshes at once never request a feed twice.
enum SchemaVersion6 {
    static let sql = """
        CREATE TABLE refresh_runs (
            run TEXT PRIMARY KEY,
            holder TEXT NOT NULL,
            started_at REAL NOT NULL,
            seen_at REAL NOT NULL,
            ended_at REAL,
            concurrent INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE fetch_requests (
            feed_id INTEGER PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
            run TEXT NOT NULL,
            holder TEXT NOT NULL,
            requested_at REAL NOT NULL
        );
        PRAGMA user_version = 6;
        """
}
