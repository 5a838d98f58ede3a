import Foundation
import HeraldDomain
import Testing

/// Compares a migrated store with its source, the identifiers translated.
enum MigrationComparison {
    /// Expects the same feeds (subscription and fetch state) and the same articles (every column,
    /// state and tags) in both stores.
    /// - Returns: The destination's feed identifiers, keyed by the source's.
    @discardableResult
    static func expectSameContent(_ source: ArchivingStore, _ destination: ArchivingStore) async throws -> [FeedID: FeedID] {
        let sourceFeeds = try await source.archivedFeeds()
        let destinationFeeds = Dictionary(uniqueKeysWithValues: try await destination.archivedFeeds().map { ($0.url, $0) })
        #expect(destinationFeeds.count == sourceFeeds.count)
        var feedIDs: [FeedID: FeedID] = [:]
        for feed in sourceFeeds {
            var copy = try #require(destinationFeeds[feed.url], "\(feed.url) was not copied")
            feedIDs[feed.id] = copy.id
            copy.id = feed.id
            #expect(copy == feed)
        }

        let sourceArticles = try await allArticles(of: source)
        let destinationArticles = try await allArticles(of: destination)
        #expect(destinationArticles.count == sourceArticles.count)
        let copies = Dictionary(uniqueKeysWithValues: destinationArticles.map { ("\($0.article.feedID)/\($0.article.identity)", $0) })
        for archived in sourceArticles {
            let feed = try #require(feedIDs[archived.article.feedID])
            var copy = try #require(copies["\(feed)/\(archived.article.identity)"], "\(archived.article.identity) was not copied")
            copy.article.id = archived.article.id
            copy.article.feedID = archived.article.feedID
            #expect(copy == archived)
        }
        return feedIDs
    }

    /// Expects lists, counts, searches and saved searches to show the same in both stores.
    static func expectSameViews(_ source: ArchivingStore, _ destination: ArchivingStore, feedIDs: [FeedID: FeedID],
                                seeded: MigrationFixture.Seeded) async throws {
        for filter in [ArticleFilter(scope: .all), ArticleFilter(scope: .tag("ops")), ArticleFilter(scope: .all, starredOnly: true)] {
            #expect(try await rows(of: destination, filter) == (try await rows(of: source, filter)))
        }
        let failing = try #require(feedIDs[seeded.failing])
        #expect(try await rows(of: destination, ArticleFilter(scope: .feed(failing)))
                == (try await rows(of: source, ArticleFilter(scope: .feed(seeded.failing)))))

        let before = try await source.statistics()
        let after = try await destination.statistics()
        let totals: (StoreStatistics) -> [Int] = { [$0.feeds, $0.articles, $0.unread, $0.starred, $0.failingFeeds] }
        #expect(totals(after) == totals(before))
        #expect(totals(after) == [4, 7, 5, 2, 2])
        let unread = try await source.unreadCountsByFeed()
        #expect(try await destination.unreadCountsByFeed() == Dictionary(uniqueKeysWithValues: unread.map { (feedIDs[$0.key]!, $0.value) }))
        #expect(try await destination.unreadCountsByTag() == (try await source.unreadCountsByTag()))

        // The failing feed is hidden: only a search within its tag finds its articles.
        for (query, scope) in [("紅葉", ArticleScope.all), ("fusion OR solar", .all), ("title:solar", .all), ("plasma", .all),
                               ("outage", .tag("ops")), ("stellarator", .all)] {
            let found = try await titles(of: destination, query, in: scope)
            #expect(found == (try await titles(of: source, query, in: scope)), "\(query)")
            #expect(!found.isEmpty, "\(query) finds something")
            #expect(!found.isEmpty, "\(query)")
        }
        #expect(try await titles(of: destination, "紅葉", in: .all) == [MigrationFixture.kyotoTitle])

        let saved = Dictionary(uniqueKeysWithValues: try await destination.savedSearches().map { ($0.name, $0) })
        let kyoto = try #require(saved["Kyoto"])
        let news = try #require(feedIDs[seeded.news])
        #expect(kyoto.filter == ArticleFilter(scope: .feed(news)))
        #expect(saved["Ops unread"]?.filter == ArticleFilter(scope: .tag("ops"), unreadOnly: true))
        #expect(try await destination.articles(ArticlePageRequest(filter: ArticleFilter(scope: .savedSearch(kyoto.id))))
            .articles.map(\.title) == [MigrationFixture.kyotoTitle])
        let sourceSaved = Dictionary(uniqueKeysWithValues: try await source.savedSearches().map { ($0.id, $0.name) })
        let sourceCounts = try await source.unreadCountsBySavedSearch()
        let destinationCounts = try await destination.unreadCountsBySavedSearch()
        for (name, search) in saved {
            let sourceID = try #require(sourceSaved.first { $0.value == name }?.key)
            #expect(destinationCounts[search.id, default: 0] == sourceCounts[sourceID, default: 0], "\(name)")
        }
    }

    /// Every archived article, read three at a time.
    static func allArticles(of store: ArchivingStore) async throws -> [ArchivedArticle] {
        var articles: [ArchivedArticle] = []
        while true {
            let page = try await store.archivedArticles(after: articles.last?.article.id, limit: 3)
            guard !page.isEmpty else { return articles }
            articles += page
        }
    }

    /// A list page without identifiers.
    private static func rows(of store: ArchivingStore, _ filter: ArticleFilter) async throws -> [String] {
        try await store.articles(ArticlePageRequest(filter: filter, limit: 50)).articles.map {
            "\($0.feedTitle)|\($0.title)|\($0.url ?? "-")|\($0.author ?? "-")|\($0.date.timeIntervalSince1970)|\($0.isRead)|\($0.isStarred)"
        }
    }

    /// The titles a search finds, sorted (the stores rank alike but not identically).
    private static func titles(of store: ArchivingStore, _ query: String, in scope: ArticleScope) async throws -> [String] {
        try await store.search(SearchRequest(query: query, filter: ArticleFilter(scope: scope), limit: 50)).hits.map(\.article.title).sorted()
    }
}
