import GRDB

/// Deferred indexing (see `Docs/store.md`, "Saving fast"): a new article is stored with
/// `is_indexed = 0` and enters the search index and the global date indexes later, many
/// articles in one transaction, instead of one scattered write per article and per index.
///
/// - `is_indexed` is 1 for every article stored before this version (they are indexed) and for
///   any row inserted without it; `ArticleUpsert` inserts 0.
/// - The global date indexes hold indexed articles only; the per-feed index holds all.
/// - `articles_waiting` finds the articles still to index, in the order they were stored.
/// - The FTS table holds exactly the indexed articles: a row inserted indexed is added by a
///   trigger, waiting rows are added by `DeferredIndexing` in the transaction that marks them
///   indexed; a change of title or body re-indexes an indexed row; a deleted indexed row is
///   removed.
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
            ALTER TABLE articles ADD COLUMN is_indexed INTEGER NOT NULL DEFAULT 1;
            DROP INDEX articles_by_date;
            DROP INDEX articles_unread_by_date;
            CREATE INDEX articles_by_date ON articles(sort_date DESC, id DESC) WHERE is_indexed = 1;
            CREATE INDEX articles_unread_by_date ON articles(sort_date DESC, id DESC)
                WHERE is_read = 0 AND is_indexed = 1;
            CREATE INDEX articles_waiting ON articles(id) WHERE is_indexed = 0;

            DROP TRIGGER articles_after_insert;
            DROP TRIGGER articles_after_delete;
            DROP TRIGGER articles_after_text_update;
            CREATE TRIGGER articles_count_delete AFTER DELETE ON articles BEGIN
                UPDATE feed_counts SET total = total - 1, unread = unread - 1 + old.is_read,
                    starred = starred - old.is_starred WHERE feed_id = old.feed_id;
            END;
            CREATE TRIGGER articles_index_insert AFTER INSERT ON articles WHEN new.is_indexed = 1 BEGIN
                INSERT INTO articles_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
            END;
            CREATE TRIGGER articles_index_delete AFTER DELETE ON articles WHEN old.is_indexed = 1 BEGIN
                INSERT INTO articles_fts(articles_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
            END;
            CREATE TRIGGER articles_index_text_update AFTER UPDATE OF title, body ON articles
                WHEN old.is_indexed = 1 AND new.is_indexed = 1 BEGIN
                INSERT INTO articles_fts(articles_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
                INSERT INTO articles_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
            END;
            INSERT INTO articles_fts(articles_fts, rank) VALUES ('automerge', 16);
            INSERT INTO articles_fts(articles_fts, rank) VALUES ('hashsize', 33554432);
            INSERT INTO articles_fts(articles_fts, rank) VALUES ('crisismerge', 64);
            PRAGMA user_version = 5;
            """)
    }
}
