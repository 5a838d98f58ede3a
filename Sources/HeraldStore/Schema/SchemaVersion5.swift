import GRDB

/// Deferred indexing and narrow rows (see `Docs/store.md`, "Saving fast"): a new article is
/// stored with `is_indexed = 0` and enters the search index and the global date indexes later,
/// many articles in one transaction, instead of one scattered write per article and per index.
///
/// - The long texts (summary, content, the search body, a copy of the title for the index) move
///   to `article_texts`, one row per article, which is also the FTS table's content. The
///   `articles` row that lists read, that the indexing batch rewrites and that every state
///   change rewrites is a fifth of its former size.
/// - `is_indexed` is 1 for every article stored before this version (they are indexed) and for
///   any row inserted without it; `ArticleUpsert` inserts 0.
/// - The global date indexes hold indexed articles only; the per-feed index holds all.
/// - `articles_waiting` finds the articles still to index, in the order they were stored.
/// - The FTS table holds exactly the indexed articles: texts inserted for an indexed article are
///   added by a trigger, waiting rows are added by `DeferredIndexing` in the transaction that
///   marks them indexed; a change of title or body re-indexes an indexed article; deleting an
///   article removes its texts and, when indexed, its FTS entry.
/// - `ArticleUpsert` adds its inserts to `feed_counts` once per feed saved, instead of a trigger
///   per row; deletes and state changes keep their per-row count triggers.
/// - FTS5 keeps up to 32 MiB of pending terms in memory instead of 1 MiB (`hashsize`), so an
///   indexing batch becomes one segment instead of dozens; it merges 16 segments of a level at a
///   time instead of 4 (`automerge`): fewer merges cost less than the slightly deeper lookups;
///   and it merges a level all at once only at 64 segments instead of 16 (`crisismerge`), so the
///   merging is spread over the following writes instead of stalling one of them for seconds.
enum SchemaVersion5 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            DROP TABLE articles_fts;

            CREATE TABLE article_texts (
                article_id INTEGER PRIMARY KEY,
                title TEXT NOT NULL,
                summary_type TEXT,
                summary_value TEXT,
                summary_lang TEXT,
                content_type TEXT,
                content_value TEXT,
                content_lang TEXT,
                body TEXT NOT NULL
            );
            INSERT INTO article_texts
                SELECT id, title, summary_type, summary_value, summary_lang, content_type, content_value,
                    content_lang, body
                FROM articles;

            -- The narrow table, rebuilt in one pass (foreign keys are off during migrations). Dropping
            -- the old table drops its indexes and triggers; they are created again below.
            CREATE TABLE articles_narrow (
                id INTEGER PRIMARY KEY,
                feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
                identity TEXT NOT NULL,
                title TEXT NOT NULL,
                url TEXT,
                author TEXT,
                authors_json TEXT,
                published REAL,
                updated REAL,
                first_seen REAL NOT NULL,
                sort_date REAL NOT NULL,
                enclosures_json TEXT,
                categories_json TEXT,
                comments_url TEXT,
                content_hash INTEGER NOT NULL,
                is_read INTEGER NOT NULL DEFAULT 0,
                is_starred INTEGER NOT NULL DEFAULT 0,
                is_indexed INTEGER NOT NULL DEFAULT 1
            );
            INSERT INTO articles_narrow
                SELECT id, feed_id, identity, title, url, author, authors_json, published, updated, first_seen,
                    sort_date, enclosures_json, categories_json, comments_url, content_hash, is_read, is_starred, 1
                FROM articles;
            DROP TABLE articles;
            ALTER TABLE articles_narrow RENAME TO articles;
            CREATE UNIQUE INDEX articles_by_identity ON articles(feed_id, identity);
            CREATE INDEX articles_by_feed_date ON articles(feed_id, sort_date DESC, id DESC);
            CREATE INDEX articles_starred ON articles(feed_id) WHERE is_starred = 1;

            CREATE VIRTUAL TABLE articles_fts USING fts5(
                title, body, content='article_texts', content_rowid='article_id',
                tokenize='unicode61 remove_diacritics 2'
            );
            INSERT INTO articles_fts(articles_fts, rank) VALUES ('automerge', 16);
            INSERT INTO articles_fts(articles_fts, rank) VALUES ('hashsize', 33554432);
            INSERT INTO articles_fts(articles_fts, rank) VALUES ('crisismerge', 64);
            INSERT INTO articles_fts(articles_fts) VALUES ('rebuild');

            CREATE INDEX articles_by_date ON articles(sort_date DESC, id DESC) WHERE is_indexed = 1;
            CREATE INDEX articles_unread_by_date ON articles(sort_date DESC, id DESC)
                WHERE is_read = 0 AND is_indexed = 1;
            CREATE INDEX articles_waiting ON articles(id) WHERE is_indexed = 0;

            CREATE TRIGGER articles_after_state_update AFTER UPDATE OF is_read, is_starred ON articles BEGIN
                UPDATE feed_counts SET unread = unread + old.is_read - new.is_read,
                    starred = starred + new.is_starred - old.is_starred WHERE feed_id = new.feed_id;
            END;
            CREATE TRIGGER articles_count_delete AFTER DELETE ON articles BEGIN
                UPDATE feed_counts SET total = total - 1, unread = unread - 1 + old.is_read,
                    starred = starred - old.is_starred WHERE feed_id = old.feed_id;
            END;
            CREATE TRIGGER articles_texts_delete AFTER DELETE ON articles BEGIN
                INSERT INTO articles_fts(articles_fts, rowid, title, body)
                    SELECT 'delete', article_id, title, body FROM article_texts
                    WHERE article_id = old.id AND old.is_indexed = 1;
                DELETE FROM article_texts WHERE article_id = old.id;
            END;
            CREATE TRIGGER article_texts_index_insert AFTER INSERT ON article_texts
                WHEN (SELECT is_indexed FROM articles WHERE id = new.article_id) = 1 BEGIN
                INSERT INTO articles_fts(rowid, title, body) VALUES (new.article_id, new.title, new.body);
            END;
            CREATE TRIGGER article_texts_index_update AFTER UPDATE OF title, body ON article_texts
                WHEN (SELECT is_indexed FROM articles WHERE id = old.article_id) = 1 BEGIN
                INSERT INTO articles_fts(articles_fts, rowid, title, body)
                    VALUES ('delete', old.article_id, old.title, old.body);
                INSERT INTO articles_fts(rowid, title, body) VALUES (new.article_id, new.title, new.body);
            END;
            PRAGMA user_version = 5;
            """)
    }
}
