/// Article identifiers are never given twice. An `INTEGER PRIMARY KEY` without `AUTOINCREMENT`
/// takes the largest identifier plus one, so deleting the newest articles (unsubscribing from the
/// feed refreshed last, retention of newly stored articles with old dates) handed their numbers
/// to the next ones: a sync client that pages by id (Fever's `since_id`) then missed them, and
/// one that keeps articles by id showed the old text under the new number.
///
/// Rebuilding `articles` with `AUTOINCREMENT` would copy every row of a large cache; instead the
/// highest identifier ever deleted is kept (`article_id_floor`, one row, raised by a trigger only
/// when a deleted identifier is above it), and an insert takes the identifier after it when it is
/// above every identifier in the table (``ArticleIdentifiers/nextSQL``).
enum SchemaVersion12 {
    static let sql = """
        CREATE TABLE article_id_floor (id INTEGER NOT NULL);
        INSERT INTO article_id_floor (id) SELECT coalesce(max(id), 0) FROM articles;
        CREATE TRIGGER articles_raise_id_floor AFTER DELETE ON articles
            WHEN old.id > (SELECT id FROM article_id_floor) BEGIN
            UPDATE article_id_floor SET id = old.id;
        END;
        PRAGMA user_version = 12;
        """
}

/// How an inserted article gets its identifier (schema 12).
enum ArticleIdentifiers {
    /// The value of an insert's `id` column: the one after the highest identifier ever deleted
    /// when no article in the table has a higher one, else `NULL` (SQLite's own choice, the
    /// largest plus one).
    static let nextSQL = """
        (SELECT CASE WHEN f.id >= coalesce((SELECT max(id) FROM articles), 0) THEN f.id + 1 END FROM article_id_floor AS f)
        """
}
