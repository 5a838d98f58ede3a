import GRDB
import HeraldDomain

/// The database schema: named migrations from the first version on.
///
/// Each migration ends by writing its number to `PRAGMA user_version`, inside its own
/// transaction, so the version recorded in the file always matches the tables in it.
enum StoreSchema {
    /// The newest schema version this build knows.
    static let currentVersion = 12

    /// The migrations in order; their identifiers never change once released.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-feeds-articles-search") { db in
            try SchemaVersion1.create(db)
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        migrator.registerMigration("v2-saved-searches") { db in
            try db.execute(sql: """
                CREATE TABLE saved_searches (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    query TEXT NOT NULL,
                    filter_json TEXT NOT NULL
                );
                PRAGMA user_version = 2;
                """)
        }
        migrator.registerMigration("v3-unread-index") { db in
            try db.execute(sql: """
                CREATE INDEX articles_unread_by_date ON articles(sort_date DESC, id DESC) WHERE is_read = 0;
                PRAGMA user_version = 3;
                """)
        }
        migrator.registerMigration("v4-cjk-search-body") { db in
            // Re-index the articles whose title or body has CJK text with their characters as
            // separate tokens (see CJKText); the body trigger updates the FTS index row by row.
            db.add(function: CJKText.hasCJKFunction)
            db.add(function: CJKText.searchBodyFunction)
            try db.execute(sql: """
                UPDATE articles SET body = herald_cjk_search_body(title, body)
                    WHERE herald_has_cjk(title) OR herald_has_cjk(body);
                PRAGMA user_version = 4;
                """)
        }
        migrator.registerMigration("v5-deferred-indexing") { db in
            try SchemaVersion5.migrate(db)
        }
        migrator.registerMigration("v6-fetch-ledger") { db in
            try db.execute(sql: SchemaVersion6.sql)
        }
        migrator.registerMigration("v7-accounts") { db in
            try db.execute(sql: SchemaVersion7.sql)
        }
        migrator.registerMigration("v8-article-pages") { db in
            try db.execute(sql: SchemaVersion8.sql)
        }
        migrator.registerMigration("v9-hidden-articles") { db in
            try db.execute(sql: SchemaVersion9.sql)
        }
        migrator.registerMigration("v10-feed-icons-kept-tags") { db in
            try db.execute(sql: SchemaVersion10.sql)
        }
        migrator.registerMigration("v11-podcast-episodes") { db in
            try db.execute(sql: SchemaVersion11.sql)
        }
        migrator.registerMigration("v12-article-id-floor") { db in
            try db.execute(sql: SchemaVersion12.sql)
        }
        return migrator
    }

    /// Refuses a newer database and migrates an older one in place.
    static func prepare(_ writer: any DatabaseWriter) throws {
        let migrator = self.migrator
        let (found, complete, superseded) = try writer.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
             try migrator.hasCompletedMigrations(db),
             try migrator.hasBeenSuperseded(db))
        }
        if found > currentVersion || superseded {
            throw StoreError.newerSchema(found: max(found, currentVersion + 1), supported: currentVersion)
        }
        if !complete {
            try migrator.migrate(writer)
        }
    }
}
