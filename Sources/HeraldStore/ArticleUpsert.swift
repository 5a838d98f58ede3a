import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

/// Inserts new items of one feed and updates changed ones, never touching the user's state.
struct ArticleUpsert {
    let db: Database
    let feedID: FeedID
    let seenAt: Date

    /// Stores every item, prepared beforehand (outside the transaction, see ``ItemFields``);
    /// call inside the feed's transaction.
    func store(_ items: [ItemFields]) throws -> StoreOutcome {
        var outcome = StoreOutcome(inserted: 0, updated: 0, unchanged: 0)
        var existing = try storedRows(for: items.map(\.item.identity))
        for fields in items {
            let item = fields.item
            if let row = existing[item.identity] {
                if row.hash == fields.hash {
                    outcome.unchanged += 1
                } else {
                    try update(id: row.id, firstSeen: row.firstSeen, with: fields)
                    existing[item.identity] = StoredRow(id: row.id, hash: fields.hash, firstSeen: row.firstSeen)
                    outcome.updated += 1
                }
            } else {
                try insert(item.identity, fields)
                // A feed that repeats an identity updates the row it just inserted.
                existing[item.identity] = StoredRow(id: db.lastInsertedRowID, hash: fields.hash,
                                                    firstSeen: seenAt.timeIntervalSince1970)
                outcome.inserted += 1
            }
        }
        if outcome.inserted + outcome.updated > 0 {
            // The rows went in through DirectBinding, which GRDB does not see: tell its observers
            // (the reader's live list) that articles changed in this transaction.
            try db.notifyChanges(in: Table("articles"))
        }
        if outcome.inserted > 0 {
            // New articles are unread and not starred (see SchemaVersion5: no per-row trigger).
            try db.cachedStatement(sql: "UPDATE feed_counts SET total = total + ?1, unread = unread + ?1 WHERE feed_id = ?2")
                .execute(arguments: [outcome.inserted, feedID.rawValue])
        }
        return outcome
    }

    /// What is already stored of an item: enough to tell unchanged from updated.
    private struct StoredRow {
        let id: Int64
        let hash: Int64
        let firstSeen: Double
    }

    /// The stored rows of these identities in the feed, in one indexed query (the identities go
    /// in as one JSON array, so the statement is compiled once for every feed).
    private func storedRows(for identities: [String]) throws -> [String: StoredRow] {
        guard !identities.isEmpty else { return [:] }
        var rows: [String: StoredRow] = [:]
        let statement = try db.cachedStatement(sql: """
            SELECT identity, id, content_hash, first_seen FROM articles
            WHERE feed_id = ? AND identity IN (SELECT value FROM json_each(?))
            """)
        let cursor = try Row.fetchCursor(statement, arguments: [feedID.rawValue, ListJSON.strings(identities)])
        while let row = try cursor.next() {
            rows[row[0]] = StoredRow(id: row[1], hash: row[2], firstSeen: row[3])
        }
        return rows
    }

    private func insert(_ identity: String, _ fields: ItemFields) throws {
        let article = try db.cachedStatement(sql: """
            INSERT INTO articles (id, feed_id, identity, first_seen, sort_date, title, url, author, authors_json,
                published, updated, enclosures_json, categories_json, comments_url, content_hash, episode_json, is_indexed)
            VALUES (\(ArticleIdentifiers.nextSQL), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
            """)
        let firstSeen = seenAt.timeIntervalSince1970
        var binding = DirectBinding(article, in: db)
        binding.add(feedID.rawValue)
        binding.add(identity)
        binding.add(firstSeen)
        binding.add(fields.sortDate(firstSeen: firstSeen))
        fields.bindArticleColumns(&binding)
        try binding.execute()
        let texts = try db.cachedStatement(sql: """
            INSERT INTO article_texts (article_id, title, summary_type, summary_value, summary_lang, content_type,
                content_value, content_lang, body)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var textBinding = DirectBinding(texts, in: db)
        textBinding.add(db.lastInsertedRowID)
        fields.bindTexts(&textBinding)
        try textBinding.execute()
    }

    private func update(id: Int64, firstSeen: Double, with fields: ItemFields) throws {
        let article = try db.cachedStatement(sql: """
            UPDATE articles SET sort_date = ?, title = ?, url = ?, author = ?, authors_json = ?, published = ?,
                updated = ?, enclosures_json = ?, categories_json = ?, comments_url = ?, content_hash = ?,
                episode_json = ?
            WHERE id = ?
            """)
        var binding = DirectBinding(article, in: db)
        binding.add(fields.sortDate(firstSeen: firstSeen))
        fields.bindArticleColumns(&binding)
        binding.add(id)
        try binding.execute()
        let texts = try db.cachedStatement(sql: """
            UPDATE article_texts SET title = ?, summary_type = ?, summary_value = ?, summary_lang = ?,
                content_type = ?, content_value = ?, content_lang = ?,
                body = ? || coalesce((SELECT char(10) || char(10) || search_body FROM article_pages
                    WHERE article_pages.article_id = article_texts.article_id AND search_body IS NOT NULL), '')
            WHERE article_id = ?
            """)
        var textBinding = DirectBinding(texts, in: db)
        fields.bindTexts(&textBinding)
        textBinding.add(id)
        try textBinding.execute()
    }
}
