import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Retention")
struct RetentionTests {
    private func dailyItems(_ count: Int) -> [ParsedItem] {
        (0..<count).map {
            StoreFixtures.item("d\($0)", title: "Day \($0)", published: StoreFixtures.epoch.addingTimeInterval(Double($0) * 86_400))
        }
    }

    @Test(arguments: Backend.all) func keepNewestNeverDeletesStarred(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save(dailyItems(10), to: feed.id, in: store)
            let oldest = try #require(try await store.articles(ArticlePageRequest(limit: 100)).articles.last)
            try await store.setStarred(true, for: [oldest.id])

            let deleted = try await store.applyRetention(global: RetentionPolicy(keepNewest: 3), now: StoreFixtures.epoch)

            #expect(deleted == 6)
            let titles = try await store.articles(ArticlePageRequest()).articles.map(\.title)
            #expect(titles == ["Day 9", "Day 8", "Day 7", "Day 0"])
            #expect(try await store.unreadCountsByFeed()[feed.id] == 4)
            #expect(try await store.search(SearchRequest(query: "Day")).hits.count == 4)
        }
    }

    @Test(arguments: Backend.all) func perFeedDaysWinOverGlobalAndStarredStays(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            let other = try await store.addFeed(NewFeed(url: "https://other.example.org/rss"), at: StoreFixtures.epoch).feed
            try await StoreFixtures.save(dailyItems(10), to: feed.id, in: store)
            try await StoreFixtures.save(dailyItems(10), to: other.id, in: store)
            try await store.setSettings(FeedSettings(retention: RetentionPolicy(keepDays: 3)), for: feed.id)
            let starred = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .feed(feed.id)), limit: 100))
                .articles.filter { $0.title == "Day 1" }.map(\.id)
            try await store.setStarred(true, for: starred)
            let now = StoreFixtures.epoch.addingTimeInterval(9 * 86_400)

            let deleted = try await store.applyRetention(global: RetentionPolicy(keepNewest: 8), now: now)

            #expect(deleted == 5 + 2)
            let kept = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .feed(feed.id)))).articles
            #expect(kept.map(\.title) == ["Day 9", "Day 8", "Day 7", "Day 6", "Day 1"])
            #expect(try await store.statistics().starred == 1)
        }
    }
}
