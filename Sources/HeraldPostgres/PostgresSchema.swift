import Foundation
import HeraldDomain
import PostgresNIO

/// The database schema: named, numbered migrations recorded in `schema_migrations`, applied in one
/// transaction under an advisory lock (workers that start together migrate once). A database with a
/// migration this build does not know was written by a newer Herald and is refused.
enum PostgresSchema {
    /// A migration: its number, its name (never changed once released) and its statements.
    struct Migration: Sendable {
        let version: Int
        let name: String
        let sql: String
    }

    /// The migrations in order. Released ones are never edited.
    static let migrations: [Migration] = [
        Migration(version: 1, name: "v1-shared-feeds-per-user-state", sql: PostgresSchemaVersion1.sql),
        Migration(version: 2, name: "v2-refresh-queue", sql: PostgresSchemaVersion2.sql),
        Migration(version: 3, name: "v3-fetch-ledger", sql: PostgresSchemaVersion3.sql),
        Migration(version: 4, name: "v4-accounts", sql: PostgresSchemaVersion4.sql),
        Migration(version: 5, name: "v5-article-pages", sql: PostgresSchemaVersion5.sql),
        Migration(version: 6, name: "v6-hidden-articles", sql: PostgresSchemaVersion6.sql),
        Migration(version: 7, name: "v7-articles-uncompressed", sql: PostgresSchemaVersion7.sql),
        Migration(version: 8, name: "v8-feed-icons-kept-tags", sql: PostgresSchemaVersion8.sql),
        Migration(version: 9, name: "v9-podcast-episodes", sql: PostgresSchemaVersion9.sql),
    ]

    /// The newest schema version this build knows.
    static var currentVersion: Int { migrations.last!.version }

    /// The user every database has, whom a store acts for when no user is chosen.
    static let defaultUser = "default"

    /// The statements of a script: split at a `;` that ends a line outside a `$$` function body.
    static func statements(_ script: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var inBody = false
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            current += line + "\n"
            if line.components(separatedBy: "$$").count % 2 == 0 { inBody.toggle() }
            if !inBody, line.hasSuffix(";") {
                statements.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                current = ""
            }
        }
        let rest = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !rest.isEmpty { statements.append(rest) }
        return statements
    }

    /// Writes the host key of feeds that have none (those stored before the queue existed).
    static func fillHostKeys(_ connection: PostgresConnection) async throws {
        let missing = try await connection.run("SELECT id, url FROM feeds WHERE host IS NULL").all { try $0.decode((Int64, String).self) }
        guard !missing.isEmpty else { return }
        try await connection.run("""
            UPDATE feeds AS f SET host = m.host
            FROM unnest(\(missing.map(\.0))::bigint[], \(missing.map { HostKey.of($0.1) })::text[]) AS m (id, host)
            WHERE f.id = m.id
            """)
    }

    /// Creates the schema when asked for one, refuses a newer database, applies what is missing.
    /// - Returns: The schema holding the tables.
    static func prepare(_ client: PostgresClient, schema: String?, location: String) async throws -> String {
        try await client.withConnection { connection in
            try await connection.run("BEGIN")
            do {
                // One key for every Herald schema of the database: migrations are short.
                try await connection.run("SELECT pg_advisory_xact_lock(7243510213)")
                if let schema {
                    try await connection.run(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(schema)\""))
                }
                guard let current = try await connection.run("SELECT current_schema()").first({ try $0.decode(String?.self) }) ?? nil else {
                    throw StoreError.cannotOpen(path: location, reason: "no schema to create Herald's tables in; add ?schema=herald to the URL")
                }
                try await connection.run("""
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version integer PRIMARY KEY,
                        name text NOT NULL UNIQUE,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """)
                let applied = try await connection.run("SELECT version, name FROM schema_migrations ORDER BY version")
                    .all { try $0.decode((Int, String).self) }
                let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0.name) })
                if let newest = applied.last?.0, newest > currentVersion || applied.contains(where: { known[$0.0] != $0.1 }) {
                    throw StoreError.newerSchema(found: max(newest, currentVersion + 1), supported: currentVersion)
                }
                let done = Set(applied.map(\.0))
                for migration in migrations where !done.contains(migration.version) {
                    // The extended protocol runs one statement at a time.
                    for statement in statements(migration.sql) {
                        try await connection.run(PostgresQuery(unsafeSQL: statement))
                    }
                    try await connection.run("INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))")
                }
                try await fillHostKeys(connection)
                try await connection.run("COMMIT")
                return current
            } catch {
                _ = try? await connection.run("ROLLBACK")
                throw error
            }
        }
    }
}

