/// Feeds' icons (``HeraldDomain/FeedIcon``) for the sync clients: one row per feed that was looked
/// at, with the image when one was found (`data` NULL: none found at `checked_at`, look again later).
/// Deleting a feed deletes its icon. `kept_tags` holds tags created on their own (a sync client's
/// new, empty category); a tag otherwise exists while a feed has it.
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
        CREATE TABLE kept_tags (name TEXT PRIMARY KEY);
        PRAGMA user_version = 10;
        """
}
