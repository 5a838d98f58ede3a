#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// What the sync APIs read: pages of entries with their bodies as sanitised HTML, one entry, and
/// counts per feed. Protocol shapes (ids, JSON) are the sync front end's; which articles and in
/// what state is decided here, over the store's ports.
public struct SyncInteractor: Sendable {
    private let articles: any ArticleStoring
    private let sanitizer: any HTMLSanitizing
    private let fullTexts: (any FullTextStoring)?
    private let icons: (any FeedIconStoring)?
    private let search: (any ArticleSearching)?
    /// How many summaries are read from the store at a time while counting or skipping.
    private let batch = 1_000

    /// Creates the use cases.
    /// - Parameter fullTexts: Articles' kept full texts, served as their content instead of the
    ///   feed's teaser (what Miniflux's "fetch original content" gives its clients); `nil` serves
    ///   the feeds' texts only.
    /// - Parameter icons: Feeds' icons; `nil` serves none.
    /// - Parameter search: The saved searches, served as labels where a protocol has them; `nil` serves none.
    public init(articles: any ArticleStoring, sanitizer: any HTMLSanitizing, fullTexts: (any FullTextStoring)? = nil,
                icons: (any FeedIconStoring)? = nil, search: (any ArticleSearching)? = nil) {
        self.icons = icons
        self.search = search
        self.articles = articles
        self.sanitizer = sanitizer
        self.fullTexts = fullTexts
    }

    /// A page of entries.
    ///
    /// The store pages by keyset (newest first), so an offset is walked through summaries, and an
    /// oldest-first page reads the whole selection's ids: right for a feed's hundred newest, slow
    /// for a million articles (the Google Reader API's continuation, keyed by position, is the fast path).
    public func entries(_ request: SyncEntryRequest) async throws(StoreError) -> SyncEntryPage {
        var summaries = try await allSummaries(request.filter)
        if request.readOnly { summaries.removeAll { !$0.isRead } }
        if request.unstarredOnly { summaries.removeAll(where: \.isStarred) }
        if let feeds = request.feeds { summaries.removeAll { !feeds.contains($0.feedID) } }
        if let query = request.query {
            let matching = Set(try await articles.articleIDs(ArticleIDRequest(filter: request.filter, query: query)))
            summaries.removeAll { !matching.contains($0.id) }
        }
        if let after = request.afterID { summaries.removeAll { $0.id <= after } }
        if let before = request.beforeID { summaries.removeAll { $0.id >= before } }
        Self.sort(&summaries, by: request.order)
        let ordered = request.newestFirst ? summaries : summaries.reversed()
        let start = min(max(0, request.offset), ordered.count)
        let end = start + min(max(0, request.limit), ordered.count - start)
        let entries = try await self.entries(ordered[start..<end].map(\.id))
        return SyncEntryPage(entries: entries, total: summaries.count)
    }