/// The fetch ledger (``FetchLedgering``) and each run's claimed feeds: which refreshes run, the
/// last request of each feed, and every feed a run has claimed (a feed's claim row keeps only the
/// last run that claimed it, so two `--all` runs handing one feed back and forth each forgot they
/// had done it: the livelock of two refreshes at once).
enum PostgresSchemaVersion3 {
    static let sql = """
        CREATE TABLE refresh_runs (
            run text PRIMARY KEY,
            holder text NOT NULL,
            started_at double precision NOT NULL,
            seen_at double precision NOT NULL,
            ended_at double precision,
            concurrent boolean NOT NULL DEFAULT false
        );
        CREATE TABLE fetch_requests (
            feed_id bigint PRIMARY KEY REFERENCES feeds (id) ON DELETE CASCADE,
            run text NOT NULL,
            holder text NOT NULL,
            requested_at double precision NOT NULL
        );
        CREATE TABLE refresh_run_feeds (
            run text NOT NULL,
            feed_id bigint NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
            PRIMARY KEY (run, feed_id)
        );
        """
}

/// The refresh queue: each feed's host key (``HostKey``, written by Herald, so that the per-host
/// limit of workers is the one a single refresh applies) and one claim row per feed: who holds it
/// until when, and the refresh run that claimed it last.
enum PostgresSchemaVersion2 {
    static let sql = """
        ALTER TABLE feeds ADD COLUMN host text;
        CREATE INDEX feeds_by_host ON feeds (host);
        CREATE TABLE feed_claims (
            feed_id bigint PRIMARY KEY REFERENCES feeds (id) ON DELETE CASCADE,
            host text NOT NULL,
            holder text NOT NULL,
            run text NOT NULL,
            held_until double precision NOT NULL
        );
        CREATE INDEX feed_claims_by_host ON feed_claims (host, held_until);
        CREATE INDEX feed_claims_by_holder ON feed_claims (holder);
        """
}

