import Foundation
import HeraldDomain
import PostgresNIO
import HeraldStoreCore

extension PostgresStore {
    /// Stores a fetched feed in one transaction: its title and site link, its items (new ones
    /// inserted, and given to every subscriber unread; changed ones updated with everyone's
    /// read/starred/tags kept; unchanged ones not rewritten) and the new fetch state. Items that
    /// dropped out of the feed stay.
    public func saveFetchedFeed(_ parsed: ParsedFeed, fetchState: FetchState, for id: FeedID, at date: Date)
        async throws(StoreError) -> StoreOutcome {
        let items = parsed.items.map { item in
            let columns = ArticleColumns(item)
            return (columns, SearchText.searchVector(title: columns.title, body: columns.plainBody))
        }
        let feedTitle = parsed.plainTitle ?? parsed.title.map(IndexText.of)
        let siteURL = parsed.siteURL
        return try await write { connection in
            // The feed's title and site with its fetch state: one statement.
            try await FeedRows.writeFetchState(connection, fetchState, for: id, title: feedTitle, siteURL: siteURL)
            return try await ArticleUpsert(connection: connection, feedID: id, seenAt: date).store(items)
        }
    }

    /// Cleans the search index's pending list: PostgreSQL's GIN index takes new articles' words
    /// into a list that every search reads in full, and merges it into the index later (at VACUUM,
    /// or when it is large). A refresh does it at its end, as the SQLite store indexes then. Reads
    /// are correct without it.
    public func finishSaving() async throws(StoreError) {
        try await read { connection in
            // Only the index's owner (the role that migrated) may clean it; a worker logged in as
            // another role leaves it to VACUUM.
            _ = try await connection.run("""
                SELECT gin_clean_pending_list(c.oid) FROM pg_class AS c
                WHERE c.oid = 'articles_search'::regclass AND pg_has_role(c.relowner, 'USAGE')
                """).all { _ in () }
        }
    }
}

/// Inserts new items of one feed and updates changed ones, never touching anybody's state.
struct ArticleUpsert {
    let connection: PostgresConnection
    let feedID: FeedID
    let seenAt: Date

    private struct StoredRow {
        let id: Int64
        let hash: Int64
        let firstSeen: Double
    }

    func store(_ items: [(ArticleColumns, SearchVector)]) async throws -> StoreOutcome {
        var outcome = StoreOutcome(inserted: 0, updated: 0, unchanged: 0)
        guard !items.isEmpty else { return outcome }
        var existing: [String: StoredRow] = [:]
        let identities = items.map(\.0.item.identity)
        for (identity, id, hash, firstSeen) in try await connection.run(StoredArticles.self, { values in
            values.append(feedID.rawValue)
            values.append(identities)
        }).all({ try $0.decode((String, Int64, Int64, Double).self) }) {
            existing[identity] = StoredRow(id: id, hash: hash, firstSeen: firstSeen)
        }
        var inserted: [Int64] = []
        var updated: [Int64] = []
        // Items new to the store are inserted together, in one statement; an identity repeated
        // within the document is inserted once and then updated as the SQLite store does.
        var pending: [(ArticleColumns, SearchVector)] = []
        var pendingIdentities: Set<String> = []
        for (columns, vector) in items {
            let identity = columns.item.identity
            if existing[identity] == nil, pendingIdentities.contains(identity) {
                // The document repeats an identity still waiting to be inserted: insert the
                // waiting items first, so this one updates the row of the first.
                let ids = try await insert(pending)
                for ((done, _), id) in zip(pending, ids) {
                    existing[done.item.identity] = StoredRow(id: id, hash: done.hash, firstSeen: seenAt.timeIntervalSince1970)
                }
                inserted += ids
                outcome.inserted += ids.count
                pending = []
                pendingIdentities = []
            }
            if let row = existing[identity] {
                if row.hash == columns.hash {
                    outcome.unchanged += 1
                } else {
                    try await update(id: row.id, firstSeen: row.firstSeen, with: columns, vector: vector)
                    existing[identity] = StoredRow(id: row.id, hash: columns.hash, firstSeen: row.firstSeen)
                    updated.append(row.id)
                    outcome.updated += 1
                }
            } else {
                pending.append((columns, vector))
                pendingIdentities.insert(identity)
            }
        }
        if !pending.isEmpty {
            let ids = try await insert(pending)
            inserted += ids
            outcome.inserted += ids.count
        }
        if !inserted.isEmpty {
            // Every subscriber gets the new articles, unread.
            _ = try await connection.run(GiveSubscribers.self) { $0.append(inserted) }.all { _ in () }
        }
        if !updated.isEmpty {
            try await connection.run("""
                UPDATE user_articles AS ua SET sort_date = a.sort_date FROM articles AS a
                WHERE a.id = ua.article_id AND a.id = ANY(\(updated)) AND ua.sort_date <> a.sort_date
                """)
        }
        return outcome
    }

