/// Hidden articles: a rule's `block` (``HeraldDomain/ArticleRule``) sets `is_hidden`, and every
/// list, search and id list leaves such articles out but the hidden list. `articles_hidden` holds
/// the hidden ones alone, so the common case (nothing hidden) costs a filter one index probe
/// (`ArticleFilterSQL` adds the condition only when some article is hidden).
enum SchemaVersion9 {
    static let sql = """
        ALTER TABLE articles ADD COLUMN is_hidden INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX articles_hidden ON articles(id) WHERE is_hidden = 1;
        PRAGMA user_version = 9;
        """
}
