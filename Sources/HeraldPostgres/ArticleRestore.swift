import Foundation
import HeraldDomain
import PostgresNIO
import HeraldStoreCore

/// Stores a page of archived articles for one user, in parts of ``partSize``, with three statements
/// per part, each taking the part's columns as arrays to `unnest`: the shared `articles` rows (one already stored for the feed and
/// identity, by another user or an earlier run, is kept), the user's `user_articles` rows with
/// read and starred (skipped where the user has the article; the count triggers add the others to
/// `feed_counts`), and the user's tags of the articles that were new to them.
struct ArticleRestore {
    /// One article's derived columns: prepared outside the transaction.
    struct Prepared: Sendable {
        let columns: ArchivedArticleColumns
        /// The `tsvector` literal, as ``PostgresStore/saveFetchedFeed(_:fetchState:for:at:)`` writes it.
        let vector: String
        let tags: [String]

        init(_ archived: ArchivedArticle) {
            columns = ArchivedArticleColumns(archived)
            vector = SearchText.vector(title: archived.article.title, body: columns.plainBody)
            tags = ArchivedArticleColumns.tags(of: archived)
        }
    }

    /// A page of articles as columns.
    struct Page: Sendable {
        var feedIDs: [Int64] = []
        var identities: [String] = []
        var titles: [String] = []
        var urls: [String?] = []
        var authors: [String?] = []
        var authorsJSON: [String?] = []
        var published: [Double?] = []
        var updated: [Double?] = []
        var firstSeen: [Double] = []
        var sortDates: [Double] = []
        var summaryTypes: [String?] = []
        var summaryValues: [String?] = []
        var summaryLanguages: [String?] = []
        var contentTypes: [String?] = []
        var contentValues: [String?] = []
        var contentLanguages: [String?] = []
        var enclosures: [String?] = []
        var categories: [String?] = []
        var commentsURLs: [String?] = []
        var episodes: [String?] = []
        var bodies: [String] = []
        var hashes: [Int64] = []
        var vectors: [String] = []
        var isRead: [Bool] = []
        var isStarred: [Bool] = []
        var isHidden: [Bool] = []
        /// One entry per tag: the article's feed, its identity and the tag.
        var tagFeedIDs: [Int64] = []
        var tagIdentities: [String] = []
        var tags: [String] = []

        /// The page of `articles` in the feeds `feeds` gives (one per article, the destination's),
        /// the derived columns computed on every core.
        static func prepare(_ articles: ArraySlice<ArchivedArticle>, feeds: ArraySlice<Int64>) async -> Page {
            let prepared = await derive(Array(articles))
            var page = Page()
            for (offset, (archived, feed)) in zip(articles, feeds).enumerated() {
                page.append(archived, prepared[offset], feed: feed)
            }
            return page
        }

