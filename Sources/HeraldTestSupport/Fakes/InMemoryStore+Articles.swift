import Foundation
import HeraldDomain

extension InMemoryStore {
    /// Nothing is deferred in memory; counted as a `writeFeeds` operation so tests see the call.
    public func finishSaving() async throws(StoreError) {
        try check(.writeFeeds)
    }

    /// Stores a parsed feed: new items inserted, known ones updated with the user's state kept.
    public func saveFetchedFeed(_ parsed: ParsedFeed, fetchState: FetchState, for id: FeedID, at date: Date)
        async throws(StoreError) -> StoreOutcome {
        try check(.writeFeeds)
        try updateFeed(id) {
            $0.title = parsed.plainTitle ?? $0.title
            $0.siteURL = parsed.siteURL ?? $0.siteURL
            $0.fetchState = fetchState
        }
        var outcome = StoreOutcome(inserted: 0, updated: 0, unchanged: 0)
        for item in parsed.items {
            let existing = articlesByID.values.first { $0.feedID == id && $0.identity == item.identity }
            var article = Article(
                id: existing?.id ?? ArticleID(nextArticleID), feedID: id, identity: item.identity,
                title: item.plainTitle ?? "", url: item.url, authors: item.authors, published: item.published,
                updated: item.updated, summary: item.summary, content: item.content, enclosures: item.enclosures,
                categories: item.categories, commentsURL: item.comments,
                firstSeenAt: existing?.firstSeenAt ?? date, state: existing?.state ?? ArticleState())
            if let existing {
                article.id = existing.id
                if existing == article { outcome.unchanged += 1 } else { outcome.updated += 1 }
            } else {
                nextArticleID += 1
                outcome.inserted += 1
            }
            articlesByID[article.id] = article
        }
        return outcome
    }

    // MARK: ArticleStoring

    /// One article with its body.
    public func article(_ id: ArticleID) async throws(StoreError) -> Article {
        try check(.readArticles)
        guard let article = articlesByID[id] else { throw .articleNotFound(id) }
        return article
    }

    /// One newest-first page after the request's cursor.
    public func articles(_ request: ArticlePageRequest) async throws(StoreError) -> ArticlePage {
        try check(.readArticles)
        var rows = matching(request.filter)
        if let after = request.after {
            rows = rows.filter { Self.key(of: $0) < (after.date, after.id) }
        }
        let page = rows.prefix(max(request.limit, 0)).map(summary(of:))
        let next = rows.count > page.count ? page.last?.cursor : nil
        return ArticlePage(articles: Array(page), next: next)
    }

    /// The articles with these ids, in the order given.
    public func articles(withIDs ids: [ArticleID]) async throws(StoreError) -> [Article] {
        try check(.readArticles)
        return ids.compactMap { articlesByID[$0] }
    }

    /// Article ids in id order.
    public func articleIDs(_ request: ArticleIDRequest) async throws(StoreError) -> [ArticleID] {
        try check(.readArticles)
        let query = try request.query.map { query throws(StoreError) in try SubstringQuery(query) }
        var ids = matching(request.filter)
            .filter { !request.readOnly || $0.state.isRead }
            .filter { query?.matches($0) ?? true }
            .filter { article in request.firstSeenSince.map { article.firstSeenAt >= $0 } ?? true }
            .map(\.id)
            .filter { id in
                (request.after.map { id.rawValue > $0.rawValue } ?? true)
                    && (request.before.map { id.rawValue < $0.rawValue } ?? true)
            }
            .sorted { $0.rawValue < $1.rawValue }
        if !request.ascending { ids.reverse() }
        if let limit = request.limit { ids = Array(ids.prefix(max(0, limit))) }
        return ids
    }

    /// The articles just newer and just older than `id` within a filter.
    public func neighbours(of id: ArticleID, in filter: ArticleFilter)
        async throws(StoreError) -> (newer: ArticleID?, older: ArticleID?) {
        try check(.readArticles)
        guard let article = articlesByID[id] else { throw .articleNotFound(id) }
        let key = Self.key(of: article)
        let rows = matching(filter).filter { $0.id != id }
        let newer = rows.last { Self.key(of: $0) > key }
        let older = rows.first { Self.key(of: $0) < key }
        return (newer?.id, older?.id)
    }

