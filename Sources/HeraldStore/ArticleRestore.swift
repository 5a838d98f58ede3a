import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

/// Inserts archived articles with their state and tags, skipping those already stored (same
/// feed, same identity), for ``SQLiteStore/restoreArticles(_:feedIDs:)``. New rows wait to be
/// indexed (`is_indexed = 0`, see `SchemaVersion5`); the feed counts are added once per feed.
struct ArticleRestore {
    /// An archived article with the columns derived from it, prepared outside the transaction.
    struct Prepared: Sendable {
        let archived: ArchivedArticle
        let columns: ArchivedArticleColumns
        /// The text the search index reads (see ``ItemFields/searchBody``).
        let searchBody: String
        /// The full text's part of the search body (see `SQLiteStore+FullText`), if it has one.
        let pageBody: String?
        let tags: [String]

        init(_ archived: ArchivedArticle) {
            self.archived = archived
            columns = ArchivedArticleColumns(archived)
            pageBody = archived.fullText.map { SQLiteStore.pageSearchBody($0.text) }
            searchBody = CJKText.searchBody(title: archived.article.title, body: columns.plainBody)
                + (pageBody.map { "\n\n" + $0 } ?? "")
            tags = ArchivedArticleColumns.tags(of: archived)
        }
    }

    let db: Database

    /// Stores the articles; call inside a transaction.
    /// - Returns: How many were new.
    func store(_ articles: [Prepared], feedIDs: [FeedID: FeedID]) throws -> Int {
        var counts: [FeedID: (total: Int, unread: Int, starred: Int)] = [:]
        var added = 0
        for prepared in articles {
            let article = prepared.archived.article
            guard let feed = feedIDs[article.feedID] else { throw StoreError.feedNotFound(article.feedID) }
            guard let id = try insert(prepared, into: feed) else { continue }
            try insertTexts(prepared, id: id)
            if let fullText = prepared.archived.fullText, let pageBody = prepared.pageBody {
                try db.cachedStatement(sql: """
                    INSERT INTO article_pages (article_id, url, title, byline, html, text, search_body, fetched_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """).execute(arguments: [id, fullText.url, fullText.title, fullText.byline, fullText.html,
                                             fullText.text, pageBody, fullText.fetchedAt.timeIntervalSince1970])
            }
            for tag in prepared.tags {
                try db.cachedStatement(sql: "INSERT INTO article_tags (article_id, tag) VALUES (?, ?)")
                    .execute(arguments: [id, tag])
            }
            var count = counts[feed] ?? (0, 0, 0)
            count.total += 1
            count.unread += article.state.isRead ? 0 : 1
            count.starred += article.state.isStarred ? 1 : 0
            counts[feed] = count
            added += 1
        }
        guard added > 0 else { return 0 }
        // The rows went in through DirectBinding, which GRDB does not see (see ArticleUpsert).
        try db.notifyChanges(in: Table("articles"))
        for (feed, count) in counts {
            try db.cachedStatement(sql: """
                UPDATE feed_counts SET total = total + ?, unread = unread + ?, starred = starred + ? WHERE feed_id = ?
                """).execute(arguments: [count.total, count.unread, count.starred, feed.rawValue])
        }
        return added
    }

    /// Inserts the `articles` row unless the feed has the identity; returns its identifier when inserted.
    private func insert(_ prepared: Prepared, into feed: FeedID) throws -> Int64? {
        let archived = prepared.archived
        let article = archived.article
        let statement = try db.cachedStatement(sql: """
            INSERT INTO articles (id, feed_id, identity, first_seen, sort_date, title, url, author, authors_json,
                published, updated, enclosures_json, categories_json, comments_url, content_hash, is_read, is_starred,
                is_hidden, episode_json, is_indexed)
            VALUES (\(ArticleIdentifiers.nextSQL), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
            ON CONFLICT (feed_id, identity) DO NOTHING
            """)
        var binding = DirectBinding(statement, in: db)
        binding.add(feed.rawValue)
        binding.add(article.identity)
        binding.add(article.firstSeenAt.timeIntervalSince1970)
        binding.add(archived.sortDate.timeIntervalSince1970)
        binding.add(article.title)
        binding.add(article.url)
        binding.add(prepared.columns.author)
        binding.add(prepared.columns.authors)
        binding.add(article.published?.timeIntervalSince1970)
        binding.add(article.updated?.timeIntervalSince1970)
        binding.add(prepared.columns.enclosures)
        binding.add(prepared.columns.categories)
        binding.add(article.commentsURL)
        binding.add(archived.contentHash)
        binding.add(Int64(article.state.isRead ? 1 : 0))
        binding.add(Int64(article.state.isStarred ? 1 : 0))
        binding.add(Int64(article.state.isHidden ? 1 : 0))
        binding.add(prepared.columns.episode)
        try binding.execute()
        return db.changesCount == 0 ? nil : db.lastInsertedRowID
    }

    private func insertTexts(_ prepared: Prepared, id: Int64) throws {
        let article = prepared.archived.article
        let statement = try db.cachedStatement(sql: """
            INSERT INTO article_texts (article_id, title, summary_type, summary_value, summary_lang, content_type,
                content_value, content_lang, body)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var binding = DirectBinding(statement, in: db)
        binding.add(id)
        binding.add(article.title)
        for text in [article.summary, article.content] {
            binding.add(text?.type.rawValue)
            binding.add(text?.value)
            binding.add(text?.language)
        }
        binding.add(prepared.searchBody)
        try binding.execute()
    }
}
