import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Lists, state and counts")
struct ListingTests {
    @Test(arguments: Backend.all) func keysetPagesCoverEveryRowOnceWithEqualDates(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            let sameDay = StoreFixtures.epoch
            let items = (0..<23).map { index in
                StoreFixtures.item("item-\(index)", title: "Story \(index)",
                                   published: index < 15 ? sameDay : sameDay.addingTimeInterval(Double(index)))
            }
            try await StoreFixtures.save(items, to: feed.id, in: store)
            var seen: [ArticleID] = []
            var cursor: PageCursor?
            var pages = 0
            repeat {
                let page = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .feed(feed.id)),
                                                                       limit: 5, after: cursor))
                seen += page.articles.map(\.id)
                #expect(page.articles.count <= 5)
                cursor = page.next
                pages += 1
            } while cursor != nil
            #expect(pages == 5)
            #expect(seen.count == 23 && Set(seen).count == 23)
            let all = try await store.articles(ArticlePageRequest(limit: 100)).articles
            #expect(all.map(\.id) == seen)
            #expect(all.first?.title == "Story 22")
            #expect(zip(all, all.dropFirst()).allSatisfy { ($0.date, $0.id) > ($1.date, $1.id) })
        }
    }

    @Test(arguments: Backend.all) func filtersByStateTagDateAndHiddenFeeds(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed(tags: ["tech"]) { (store: AnyStore, tech: Feed) async throws in
            let hidden = try await store.addFeed(NewFeed(url: "https://noise.example.net/rss", isHidden: true),
                                                 at: StoreFixtures.epoch).feed
            try await StoreFixtures.save((0..<4).map {
                StoreFixtures.item("t\($0)", title: "Tech \($0)", published: StoreFixtures.epoch.addingTimeInterval(Double($0) * 86_400))
            }, to: tech.id, in: store)
            try await StoreFixtures.save([StoreFixtures.item("n", title: "Noise")], to: hidden.id, in: store)
            let techRows = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .tag("tech")))).articles
            try await store.setRead(true, for: [techRows[0].id])
            try await store.setStarred(true, for: [techRows[1].id])

            func titles(_ filter: ArticleFilter) async throws -> [String] {
                try await store.articles(ArticlePageRequest(filter: filter)).articles.map(\.title)
            }
            #expect(try await titles(ArticleFilter()) == ["Tech 3", "Tech 2", "Tech 1", "Tech 0"])
            #expect(try await titles(ArticleFilter(scope: .feed(hidden.id))) == ["Noise"])
            #expect(try await titles(ArticleFilter(unreadOnly: true)) == ["Tech 2", "Tech 1", "Tech 0"])
            #expect(try await titles(ArticleFilter(starredOnly: true)) == ["Tech 2"])
            let since = StoreFixtures.epoch.addingTimeInterval(86_400)
            let until = StoreFixtures.epoch.addingTimeInterval(3 * 86_400)
            #expect(try await titles(ArticleFilter(since: since, until: until)) == ["Tech 2", "Tech 1"])
            #expect(try await titles(ArticleFilter(scope: .tag("none"))).isEmpty)
        }
    }

    @Test(arguments: Backend.all) func unreadCountsFollowMarksUpdatesAndDeletes(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed(tags: ["news"]) { (store: AnyStore, first: Feed) async throws in
            let second = try await store.addFeed(NewFeed(url: "https://second.example.org/feed", tags: ["news", "local"]),
                                                 at: StoreFixtures.epoch).feed
            try await StoreFixtures.save((0..<5).map { StoreFixtures.item("a\($0)", title: "A \($0)") }, to: first.id, in: store)
            try await StoreFixtures.save((0..<3).map { StoreFixtures.item("b\($0)", title: "B \($0)") }, to: second.id, in: store)
            #expect(try await store.unreadCountsByFeed() == [first.id: 5, second.id: 3])
            #expect(try await store.unreadCountsByTag() == ["news": 8, "local": 3])

            let rows = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .feed(first.id)))).articles
            try await store.setRead(true, for: [rows[0].id, rows[1].id])
            try await store.setRead(true, for: [rows[0].id])
            #expect(try await store.unreadCountsByFeed()[first.id] == 3)
            try await StoreFixtures.save((0..<5).map { StoreFixtures.item("a\($0)", title: "A \($0) revised") }, to: first.id, in: store)
            #expect(try await store.unreadCountsByFeed()[first.id] == 3)
            #expect(try await store.markAllRead(in: ArticleFilter(scope: .tag("local"))) == 3)
            #expect(try await store.unreadCountsByFeed() == [first.id: 3])
            try await store.setRead(false, for: [rows[0].id])
            #expect(try await store.statistics().unread == 4)
            try await store.removeFeed(first.id)
            let stats = try await store.statistics()
            #expect(stats.unread == 0 && stats.articles == 3 && stats.feeds == 1 && stats.databaseBytes > 0)
            await #expect(throws: StoreError.articleNotFound(ArticleID(999_999))) {
                try await store.setRead(true, for: [ArticleID(999_999)])
            }
        }
    }

    @Test(arguments: Backend.all) func neighboursAndNextUnreadFollowTheList(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save((0..<4).map {
                StoreFixtures.item("n\($0)", title: "N \($0)", published: StoreFixtures.epoch.addingTimeInterval(Double($0)))
            }, to: feed.id, in: store)
            let ids = try await store.articles(ArticlePageRequest()).articles.map(\.id)
            let middle = try await store.neighbours(of: ids[1], in: ArticleFilter())
            #expect(middle.newer == ids[0] && middle.older == ids[2])
            try await store.setRead(true, for: [ids[2]])
            #expect(try await store.nextUnread(after: ids[1], in: ArticleFilter()) == ids[3])
            #expect(try await store.nextUnread(after: ids[3], in: ArticleFilter()) == ids[0])
            #expect(try await store.nextUnread(after: nil, in: ArticleFilter()) == ids[0])
        }
    }
}