    /// The person's saved searches, in name order.
    public func savedSearches() async throws(StoreError) -> [SavedSearch] {
        try await search?.savedSearches().sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending } ?? []
    }

    /// Unread articles matching each saved search (each search's query is run).
    public func unreadCountsBySavedSearch() async throws(StoreError) -> [SavedSearchID: Int] {
        try await search?.unreadCountsBySavedSearch() ?? [:]
    }

    /// The icons of the person's feeds (feeds without one are absent).
    public func feedIcons() async throws(StoreError) -> [FeedIcon] {
        try await icons?.icons() ?? []
    }

    /// The person's feeds that have an icon.
    public func feedsWithIcons() async throws(StoreError) -> Set<FeedID> {
        try await icons?.feedsWithIcons() ?? []
    }

    /// A feed's icon, if it has one.
    public func feedIcon(for feed: FeedID) async throws(StoreError) -> FeedIcon? {
        try await icons?.icon(for: feed)
    }

    /// Sorts summaries that are in the store's order (newest first) into `order`, "newest first"
    /// (largest key first), ties in the store's order.
    static func sort(_ summaries: inout [ArticleSummary], by order: SyncEntryOrder) {
        let key: (ArticleSummary) -> Int64
        switch order {
        case .date: return
        case .id: key = { $0.id.rawValue }
        case .status: key = { $0.isRead ? 0 : 1 }
        case .feedRank(let ranks): key = { Int64(ranks[$0.feedID] ?? Int.max) }
        }
        let position = Dictionary(uniqueKeysWithValues: summaries.enumerated().map { ($0.element.id, $0.offset) })
        summaries.sort { left, right in
            let (a, b) = (key(left), key(right))
            return a != b ? a > b : position[left.id, default: 0] < position[right.id, default: 0]
        }
    }

    /// Article ids in id order (the order id-keyed protocols page in).
    public func ids(_ request: ArticleIDRequest) async throws(StoreError) -> [ArticleID] {
        try await articles.articleIDs(request)
    }

    /// The entries with these ids, in the order given; ids with no article are left out.
    public func entries(_ ids: [ArticleID]) async throws(StoreError) -> [SyncEntry] {
        let found = try await articles.articles(withIDs: ids)
        let full = try await fullTexts?.fullTexts(of: found.map(\.id)) ?? [:]
        return found.map { entry(from: $0, fullText: full[$0.id]) }
    }

    /// One entry.
    public func entry(_ id: ArticleID) async throws(StoreError) -> SyncEntry {
        let article = try await articles.article(id)
        return entry(from: article, fullText: try await fullTexts?.fullTexts(of: [id])[id])
    }

    /// A page of summaries in the store's order (newest first), after a keyset cursor: a
    /// continuation that never loses or repeats an article while new ones arrive between pages.
    /// `readOnly` keeps only read articles (then a page may hold fewer than `limit`, and `next` is
    /// where the scan stopped).
    public func page(_ filter: ArticleFilter, readOnly: Bool = false, limit: Int,
                     after cursor: PageCursor?) async throws(StoreError) -> ArticlePage {
        guard readOnly else {
            return try await articles.articles(ArticlePageRequest(filter: filter, limit: limit, after: cursor))
        }
        var kept: [ArticleSummary] = []
        var next = cursor
        repeat {
            let page = try await articles.articles(ArticlePageRequest(filter: filter, limit: max(limit, 100), after: next))
            for summary in page.articles where summary.isRead {
                kept.append(summary)
                if kept.count == limit { return ArticlePage(articles: kept, next: summary.cursor) }
            }
            next = page.next
        } while next != nil
        return ArticlePage(articles: kept, next: nil)
    }

    /// The keys (date and id) of ``page(_:readOnly:limit:after:)``'s page, read without the
    /// articles' texts where the store can (an id list with a continuation).
    public func keyPage(_ filter: ArticleFilter, readOnly: Bool = false, limit: Int,
                        after cursor: PageCursor?) async throws(StoreError) -> ArticleKeyPage {
        guard readOnly else { return try await articles.articleKeys(ArticlePageRequest(filter: filter, limit: limit, after: cursor)) }
        let page = try await page(filter, readOnly: true, limit: limit, after: cursor)
        return ArticleKeyPage(keys: page.articles.map(\.cursor), next: page.next)
    }

    /// The same summaries oldest first, after a cursor in that order (Google Reader's `r=o`): the
    /// whole selection is read, so this is the slow direction on a large store.
    public func pageOldestFirst(_ filter: ArticleFilter, readOnly: Bool = false, limit: Int,
                                after cursor: PageCursor?) async throws(StoreError) -> ArticlePage {
        var all = try await allSummaries(filter)
        if readOnly { all.removeAll { !$0.isRead } }
        all.reverse()
        if let cursor {
            all.removeAll { ($0.date, $0.id.rawValue) <= (cursor.date, cursor.id.rawValue) }
        }
        let chosen = Array(all.prefix(limit))
        return ArticlePage(articles: chosen, next: all.count > limit ? chosen.last?.cursor : nil)
    }

    /// Unread articles per tag.
    public func unreadCountsByTag() async throws(StoreError) -> [String: Int] {
        try await articles.unreadCountsByTag()
    }

    /// Unread articles per feed (feeds with none are absent).
    public func unreadCounts() async throws(StoreError) -> [FeedID: Int] {
        try await articles.unreadCountsByFeed()
    }

    /// Every article of a filter as summaries, newest first.
    private func allSummaries(_ filter: ArticleFilter) async throws(StoreError) -> [ArticleSummary] {
        var all: [ArticleSummary] = []
        var cursor: PageCursor?
        repeat {
            let page = try await articles.articles(ArticlePageRequest(filter: filter, limit: batch, after: cursor))
            all += page.articles
            cursor = page.next
        } while cursor != nil
        return all
    }

    /// An entry; a kept full text is its content (sanitised again: it goes to other programs).
    private func entry(from article: Article, fullText: ArticleFullText?) -> SyncEntry {
        let body = fullText.map { sanitizer.sanitize(html: $0.html, baseURL: $0.url) } ?? html(article)
        return SyncEntry(id: article.id, feedID: article.feedID, title: article.title, url: article.url,
                  author: article.authors.first?.displayName, commentsURL: article.commentsURL,
                  date: article.sortDate, firstSeenAt: article.firstSeenAt, html: body,
                  enclosures: article.enclosures, isRead: article.state.isRead, isStarred: article.state.isStarred,
                  identity: article.identity)
    }

    private func html(_ article: Article) -> String {
        guard let body = article.content ?? article.summary else { return "" }
        switch body.type {
        case .html, .xhtml:
            return sanitizer.sanitize(html: body.value, baseURL: article.url)
        case .text:
            return body.value.split(separator: "\n\n", omittingEmptySubsequences: true)
                .map { "<p>" + Self.escaped(String($0)) + "</p>" }.joined()
        }
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
