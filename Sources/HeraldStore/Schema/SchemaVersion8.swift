/// Full texts (``ArticleFullText``): the extracted page behind an article's link, one row per
/// article in `article_pages`, beside the feed's own texts in `article_texts`, never replacing them.
///
/// - A row with `text` NULL records failed fetches (`failure`, `attempts`), so a page that cannot be
///   read is tried a few times, not at every refresh.
/// - Search reads the page too: `article_texts.body` (the FTS table's content) is the feed's search
///   body followed by the page's (see `SQLiteStore+FullText`); `ArticleUpsert` keeps the page's part
///   when a feed changes an article. The FTS triggers of version 5 re-index on that update.
/// - Deleting an article deletes its page (a trigger, like its texts).
/// - Not about pages: `articles_unread_by_id` lists the unread articles in id order, what the sync
///   APIs' id lists read (Fever's `unread_item_ids`, Google Reader's unread item ids); the date
///   index of unread articles gave them in the wrong order, so the table itself was walked.
enum SchemaVersion8 {
    static let sql = """
        CREATE TABLE article_pages (
            article_id INTEGER PRIMARY KEY,
            url TEXT NOT NULL,
            title TEXT,
            byline TEXT,
            html TEXT,
            text TEXT,
            search_body TEXT,
            fetched_at REAL NOT NULL,
            failure TEXT,
            attempts INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX articles_unread_by_id ON articles(id) WHERE is_read = 0;
        CREATE TRIGGER articles_pages_delete AFTER DELETE ON articles BEGIN
            DELETE FROM article_pages WHERE article_id = old.id;
        END;
        PRAGMA user_version = 8;
        """
}