    /// The next unread: older in the same feed first, then older anywhere, then the newest unread.
    public func nextUnread(after id: ArticleID?, in filter: ArticleFilter) async throws(StoreError) -> ArticleID? {
        try check(.readArticles)
        let unread = matching(filter).filter { !$0.state.isRead && $0.id != id }
        guard let id, let current = articlesByID[id] else { return unread.first?.id }
        let key = Self.key(of: current)
        let older = unread.filter { Self.key(of: $0) < key }
        return (older.first { $0.feedID == current.feedID } ?? older.first ?? unread.first)?.id
    }

    /// The nearest unread article newer than `id`, or the oldest unread when `id` is nil.
    public func previousUnread(before id: ArticleID?, in filter: ArticleFilter) async throws(StoreError) -> ArticleID? {
        try check(.readArticles)
        let unread = matching(filter).filter { !$0.state.isRead && $0.id != id }
        guard let id, let current = articlesByID[id] else { return unread.last?.id }
        let key = Self.key(of: current)
        return unread.last { Self.key(of: $0) > key }?.id
    }

    /// Marks articles read or unread.
    public func setRead(_ isRead: Bool, for ids: [ArticleID]) async throws(StoreError) {
        try check(.writeArticles)
        try updateArticles(ids) { $0.state.isRead = isRead }
    }

    /// Stars or unstars articles.
    public func setStarred(_ isStarred: Bool, for ids: [ArticleID]) async throws(StoreError) {
        try check(.writeArticles)
        try updateArticles(ids) { $0.state.isStarred = isStarred }
    }

    /// Hides articles or shows them again.
    public func setHidden(_ isHidden: Bool, for ids: [ArticleID]) async throws(StoreError) {
        try check(.writeArticles)
        try updateArticles(ids) { $0.state.isHidden = isHidden }
    }

    /// Replaces an article's user tags.
    public func setTags(_ tags: [String], forArticle id: ArticleID) async throws(StoreError) {
        try check(.writeArticles)
        try updateArticles([id]) { $0.state.tags = tags }
    }

    /// Marks every unread article in a filter read.
    public func markAllRead(in filter: ArticleFilter) async throws(StoreError) -> Int {
        try check(.writeArticles)
        let ids = matching(filter).filter { !$0.state.isRead }.map(\.id)
        try updateArticles(ids) { $0.state.isRead = true }
        return ids.count
    }

    /// Unread counts per feed; feeds without unread articles are absent.
    public func unreadCountsByFeed() async throws(StoreError) -> [FeedID: Int] {
        try check(.counts)
        return articlesByID.values.filter { !$0.state.isRead }.reduce(into: [:]) { $0[$1.feedID, default: 0] += 1 }
    }

    /// Unread counts per feed tag.
    public func unreadCountsByTag() async throws(StoreError) -> [String: Int] {
        try check(.counts)
        var counts: [String: Int] = [:]
        for article in articlesByID.values where !article.state.isRead {
            for tag in feedsByID[article.feedID]?.tags ?? [] { counts[tag, default: 0] += 1 }
        }
        return counts
    }

    /// Totals over the store; the database size is always zero.
    public func statistics() async throws(StoreError) -> StoreStatistics {
        try check(.counts)
        let all = articlesByID.values
        return StoreStatistics(
            feeds: feedsByID.count, articles: all.count, unread: all.filter { !$0.state.isRead }.count,
            starred: all.filter(\.state.isStarred).count,
            failingFeeds: feedsByID.values.filter { $0.fetchState.lastError != nil }.count, databaseBytes: 0,
            lastRefreshedAt: feedsByID.values.compactMap(\.fetchState.lastSuccessAt).max())
    }

    /// Deletes unstarred articles beyond each feed's policy (or `global`).
    public func applyRetention(global: RetentionPolicy, now: Date) async throws(StoreError) -> Int {
        try check(.writeArticles)
        var deleted = 0
        for feed in feedsByID.values {
            let policy = feed.settings.retention ?? global
            let rows = articlesByID.values.filter { $0.feedID == feed.id }.sorted { Self.key(of: $0) > Self.key(of: $1) }
            for (index, article) in rows.enumerated() where !article.state.isStarred {
                let tooMany = policy.keepNewest.map { index >= $0 } ?? false
                let tooOld = policy.keepDays.map { article.sortDate < now.addingTimeInterval(-Double($0) * 86_400) } ?? false
                if tooMany || tooOld {
                    articlesByID[article.id] = nil
                    deleted += 1
                }
            }
        }
        return deleted
    }

    func updateArticles(_ ids: [ArticleID], _ change: (inout Article) -> Void) throws(StoreError) {
        for id in ids where articlesByID[id] == nil { throw .articleNotFound(id) }
        for id in ids { change(&articlesByID[id]!) }
    }
}