/// The first schema. Feeds and articles are shared; what is a person's own is keyed by `user_id`
/// (the default user is 1). `user_articles` is each user's copy of the state of the articles of the
/// feeds they subscribe to (written when an article is stored or a feed subscribed), carrying the
/// feed and sort date so that every list is one range of one index. `feed_counts` per user and
/// feed is kept by statement triggers on it. Every table announces its changes with NOTIFY on the
/// channel `herald:<schema>` (1 feeds, 2 articles, 4 counts: ``StoreChanges``).
enum PostgresSchemaVersion1 {
    static let sql = """
        CREATE TABLE users (
            id bigserial PRIMARY KEY,
            name text NOT NULL UNIQUE,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        INSERT INTO users (name) VALUES ('default');

        CREATE TABLE feeds (
            id bigserial PRIMARY KEY,
            url text NOT NULL UNIQUE,
            title text,
            site_url text,
            etag text,
            last_modified text,
            body_hash text,
            last_attempt_at double precision,
            last_success_at double precision,
            last_error_json text,
            error_count integer NOT NULL DEFAULT 0,
            next_due_at double precision,
            is_gone boolean NOT NULL DEFAULT false,
            pending_redirect_json text,
            added_at double precision NOT NULL
        );
        CREATE INDEX feeds_due ON feeds (next_due_at NULLS FIRST, id) WHERE NOT is_gone;

        CREATE TABLE subscriptions (
            user_id bigint NOT NULL DEFAULT 1 REFERENCES users (id) ON DELETE CASCADE,
            feed_id bigint NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
            custom_title text,
            is_hidden boolean NOT NULL DEFAULT false,
            settings_json text,
            added_at double precision NOT NULL,
            PRIMARY KEY (user_id, feed_id)
        );
        CREATE INDEX subscriptions_by_feed ON subscriptions (feed_id);

        CREATE TABLE feed_tags (
            user_id bigint NOT NULL DEFAULT 1,
            feed_id bigint NOT NULL,
            tag text NOT NULL,
            position integer NOT NULL,
            PRIMARY KEY (user_id, feed_id, tag),
            FOREIGN KEY (user_id, feed_id) REFERENCES subscriptions (user_id, feed_id) ON DELETE CASCADE
        );
        CREATE INDEX feed_tags_by_tag ON feed_tags (user_id, tag, feed_id);

        CREATE TABLE feed_counts (
            user_id bigint NOT NULL,
            feed_id bigint NOT NULL,
            total bigint NOT NULL DEFAULT 0,
            unread bigint NOT NULL DEFAULT 0,
            starred bigint NOT NULL DEFAULT 0,
            PRIMARY KEY (user_id, feed_id),
            FOREIGN KEY (user_id, feed_id) REFERENCES subscriptions (user_id, feed_id) ON DELETE CASCADE
        );

        CREATE TABLE articles (
            id bigserial PRIMARY KEY,
            feed_id bigint NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
            identity text NOT NULL,
            title text NOT NULL,
            url text,
            author text,
            authors_json text,
            published double precision,
            updated double precision,
            first_seen double precision NOT NULL,
            sort_date double precision NOT NULL,
            summary_type text,
            summary_value text,
            summary_lang text,
            content_type text,
            content_value text,
            content_lang text,
            enclosures_json text,
            categories_json text,
            comments_url text,
            body text NOT NULL,
            content_hash bigint NOT NULL,
            search tsvector NOT NULL,
            UNIQUE (feed_id, identity)
        );
        CREATE INDEX articles_by_feed_date ON articles (feed_id, sort_date DESC, id DESC);
        CREATE INDEX articles_search ON articles USING gin (search);

        CREATE TABLE user_articles (
            user_id bigint NOT NULL,
            article_id bigint NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
            feed_id bigint NOT NULL,
            sort_date double precision NOT NULL,
            is_read boolean NOT NULL DEFAULT false,
            is_starred boolean NOT NULL DEFAULT false,
            PRIMARY KEY (user_id, article_id),
            FOREIGN KEY (user_id, feed_id) REFERENCES subscriptions (user_id, feed_id) ON DELETE CASCADE
        );
        CREATE INDEX user_articles_by_date ON user_articles (user_id, sort_date DESC, article_id DESC);
        CREATE INDEX user_articles_by_feed_date ON user_articles (user_id, feed_id, sort_date DESC, article_id DESC);
        CREATE INDEX user_articles_unread_by_date ON user_articles (user_id, sort_date DESC, article_id DESC)
            WHERE NOT is_read;
        CREATE INDEX user_articles_by_article ON user_articles (article_id);
        CREATE INDEX user_articles_starred ON user_articles (article_id) WHERE is_starred;

        CREATE TABLE article_tags (
            user_id bigint NOT NULL,
            article_id bigint NOT NULL,
            tag text NOT NULL,
            PRIMARY KEY (user_id, article_id, tag),
            FOREIGN KEY (user_id, article_id) REFERENCES user_articles (user_id, article_id) ON DELETE CASCADE
        );
        CREATE INDEX article_tags_by_tag ON article_tags (user_id, tag);

        CREATE TABLE saved_searches (
            id bigserial PRIMARY KEY,
            user_id bigint NOT NULL DEFAULT 1 REFERENCES users (id) ON DELETE CASCADE,
            name text NOT NULL,
            query text NOT NULL,
            filter_json text NOT NULL
        );
        CREATE INDEX saved_searches_by_user ON saved_searches (user_id);

        CREATE FUNCTION herald_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO feed_counts AS c (user_id, feed_id, total, unread, starred)
                SELECT user_id, feed_id, count(*), count(*) FILTER (WHERE NOT is_read), count(*) FILTER (WHERE is_starred)
                FROM inserted GROUP BY user_id, feed_id
            ON CONFLICT (user_id, feed_id) DO UPDATE
                SET total = c.total + excluded.total, unread = c.unread + excluded.unread,
                    starred = c.starred + excluded.starred;
            RETURN NULL;
        END $$;
        CREATE FUNCTION herald_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE feed_counts AS c SET total = c.total - d.total, unread = c.unread - d.unread,
                starred = c.starred - d.starred
            FROM (SELECT user_id, feed_id, count(*) AS total, count(*) FILTER (WHERE NOT is_read) AS unread,
                      count(*) FILTER (WHERE is_starred) AS starred
                  FROM deleted GROUP BY user_id, feed_id) AS d
            WHERE c.user_id = d.user_id AND c.feed_id = d.feed_id;
            RETURN NULL;
        END $$;
        CREATE FUNCTION herald_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE feed_counts AS c SET unread = c.unread + d.unread, starred = c.starred + d.starred
            FROM (SELECT n.user_id, n.feed_id,
                      sum((NOT n.is_read)::int - (NOT o.is_read)::int) AS unread,
                      sum(n.is_starred::int - o.is_starred::int) AS starred
                  FROM after_rows AS n JOIN before_rows AS o ON o.user_id = n.user_id AND o.article_id = n.article_id
                  GROUP BY n.user_id, n.feed_id) AS d
            WHERE c.user_id = d.user_id AND c.feed_id = d.feed_id AND (d.unread <> 0 OR d.starred <> 0);
            RETURN NULL;
        END $$;
        CREATE TRIGGER user_articles_count_insert AFTER INSERT ON user_articles
            REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION herald_counts_inserted();
        CREATE TRIGGER user_articles_count_delete AFTER DELETE ON user_articles
            REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION herald_counts_deleted();
        CREATE TRIGGER user_articles_count_update AFTER UPDATE ON user_articles
            REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
            FOR EACH STATEMENT EXECUTE FUNCTION herald_counts_updated();

        CREATE FUNCTION herald_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('herald:' || TG_TABLE_SCHEMA, TG_ARGV[0]);
            RETURN NULL;
        END $$;
        CREATE TRIGGER feeds_notify AFTER INSERT OR UPDATE OR DELETE ON feeds
            FOR EACH STATEMENT EXECUTE FUNCTION herald_notify('1');
        CREATE TRIGGER subscriptions_notify AFTER INSERT OR UPDATE OR DELETE ON subscriptions
            FOR EACH STATEMENT EXECUTE FUNCTION herald_notify('1');
        CREATE TRIGGER feed_tags_notify AFTER INSERT OR UPDATE OR DELETE ON feed_tags
            FOR EACH STATEMENT EXECUTE FUNCTION herald_notify('1');
        CREATE TRIGGER saved_searches_notify AFTER INSERT OR UPDATE OR DELETE ON saved_searches
            FOR EACH STATEMENT EXECUTE FUNCTION herald_notify('1');
        CREATE TRIGGER articles_notify AFTER INSERT OR UPDATE OR DELETE ON articles
            FOR EACH STATEMENT EXECUTE FUNCTION herald_notify('2');
        CREATE TRIGGER user_articles_notify AFTER INSERT OR UPDATE OR DELETE ON user_articles
            FOR EACH STATEMENT EXECUTE FUNCTION herald_notify('2');
        CREATE TRIGGER article_tags_notify AFTER INSERT OR UPDATE OR DELETE ON article_tags
            FOR EACH STATEMENT EXECUTE FUNCTION herald_notify('2');
        CREATE TRIGGER feed_counts_notify AFTER INSERT OR UPDATE OR DELETE ON feed_counts
            FOR EACH STATEMENT EXECUTE FUNCTION herald_notify('4');
        """
}

