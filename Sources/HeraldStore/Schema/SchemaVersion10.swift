/// Feeds' icons (``HeraldDomain/FeedIcon``) for the sync clients: one row per feed that was looked
/// at, with the image when one was found (`data` NULL: none found at `checked_at`, look again later).
/// Deleting a feed deletes its icon.
enum SchemaVersion10 {
    static let sql = """
        CREATE TABLE feed_icons (
            feed_id INTEGER PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
            mime_type TEXT,
            data BLOB,
            url TEXT,
            fetched_at REAL,
            checked_at REAL NOT NULL
        );
        PRAGMA user_version = 10;
        """
}