        /// The derived columns of `articles`, in their order, computed by as many tasks as there are cores.
        private static func derive(_ articles: [ArchivedArticle]) async -> [Prepared] {
            let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, articles.count / 100))
            let size = (articles.count + parts - 1) / max(1, parts)
            guard parts > 1 else { return articles.map(Prepared.init) }
            return await withTaskGroup(of: (Int, [Prepared]).self) { group in
                for (part, start) in stride(from: 0, to: articles.count, by: size).enumerated() {
                    let slice = Array(articles[start..<min(start + size, articles.count)])
                    group.addTask { (part, slice.map(Prepared.init)) }
                }
                var results: [[Prepared]] = Array(repeating: [], count: parts)
                for await (part, prepared) in group { results[part] = prepared }
                return results.flatMap { $0 }
            }
        }

        private mutating func append(_ archived: ArchivedArticle, _ prepared: Prepared, feed: Int64) {
            let article = archived.article
            feedIDs.append(feed)
            identities.append(article.identity)
            titles.append(article.title)
            urls.append(article.url)
            authors.append(prepared.columns.author)
            authorsJSON.append(prepared.columns.authors)
            published.append(article.published?.timeIntervalSince1970)
            updated.append(article.updated?.timeIntervalSince1970)
            firstSeen.append(article.firstSeenAt.timeIntervalSince1970)
            sortDates.append(archived.sortDate.timeIntervalSince1970)
            summaryTypes.append(article.summary?.type.rawValue)
            summaryValues.append(article.summary?.value)
            summaryLanguages.append(article.summary?.language)
            contentTypes.append(article.content?.type.rawValue)
            contentValues.append(article.content?.value)
            contentLanguages.append(article.content?.language)
            enclosures.append(prepared.columns.enclosures)
            categories.append(prepared.columns.categories)
            commentsURLs.append(article.commentsURL)
            episodes.append(prepared.columns.episode)
            bodies.append(prepared.columns.plainBody)
            hashes.append(archived.contentHash)
            vectors.append(prepared.vector)
            isRead.append(article.state.isRead)
            isStarred.append(article.state.isStarred)
            isHidden.append(article.state.isHidden)
            for tag in prepared.tags {
                tagFeedIDs.append(feed)
                tagIdentities.append(article.identity)
                tags.append(tag)
            }
        }
    }

    let connection: PostgresConnection
    let user: Int64

    /// How many articles go into one set of statements: a restored page is written in parts this
    /// large, the next part's columns computed while the last part's statements run.
    static let partSize = 500

    /// The destination's feed of every article.
    /// - Throws: ``StoreError/feedNotFound(_:)`` with the archived identifier of a feed missing from `feedIDs`.
    static func feeds(of articles: [ArchivedArticle], in feedIDs: [FeedID: FeedID]) throws(StoreError) -> [Int64] {
        try articles.map { archived throws(StoreError) in
            guard let feed = feedIDs[archived.article.feedID] else { throw StoreError.feedNotFound(archived.article.feedID) }
            return feed.rawValue
        }
    }

    /// Stores `articles` (in `feeds`) part by part, preparing each part while the one before is
    /// written; call inside a transaction.
    /// - Returns: How many of the articles were new to the user.
    func store(_ articles: [ArchivedArticle], feeds: [Int64]) async throws -> Int {
        let starts = Array(stride(from: 0, to: articles.count, by: Self.partSize))
        func preparing(_ index: Int) -> Task<Page, Never> {
            let range = starts[index]..<min(starts[index] + Self.partSize, articles.count)
            let (part, partFeeds) = (articles[range], feeds[range])
            return Task { await Page.prepare(part, feeds: partFeeds) }
        }
        guard !starts.isEmpty else { return 0 }
        var next = preparing(0)
        defer { next.cancel() }
        var added = 0
        for index in starts.indices {
            let page = await next.value
            if index + 1 < starts.count { next = preparing(index + 1) }
            added += try await store(page)
        }
        for (archived, feed) in zip(articles, feeds) {
            guard let fullText = archived.fullText else { continue }
            try await storeFullText(fullText, identity: archived.article.identity, feed: feed)
        }
        return added
    }

    /// Keeps an archived article's full text unless the article has one, and appends its words to
    /// the article's search vector (as ``PostgresStore/saveFullText(_:for:)`` does).
    private func storeFullText(_ fullText: ArticleFullText, identity: String, feed: Int64) async throws {
        let vector = SearchText.vector(title: "", body: fullText.text)
        try await connection.run("""
            WITH kept AS (
                INSERT INTO article_pages (article_id, url, title, byline, html, text, search, fetched_at)
                SELECT a.id, \(fullText.url), \(fullText.title), \(fullText.byline), \(fullText.html), \(fullText.text),
                    \(vector)::tsvector, \(fullText.fetchedAt.timeIntervalSince1970)
                FROM articles AS a WHERE a.feed_id = \(feed) AND a.identity = \(identity)
                ON CONFLICT (article_id) DO NOTHING
                RETURNING article_id, search
            )
            UPDATE articles SET search = articles.search || kept.search FROM kept WHERE articles.id = kept.article_id
            """)
    }

    /// Stores one part; call inside a transaction.
    /// - Returns: How many of its articles were new to the user.
    private func store(_ page: Page) async throws -> Int {
        try await insertArticles(page)
        var sql = SQLText()
        sql.append("""
            INSERT INTO user_articles (user_id, article_id, feed_id, sort_date, is_read, is_starred, is_hidden)
            SELECT \(sql.bind(user)), a.id, a.feed_id, a.sort_date, k.is_read, k.is_starred, k.is_hidden
            FROM unnest(\(sql.bind(page.feedIDs))::bigint[], \(sql.bind(page.identities))::text[],
                \(sql.bind(page.isRead))::boolean[], \(sql.bind(page.isStarred))::boolean[],
                \(sql.bind(page.isHidden))::boolean[])
                AS k (feed_id, identity, is_read, is_starred, is_hidden),
                articles AS a
            WHERE a.feed_id = k.feed_id AND a.identity = k.identity
            ON CONFLICT (user_id, article_id) DO NOTHING
            RETURNING article_id
            """)
        let added = try await connection.run(sql).all { try $0.decode(Int64.self) }
        if !added.isEmpty && !page.tags.isEmpty {
            var tags = SQLText()
            tags.append("""
                INSERT INTO article_tags (user_id, article_id, tag)
                SELECT \(tags.bind(user)), a.id, t.tag
                FROM unnest(\(tags.bind(page.tagFeedIDs))::bigint[], \(tags.bind(page.tagIdentities))::text[],
                    \(tags.bind(page.tags))::text[]) AS t (feed_id, identity, tag),
                    articles AS a
                WHERE a.feed_id = t.feed_id AND a.identity = t.identity AND a.id = ANY(\(tags.bind(added))::bigint[])
                ON CONFLICT DO NOTHING
                """)
            try await connection.run(tags)
        }
        return added.count
    }

    /// Inserts the shared rows the database does not have yet, with their search vectors.
    private func insertArticles(_ page: Page) async throws {
        var sql = SQLText()
        let columns = [
            sql.bind(page.feedIDs) + "::bigint[]", sql.bind(page.identities) + "::text[]",
            sql.bind(page.titles) + "::text[]", sql.bind(NullableArray(page.urls)) + "::text[]",
            sql.bind(NullableArray(page.authors)) + "::text[]", sql.bind(NullableArray(page.authorsJSON)) + "::text[]",
            sql.bind(NullableArray(page.published)) + "::float8[]", sql.bind(NullableArray(page.updated)) + "::float8[]",
            sql.bind(page.firstSeen) + "::float8[]", sql.bind(page.sortDates) + "::float8[]",
            sql.bind(NullableArray(page.summaryTypes)) + "::text[]", sql.bind(NullableArray(page.summaryValues)) + "::text[]",
            sql.bind(NullableArray(page.summaryLanguages)) + "::text[]",
            sql.bind(NullableArray(page.contentTypes)) + "::text[]", sql.bind(NullableArray(page.contentValues)) + "::text[]",
            sql.bind(NullableArray(page.contentLanguages)) + "::text[]",
            sql.bind(NullableArray(page.enclosures)) + "::text[]", sql.bind(NullableArray(page.categories)) + "::text[]",
            sql.bind(NullableArray(page.commentsURLs)) + "::text[]", sql.bind(page.bodies) + "::text[]",
            sql.bind(page.hashes) + "::bigint[]", sql.bind(NullableArray(page.episodes)) + "::text[]",
            sql.bind(page.vectors) + "::text[]",
        ]
        let names = """
            feed_id, identity, title, url, author, authors_json, published, updated, first_seen, sort_date,
            summary_type, summary_value, summary_lang, content_type, content_value, content_lang, enclosures_json,
            categories_json, comments_url, body, content_hash, episode_json
            """
        sql.append("""
            INSERT INTO articles (\(names), search)
            SELECT \(names), search::tsvector
            FROM unnest(\(columns.joined(separator: ", "))) AS i (\(names), search)
            ON CONFLICT (feed_id, identity) DO NOTHING
            """)
        try await connection.run(sql)
    }
}