/// The sync APIs' accounts (``AccountStoring``): one per user, and token digests, never tokens.
enum PostgresSchemaVersion4 {
    static let sql = """
        CREATE TABLE accounts (
            user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
            password_hash text NOT NULL,
            fever_key text,
            updated_at double precision NOT NULL
        );
        CREATE INDEX accounts_fever_key ON accounts (fever_key) WHERE fever_key IS NOT NULL;
        CREATE TABLE api_tokens (
            id text PRIMARY KEY,
            user_id bigint NOT NULL REFERENCES accounts (user_id) ON DELETE CASCADE,
            digest text NOT NULL UNIQUE,
            label text NOT NULL,
            created_at double precision NOT NULL
        );
        """
}

/// Full texts (``ArticleFullText``): the extracted page behind an article's link, shared by every
/// user who has the article, like the article itself. A row with `text` NULL records failed fetches.
/// `search` holds the page's words; the article's own `search` is its feed vector followed by it
/// (`PostgresStore+FullText`), and an update of the article by its feed keeps that part.
enum PostgresSchemaVersion5 {
    static let sql = """
        CREATE TABLE article_pages (
            article_id bigint PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
            url text NOT NULL,
            title text,
            byline text,
            html text,
            text text,
            search tsvector,
            fetched_at double precision NOT NULL,
            failure text,
            attempts integer NOT NULL DEFAULT 0
        );
        """
}

