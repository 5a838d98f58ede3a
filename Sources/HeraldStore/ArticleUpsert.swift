import Foundation
import GRDB
import HeraldDomain

/// Inserts new items of one feed and updates changed ones, never touching the user's state.
struct ArticleUpsert {
    let db: Database
    let feedID: FeedID
    let seenAt: Date

    /// Stores every item; call inside the feed's transaction.
    func store(_ items: [ParsedItem]) throws -> StoreOutcome {
        var outcome = StoreOutcome(inserted: 0, updated: 0, unchanged: 0)
        var existing = try storedRows(for: items.map(\.identity))
        for item in items {
            let fields = ItemFields(item)
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
        let statement = try db.cachedStatement(sql: """
            INSERT INTO articles (feed_id, identity, first_seen, sort_date, title, url, author, authors_json,
                published, updated, summary_type, summary_value, summary_lang, content_type, content_value,
                content_lang, enclosures_json, categories_json, comments_url, body, content_hash, is_indexed)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
            """)
        let firstSeen = seenAt.timeIntervalSince1970
        var values: [(any DatabaseValueConvertible)?] = [feedID.rawValue, identity, firstSeen,
                                                         fields.sortDate(firstSeen: firstSeen)]
        values += fields.contentValues
        try statement.execute(arguments: StatementArguments(values))
    }

    private func update(id: Int64, firstSeen: Double, with fields: ItemFields) throws {
        let statement = try db.cachedStatement(sql: """
            UPDATE articles SET sort_date = ?, title = ?, url = ?, author = ?, authors_json = ?, published = ?,
                updated = ?, summary_type = ?, summary_value = ?, summary_lang = ?, content_type = ?,
                content_value = ?, content_lang = ?, enclosures_json = ?, categories_json = ?, comments_url = ?,
                body = ?, content_hash = ?
            WHERE id = ?
            """)
        var values: [(any DatabaseValueConvertible)?] = [fields.sortDate(firstSeen: firstSeen)]
        values += fields.contentValues
        values.append(id)
        try statement.execute(arguments: StatementArguments(values))
    }
}

/// The columns of one parsed item, and their hash.
struct ItemFields {
    let item: ParsedItem
    let enclosures: String?
    let categories: String?
    let authors: String?
    let hash: Int64

    init(_ item: ParsedItem) {
        self.item = item
        enclosures = ListJSON.enclosures(item.enclosures)
        categories = ListJSON.categories(item.categories)
        let onlyName = item.authors.count == 1 && item.authors[0].email == nil && item.authors[0].uri == nil
        authors = onlyName ? nil : ListJSON.people(item.authors)
        var hasher = ContentHash()
        hasher.add(item.plainTitle ?? item.title?.value)
        hasher.add(item.url)
        hasher.add(item.authors.first?.displayName)
        hasher.add(authors)
        hasher.add(item.published?.timeIntervalSince1970)
        hasher.add(item.updated?.timeIntervalSince1970)
        for text in [item.summary, item.content] {
            hasher.add(text?.type.rawValue)
            hasher.add(text?.value)
            hasher.add(text?.language)
        }
        hasher.add(enclosures)
        hasher.add(categories)
        hasher.add(item.comments)
        hash = hasher.storedValue
    }

    func sortDate(firstSeen: Double) -> Double {
        (item.published ?? item.updated)?.timeIntervalSince1970 ?? firstSeen
    }

    /// The content columns from `title` to `content_hash`, in the statements' order.
    var contentValues: [(any DatabaseValueConvertible)?] {
        let title = item.plainTitle.map { PlainText.collapse($0, stripTags: false) } ?? PlainText.of(item.title)
        let body = CJKText.searchBody(title: title, body: PlainText.of(item.content ?? item.summary))
        return [
            title, item.url, item.authors.first?.displayName, authors,
            item.published?.timeIntervalSince1970, item.updated?.timeIntervalSince1970,
            item.summary?.type.rawValue, item.summary?.value, item.summary?.language,
            item.content?.type.rawValue, item.content?.value, item.content?.language,
            enclosures, categories, item.comments, body, hash,
        ]
    }
}
