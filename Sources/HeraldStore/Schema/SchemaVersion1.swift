import GRDB

/// The first released schema. Never edited: later changes are new migrations.
enum SchemaVersion1 {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE feeds (
                id INTEGER PRIMARY KEY,
                url TEXT NOT NULL UNIQUE,
                title TEXT,
                custom_title TEXT,
                site_url TEXT,
                is_hidden INTEGER NOT NULL DEFAULT 0,
                settings_json TEXT,
                etag TEXT,
                last_modified TEXT,
                body_hash TEXT,
                last_attempt_at REAL,
                last_success_at REAL,
                last_error_json TEXT,
                error_count INTEGER NOT NULL DEFAULT 0,
                next_due_at REAL,
                is_gone INTEGER NOT NULL DEFAULT 0,
                pending_redirect_json TEXT,
                added_at REAL NOT NULL
            );
            CREATE TABLE feed_tags (
                feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (feed_id, tag)
            ) WITHOUT ROWID;
            CREATE INDEX feed_tags_by_tag ON feed_tags(tag, feed_id);
            CREATE TABLE feed_counts (
                feed_id INTEGER PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
                total INTEGER NOT NULL DEFAULT 0,
                unread INTEGER NOT NULL DEFAULT 0,
                starred INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE articles (
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
                summary_type TEXT,
                summary_value TEXT,
                summary_lang TEXT,
                content_type TEXT,
                content_value TEXT,
                content_lang TEXT,
                enclosures_json TEXT,
                categories_json TEXT,
                comments_url TEXT,
                body TEXT NOT NULL,
                content_hash INTEGER NOT NULL,
                is_read INTEGER NOT NULL DEFAULT 0,
                is_starred INTEGER NOT NULL DEFAULT 0
            );
            CREATE UNIQUE INDEX articles_by_identity ON articles(feed_id, identity);
            CREATE INDEX articles_by_feed_date ON articles(feed_id, sort_date DESC, id DESC);
            CREATE INDEX articles_by_date ON articles(sort_date DESC, id DESC);
            CREATE INDEX articles_starred ON articles(feed_id) WHERE is_starred = 1;
            CREATE TABLE article_tags (
                article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                PRIMARY KEY (article_id, tag)
            ) WITHOUT ROWID;
            CREATE INDEX article_tags_by_tag ON article_tags(tag);
            CREATE VIRTUAL TABLE articles_fts USING fts5(
                title, body, content='articles', content_rowid='id',
                tokenize='unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER feeds_counts_row AFTER INSERT ON feeds BEGIN
                INSERT INTO feed_counts(feed_id) VALUES (new.id);
            END;
            CREATE TRIGGER articles_after_insert AFTER INSERT ON articles BEGIN
                INSERT INTO articles_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
                UPDATE feed_counts SET total = total + 1, unread = unread + 1 - new.is_read,
                    starred = starred + new.is_starred WHERE feed_id = new.feed_id;
            END;
            CREATE TRIGGER articles_after_delete AFTER DELETE ON articles BEGIN
                INSERT INTO articles_fts(articles_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
                UPDATE feed_counts SET total = total - 1, unread = unread - 1 + old.is_read,
                    starred = starred - old.is_starred WHERE feed_id = old.feed_id;
            END;
            CREATE TRIGGER articles_after_text_update AFTER UPDATE OF title, body ON articles BEGIN
                INSERT INTO articles_fts(articles_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
                INSERT INTO articles_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
            END;
            CREATE TRIGGER articles_after_state_update AFTER UPDATE OF is_read, is_starred ON articles BEGIN
                UPDATE feed_counts SET unread = unread + old.is_read - new.is_read,
                    starred = starred + new.is_starred - old.is_starred WHERE feed_id = new.feed_id;
            END;
            """)
    }
}