    /// Inserts articles in one statement, each column travelling as one binary array that
    /// `unnest` turns back into rows, the search vectors in `tsvector`'s binary form (no JSON and
    /// no literal to parse on the server: see Docs/benchmarks.md);
    /// returns their identifiers in the order given.
    private func insert(_ rows: [(ArticleColumns, SearchVector)]) async throws -> [Int64] {
        let firstSeen = seenAt.timeIntervalSince1970
        let items = rows.map(\.0.item)
        let columns = rows.map(\.0)
        let ids = try await connection.run(InsertArticles.self) { values in
            values.append(feedID.rawValue)
            values.append(firstSeen)
            values.append(items.map(\.identity))
            values.append(columns.map(\.title))
            values.append(NullableArray(items.map(\.url)))
            values.append(NullableArray(items.map { $0.authors.first?.displayName }))
            values.append(NullableArray(columns.map(\.authors)))
            values.append(NullableArray(items.map { $0.published?.timeIntervalSince1970 }))
            values.append(NullableArray(items.map { $0.updated?.timeIntervalSince1970 }))
            values.append(columns.map { $0.sortDate(firstSeen: firstSeen) })
            values.append(NullableArray(items.map { $0.summary?.type.rawValue }))
            values.append(NullableArray(items.map { $0.summary?.value }))
            values.append(NullableArray(items.map { $0.summary?.language }))
            values.append(NullableArray(items.map { $0.content?.type.rawValue }))
            values.append(NullableArray(items.map { $0.content?.value }))
            values.append(NullableArray(items.map { $0.content?.language }))
            values.append(NullableArray(columns.map(\.enclosures)))
            values.append(NullableArray(columns.map(\.categories)))
            values.append(NullableArray(items.map(\.comments)))
            values.append(columns.map(\.plainBody))
            values.append(columns.map(\.hash))
            values.append(NullableArray(columns.map(\.episode)))
            values.append(NullableArray(rows.map { Optional($0.1.binary) }))
        }.all { try $0.decode((Int64, String).self) }
        guard ids.count == rows.count else { throw StoreError.database(reason: "inserted \(ids.count) of \(rows.count) articles") }
        var byIdentity: [String: Int64] = [:]
        for (id, identity) in ids where byIdentity[identity] == nil { byIdentity[identity] = id }
        return try rows.map { columns, _ in
            guard let id = byIdentity[columns.item.identity] else {
                throw StoreError.database(reason: "an inserted article has no identifier")
            }
            return id
        }
    }

    private func update(id: Int64, firstSeen: Double, with columns: ArticleColumns, vector: SearchVector) async throws {
        let item = columns.item
        try await connection.run("""
            UPDATE articles SET title = \(columns.title), url = \(item.url), author = \(item.authors.first?.displayName),
                authors_json = \(columns.authors), published = \(item.published?.timeIntervalSince1970),
                updated = \(item.updated?.timeIntervalSince1970), sort_date = \(columns.sortDate(firstSeen: firstSeen)),
                summary_type = \(item.summary?.type.rawValue), summary_value = \(item.summary?.value),
                summary_lang = \(item.summary?.language), content_type = \(item.content?.type.rawValue),
                content_value = \(item.content?.value), content_lang = \(item.content?.language),
                enclosures_json = \(columns.enclosures), categories_json = \(columns.categories),
                comments_url = \(item.comments), body = \(columns.plainBody), content_hash = \(columns.hash),
                episode_json = \(columns.episode),
                search = \(vector.literal)::tsvector || coalesce((SELECT p.search FROM article_pages AS p
                    WHERE p.article_id = \(id) AND p.search IS NOT NULL), ''::tsvector)
            WHERE id = \(id)
            """)
    }
}

/// The stored rows of some of one feed's items, by identity (``ArticleUpsert/store(_:)``).
private enum StoredArticles: PreparedSQL {
    static let sql = """
        SELECT identity, id, content_hash, first_seen FROM articles WHERE feed_id = $1 AND identity = ANY($2)
        """
}

/// Every subscriber of a feed gets its new articles, unread.
private enum GiveSubscribers: PreparedSQL {
    static let sql = """
        INSERT INTO user_articles (user_id, article_id, feed_id, sort_date)
        SELECT s.user_id, a.id, a.feed_id, a.sort_date
        FROM articles AS a JOIN subscriptions AS s ON s.feed_id = a.feed_id
        WHERE a.id = ANY($1)
        """
}

/// New articles of one feed, each column travelling as one binary array that `unnest` turns back
/// into rows (``ArticleUpsert``'s `insert`).
private enum InsertArticles: PreparedSQL {
    static let names = """
        identity, title, url, author, authors_json, published, updated, sort_date, summary_type, summary_value,
        summary_lang, content_type, content_value, content_lang, enclosures_json, categories_json, comments_url,
        body, content_hash, episode_json
        """
    /// The arrays' types, in the order of `names` and then the search vector.
    static let arrayTypes = [
        "text", "text", "text", "text", "text", "float8", "float8", "float8", "text", "text", "text", "text", "text",
        "text", "text", "text", "text", "text", "bigint", "text", "tsvector",
    ]
    static let sql = """
        INSERT INTO articles (feed_id, first_seen, \(names), search)
        SELECT $1, $2, \(names), search
        FROM unnest(\(arrayTypes.enumerated().map { "$\($0.offset + 3)::\($0.element)[]" }.joined(separator: ", ")))
            AS i (\(names), search)
        RETURNING id, identity
        """
}
