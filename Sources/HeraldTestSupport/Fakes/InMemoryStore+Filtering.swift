import Foundation
import HeraldDomain

extension InMemoryStore {
    /// The newest-first sort key of an article: its sort date, then its identifier.
    static func key(of article: Article) -> (Date, ArticleID) { (article.sortDate, article.id) }

    /// The articles a filter covers, newest first.
    func matching(_ filter: ArticleFilter) -> [Article] {
        articlesByID.values
            .filter { covers(filter, $0) }
            .sorted { Self.key(of: $0) > Self.key(of: $1) }
    }

    func covers(_ filter: ArticleFilter, _ article: Article) -> Bool {
        if filter.unreadOnly && article.state.isRead { return false }
        if filter.starredOnly && !article.state.isStarred { return false }
        if let since = filter.since, article.sortDate < since { return false }
        if let until = filter.until, article.sortDate >= until { return false }
        if let since = filter.firstSeenSince, article.firstSeenAt < since { return false }
        guard let feed = feedsByID[article.feedID] else { return false }
        if article.state.isHidden != (filter.scope == .hidden) { return false }
        switch filter.scope {
        case .hidden:
            return true
        case .all:
            return !feed.isHidden
        case .feed(let id):
            return feed.id == id
        case .tag(let tag):
            return feed.tags.contains(tag)
        case .savedSearch(let id):
            guard let saved = searchesByID[id], let terms = try? SubstringQuery(saved.query) else { return false }
            return covers(saved.filter, article) && terms.matches(article)
        }
    }

    /// The list row of an article.
    func summary(of article: Article) -> ArticleSummary {
        ArticleSummary(
            id: article.id, feedID: article.feedID, feedTitle: feedsByID[article.feedID]?.displayTitle ?? "",
            title: article.title, url: article.url, author: article.authors.first?.displayName,
            date: article.sortDate, isRead: article.state.isRead, isStarred: article.state.isStarred)
    }
}
