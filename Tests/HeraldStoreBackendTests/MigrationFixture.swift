import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

/// A store worth migrating: feeds with tags, a custom title and settings, a failing hidden feed, a
/// gone feed and an empty one; articles with enclosures, several authors, CJK text, a summary only
/// and no date; read, starred and tagged articles; saved searches, one filtered on a feed.
enum MigrationFixture {
    /// The identifiers of what ``fill(_:)`` stored.
    struct Seeded {
        let news: FeedID
        let failing: FeedID
        let gone: FeedID
        let quiet: FeedID
    }

    static let epoch = StoreFixtures.epoch
    static let kyotoTitle = "京都の紅葉、例年より一週間遅れで見頃に"

    static let newsItems: [ParsedItem] = [
        ParsedItem(identity: "a1", title: TextConstruct(type: .text, value: "Fusion record at the tokamak"),
                   plainTitle: "Fusion record at the tokamak",
                   links: [Link(href: "https://news.example.org/a1", rel: "alternate")],
                   authors: [Person(name: "Ada Lovelace", email: "ada@example.org"), Person(name: "Grace Hopper")],
                   published: epoch.addingTimeInterval(-3_600), updated: epoch,
                   content: TextConstruct(type: .html, value: "<p>The reactor held its plasma for <b>six minutes</b>.</p>", language: "en"),
                   enclosures: [Enclosure(url: "https://cdn.example.org/a1.mp3", type: "audio/mpeg", length: 1_234_567)],
                   categories: [Category(term: "science", scheme: "https://example.org/categories", label: "Science")],
                   comments: "https://news.example.org/a1#comments"),
        ParsedItem(identity: "a2", title: TextConstruct(type: .text, value: kyotoTitle), plainTitle: kyotoTitle,
                   links: [Link(href: "https://news.example.org/a2", rel: "alternate")], authors: [Person(name: "山田太郎")],
                   published: epoch.addingTimeInterval(-7_200),
                   content: TextConstruct(type: .html, value: "<p>京都市内の寺社では、紅葉が見頃を迎えています。</p>", language: "ja")),
        ParsedItem(identity: "a3", title: TextConstruct(type: .text, value: "Solar sails, explained"),
                   plainTitle: "Solar sails, explained", updated: epoch.addingTimeInterval(-10_800),
                   summary: TextConstruct(type: .text, value: "A plain summary about solar sails and light pressure.", language: "en-GB")),
        ParsedItem(identity: "a4", title: TextConstruct(type: .text, value: "Undated note"), plainTitle: "Undated note",
                   content: TextConstruct(type: .xhtml, value: "<div>An undated body with <em>markup</em>.</div>")),
    ]

    static let failingItems: [ParsedItem] = [
        StoreFixtures.item("b1", title: "Server status page moved", body: "<p>The status page has a new address.</p>",
                           published: epoch.addingTimeInterval(-14_400)),
        StoreFixtures.item("b2", title: "Outage report", body: "<p>An outage of the storage cluster.</p>",
                           published: epoch.addingTimeInterval(-18_000)),
    ]

    static let goneItems: [ParsedItem] = [
        StoreFixtures.item("c1", title: "Last post before the feed was removed", body: "<p>Goodbye, and thanks.</p>",
                           published: epoch.addingTimeInterval(-21_600), author: nil),
    ]

    /// Fills an empty store.
    static func fill(_ store: ArchivingStore) async throws -> Seeded {
        let news = try await store.addFeed(NewFeed(url: "https://news.example.org/feed.xml", customTitle: "My News",
                                                   tags: ["news", "science"]), at: epoch).feed.id
        try await store.setSettings(FeedSettings(retention: RetentionPolicy(keepNewest: 50), minimumInterval: 600), for: news)
        _ = try await store.saveFetchedFeed(StoreFixtures.feed(newsItems, title: "Example News"),
                                        fetchState: FetchState(etag: "\"n1\"", lastAttemptAt: epoch, lastSuccessAt: epoch,
                                                               nextDueAt: epoch.addingTimeInterval(1_800)),
                                        for: news, at: epoch)

        let failing = try await store.addFeed(NewFeed(url: "https://failing.example.org/rss", tags: ["ops"], isHidden: true),
                                              at: epoch.addingTimeInterval(10)).feed.id
        _ = try await store.saveFetchedFeed(StoreFixtures.feed(failingItems, title: "Status"), fetchState: FetchState(lastSuccessAt: epoch),
                                        for: failing, at: epoch)
        try await store.updateFetchState(FetchState(
            etag: "\"v42\"", lastModified: "Mon, 16 Jun 2025 08:00:00 GMT", bodyHash: "9f2c", lastAttemptAt: epoch.addingTimeInterval(60),
            lastSuccessAt: epoch, lastError: FeedFailure(kind: .httpError, message: "The server answered 500 Internal Server Error.", status: 500),
            errorCount: 3, nextDueAt: epoch.addingTimeInterval(3_600),
            pendingRedirect: PendingRedirect(target: "https://new.failing.example.org/rss", timesSeen: 1)), for: failing)

        let gone = try await store.addFeed(NewFeed(url: "https://gone.example.org/atom"), at: epoch.addingTimeInterval(20)).feed.id
        _ = try await store.saveFetchedFeed(StoreFixtures.feed(goneItems, title: "Gone Weekly"), fetchState: FetchState(lastSuccessAt: epoch),
                                        for: gone, at: epoch)
        try await store.updateFetchState(FetchState(
            lastAttemptAt: epoch.addingTimeInterval(120), lastSuccessAt: epoch,
            lastError: FeedFailure(kind: .gone, message: "The publisher removed this feed.", status: 410), errorCount: 1, isGone: true),
                                         for: gone)

        let quiet = try await store.addFeed(NewFeed(url: "https://quiet.example.org/feed", tags: ["empty"]),
                                            at: epoch.addingTimeInterval(30)).feed.id
        try await store.finishSaving()

        var ids: [String: ArticleID] = [:]
        for archived in try await store.archivedArticles(after: nil, limit: 100) {
            ids[archived.article.identity] = archived.article.id
        }
        try await store.setRead(true, for: [try #require(ids["a1"]), try #require(ids["b1"])])
        try await store.setStarred(true, for: [try #require(ids["a1"]), try #require(ids["a2"])])
        // A rule hid one: it stays hidden on the other side.
        try await store.setHidden(true, for: [try #require(ids["b1"])])
        try await store.setTags(["later", "ai"], forArticle: try #require(ids["a1"]))
        try await store.setTags(["keep"], forArticle: try #require(ids["c1"]))
        // A kept full text (the page behind a summary-only article) comes along, searchable.
        try await store.saveFullText(ArticleFullText(url: "https://news.example.org/pages/a2", title: "The page",
                                                     byline: "By Ada", html: "<p>Stellarator physics explained.</p>",
                                                     text: "Stellarator physics explained.", fetchedAt: epoch),
                                     for: try #require(ids["a2"]))

        _ = try await store.saveSearch(name: "Kyoto", query: "紅葉", filter: ArticleFilter(scope: .feed(news)))
        _ = try await store.saveSearch(name: "Space", query: "fusion OR solar", filter: ArticleFilter())
        _ = try await store.saveSearch(name: "Ops unread", query: "outage", filter: ArticleFilter(scope: .tag("ops"), unreadOnly: true))
        return Seeded(news: news, failing: failing, gone: gone, quiet: quiet)
    }
}