/// Hidden articles: each user's rules hide their own articles (`user_articles.is_hidden`, set by
/// a `block` rule); every list, search and id list leaves them out but the hidden list.
/// `user_articles_hidden` holds the hidden rows alone.
enum PostgresSchemaVersion6 {
    static let sql = """
        ALTER TABLE user_articles ADD COLUMN is_hidden boolean NOT NULL DEFAULT false;
        CREATE INDEX user_articles_hidden ON user_articles (user_id, article_id) WHERE is_hidden;
        """
}

/// Articles stored without compression up to the page's size: PostgreSQL compresses (pglz) the
/// long columns of any row over 2 KB, and an article with its summary, content, plain body and
/// search vector is about 6 KB, so every insert paid for compressing it; at 8,160 bytes rows that
/// fit a page are kept as they are (larger ones are still compressed and moved out of line).
/// A third less server time per insert for a quarter more disk (Docs/benchmarks.md, issue 19).
enum PostgresSchemaVersion7 {
    static let sql = """
        ALTER TABLE articles SET (toast_tuple_target = 8160);
        """
}

/// Feeds' icons for the sync clients, shared by every subscriber of a feed like the feed itself:
/// one row per feed that was looked at, with the image when one was found (`data` NULL: none found
/// at `checked_at`). `kept_tags` holds each user's tags created on their own (a sync client's new,
/// empty category).
enum PostgresSchemaVersion8 {
    static let sql = """
        CREATE TABLE feed_icons (
            feed_id bigint PRIMARY KEY REFERENCES feeds (id) ON DELETE CASCADE,
            mime_type text,
            data bytea,
            url text,
            fetched_at double precision,
            checked_at double precision NOT NULL
        );
        CREATE TABLE kept_tags (
            user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            name text NOT NULL,
            PRIMARY KEY (user_id, name)
        );
        """
}

/// A podcast episode's data as JSON beside the enclosures (the SQLite store's version 11).
enum PostgresSchemaVersion9 {
    static let sql = """
        ALTER TABLE articles ADD COLUMN episode_json text;
        """
}
