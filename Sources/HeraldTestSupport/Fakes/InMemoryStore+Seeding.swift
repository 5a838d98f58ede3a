import Foundation
import HeraldDomain

extension InMemoryStore {
    /// Adds a feed directly, bypassing failures; for arranging a test.
    /// - Returns: The stored feed.
    @discardableResult
    public func seedFeed(url: String, title: String? = nil, tags: [String] = [], isHidden: Bool = false,
                         fetchState: FetchState = FetchState(), addedAt: Date = Date(timeIntervalSince1970: 0)) -> Feed {
        let id = FeedID(nextFeedID)
        nextFeedID += 1
        let feed = Feed(id: id, url: url, title: title, tags: tags, isHidden: isHidden, fetchState: fetchState, addedAt: addedAt)
        feedsByID[id] = feed
        return feed
    }

    /// Adds an article to a feed directly, bypassing failures; for arranging a test.
    /// - Returns: The stored article with its new identifier.
    @discardableResult
    public func seedArticle(in feedID: FeedID, title: String, published: Date, content: TextConstruct? = nil,
                            summary: TextConstruct? = nil, url: String? = nil, authors: [Person] = [],
                            enclosures: [Enclosure] = [], categories: [Category] = [],
                            isRead: Bool = false, isStarred: Bool = false) -> Article {
        let id = ArticleID(nextArticleID)
        nextArticleID += 1
        let article = Article(
            id: id, feedID: feedID, identity: "seed-\(id)", title: title, url: url, authors: authors,
            published: published, summary: summary, content: content, enclosures: enclosures,
            categories: categories, firstSeenAt: published, state: ArticleState(isRead: isRead, isStarred: isStarred))
        articlesByID[id] = article
        return article
    }

    /// The stored user state of an article, or `nil` when there is no such article.
    public func state(of id: ArticleID) -> ArticleState? { articlesByID[id]?.state }

    /// How many times `operation` was called.
    public func count(of operation: Operation) -> Int { operationCounts[operation, default: 0] }
}
