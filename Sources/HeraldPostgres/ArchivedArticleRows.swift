import Foundation
import HeraldDomain
import PostgresNIO

/// Reads pages of a user's whole articles, with their texts, state and tags, for
/// ``PostgresStore/archivedArticles(after:limit:)``.
enum ArchivedArticleRows {
    /// Up to `limit` of the user's articles with identifiers greater than `after`, in identifier order.
    static func page(_ connection: PostgresConnection, user: Int64, after: ArticleID?, limit: Int) async throws
        -> [ArchivedArticle] {
        let decoder = JSONDecoder()
        func decode<T: Decodable>(_ type: T.Type, _ text: String?) -> T? {
            guard let text else { return nil }
            return try? decoder.decode(type, from: Data(text.utf8))
        }
        let rows = try await connection.run("""
            SELECT a.id, a.feed_id, a.identity, a.title, a.url, a.author, a.authors_json, a.published, a.updated,
                a.first_seen, a.sort_date, a.enclosures_json, a.categories_json, a.comments_url, a.content_hash,
                ua.is_read, ua.is_starred, a.summary_type, a.summary_value, a.summary_lang, a.content_type,
                a.content_value, a.content_lang
            FROM user_articles AS ua JOIN articles AS a ON a.id = ua.article_id
            WHERE ua.user_id = \(user) AND ua.article_id > \(after?.rawValue ?? 0)
            ORDER BY ua.article_id LIMIT \(limit)
            """).all { $0.makeRandomAccess() }
        var articles: [ArchivedArticle] = []
        articles.reserveCapacity(rows.count)
        for row in rows {
            func text(at index: Int) throws -> TextConstruct? {
                guard let typeName = try row[index].decode(String?.self), let type = TextType(rawValue: typeName),
                      let value = try row[index + 1].decode(String?.self) else { return nil }
                return TextConstruct(type: type, value: value, language: try row[index + 2].decode(String?.self))
            }
            var authors = decode([Person].self, try row[6].decode(String?.self)) ?? []
            if authors.isEmpty, let name = try row[5].decode(String?.self) { authors = [Person(name: name)] }
            let article = Article(
                id: ArticleID(try row[0].decode(Int64.self)), feedID: FeedID(try row[1].decode(Int64.self)),
                identity: try row[2].decode(String.self), title: try row[3].decode(String.self),
                url: try row[4].decode(String?.self), authors: authors,
                published: try row[7].decode(Double?.self).map(Date.init(timeIntervalSince1970:)),
                updated: try row[8].decode(Double?.self).map(Date.init(timeIntervalSince1970:)),
                summary: try text(at: 17), content: try text(at: 20),
                enclosures: decode([Enclosure].self, try row[11].decode(String?.self)) ?? [],
                categories: decode([HeraldDomain.Category].self, try row[12].decode(String?.self)) ?? [],
                commentsURL: try row[13].decode(String?.self),
                firstSeenAt: Date(timeIntervalSince1970: try row[9].decode(Double.self)),
                state: ArticleState(isRead: try row[15].decode(Bool.self), isStarred: try row[16].decode(Bool.self)))
            articles.append(ArchivedArticle(article: article, sortDate: Date(timeIntervalSince1970: try row[10].decode(Double.self)),
                                            contentHash: try row[14].decode(Int64.self)))
        }
        guard !articles.isEmpty else { return [] }
        let ids = articles.map(\.article.id.rawValue)
        var fullTexts: [Int64: ArticleFullText] = [:]
        for (id, url, title, byline, html, text, fetched) in try await connection.run("""
            SELECT article_id, url, title, byline, html, text, fetched_at FROM article_pages
            WHERE article_id = ANY(\(ids)) AND text IS NOT NULL
            """).all({ try $0.decode((Int64, String, String?, String?, String?, String, Double).self) }) {
            fullTexts[id] = ArticleFullText(url: url, title: title ?? "", byline: byline, html: html ?? "", text: text,
                                            fetchedAt: Date(timeIntervalSince1970: fetched))
        }
        if !fullTexts.isEmpty {
            for index in articles.indices {
                articles[index].fullText = fullTexts[articles[index].article.id.rawValue]
            }
        }
        var tags: [Int64: [String]] = [:]
        for (id, tag) in try await connection.run("""
            SELECT article_id, tag FROM article_tags WHERE user_id = \(user) AND article_id = ANY(\(ids))
            ORDER BY article_id, tag COLLATE "C"
            """).all({ try $0.decode((Int64, String).self) }) {
            tags[id, default: []].append(tag)
        }
        guard !tags.isEmpty else { return articles }
        for index in articles.indices {
            articles[index].article.state.tags = tags[articles[index].article.id.rawValue] ?? []
        }
        return articles
    }
}
