import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldTestSupport
import Testing

@Suite("Hidden articles and rules on both stores")
struct HiddenArticleTests {
    @Test(arguments: Backend.all) func hiddenArticlesLeaveEveryListButTheHiddenOne(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save([
                StoreFixtures.item("a", title: "Sponsored: a mattress", published: StoreFixtures.epoch.addingTimeInterval(1)),
                StoreFixtures.item("b", title: "Rust compiler released", published: StoreFixtures.epoch.addingTimeInterval(2)),
                StoreFixtures.item("c", title: "Swift on Linux", published: StoreFixtures.epoch.addingTimeInterval(3)),
            ], to: feed.id, in: store)
            let all = try await store.articleIDs(ArticleIDRequest())
            #expect(all.count == 3)
            let sponsored = try await store.articleIDs(ArticleIDRequest(query: "sponsored"))
            #expect(sponsored == [all[0]])

            try await store.setHidden(true, for: sponsored)
            #expect(try await store.articleIDs(ArticleIDRequest()) == [all[1], all[2]])
            #expect(try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .feed(feed.id)))) == [all[1], all[2]])
            #expect(try await store.articles(ArticlePageRequest(filter: ArticleFilter())).articles.map(\.id) == [all[2], all[1]])
            #expect(try await store.search(SearchRequest(query: "sponsored")).hits.isEmpty)
            #expect(try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .hidden))) == [all[0]])
            let hiddenPage = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .hidden)))
            #expect(hiddenPage.articles.map(\.title) == ["Sponsored: a mattress"])
            #expect(try await store.article(all[0]).state.isHidden)
            #expect(try await store.article(all[1]).state.isHidden == false)

            // Shown again: back in every list, out of the hidden one.
            try await store.setHidden(false, for: sponsored)
            #expect(try await store.articleIDs(ArticleIDRequest()) == all)
            #expect(try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .hidden))).isEmpty)
            await #expect(throws: StoreError.articleNotFound(ArticleID(987_654_321))) {
                try await store.setHidden(true, for: [ArticleID(987_654_321)])
            }
        }
    }

    @Test(arguments: Backend.all) func idRequestsTakeAQueryAndAFirstSeenDate(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            let early = StoreFixtures.epoch
            let late = early.addingTimeInterval(3600)
            try await StoreFixtures.save([StoreFixtures.item("old", title: "Old rust news")], to: feed.id, in: store, at: early)
            try await StoreFixtures.save([StoreFixtures.item("old", title: "Old rust news"),
                                          StoreFixtures.item("new", title: "New rust news"),
                                          StoreFixtures.item("other", title: "Gardening")], to: feed.id, in: store, at: late)
            let rust = try await store.articleIDs(ArticleIDRequest(query: "rust"))
            #expect(rust.count == 2)
            let fresh = try await store.articleIDs(ArticleIDRequest(firstSeenSince: late))
            #expect(fresh.count == 2)
            let freshRust = try await store.articleIDs(ArticleIDRequest(query: "rust", firstSeenSince: late))
            #expect(freshRust.count == 1)
            #expect(try await store.articles(withIDs: freshRust).first?.title == "New rust news")
            #expect(try await store.articleIDs(ArticleIDRequest(query: "title:gardening OR title:old")).count == 2)
            await #expect(throws: StoreError.self) { try await store.articleIDs(ArticleIDRequest(query: "\"unclosed")) }
        }
    }

    @Test(arguments: Backend.all) func rulesHideStarTagAndKeepOnTheRealStore(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed(tags: ["tech"]) { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save([
                StoreFixtures.item("1", title: "Sponsored post about beds"),
                StoreFixtures.item("2", title: "Rust 2.0 released"),
                StoreFixtures.item("3", title: "Swift 7 released"),
                StoreFixtures.item("4", title: "Weekly links"),
            ], to: feed.id, in: store)
            let rules = [
                ArticleRule(action: .block, target: .everyFeed, query: "title:sponsored"),
                ArticleRule(action: .star, target: .tag("tech"), query: "rust"),
                ArticleRule(action: .tag("release"), target: .feed(feed.url), query: "title:released"),
                ArticleRule(action: .markRead, target: .feed("no such feed"), query: "weekly"),
            ]
            let applier = RuleApplier(rules: rules, feeds: store, articles: store, clock: FixedWallClock(StoreFixtures.epoch))
            let tally = try await applier.apply(firstSeenSince: nil)
            #expect(tally.hidden == 1)
            #expect(tally.starred == 1)
            #expect(tally.tagged == 2)
            #expect(tally.markedRead == 0)
            let shown = try await store.articles(withIDs: try await store.articleIDs(ArticleIDRequest()))
            #expect(Set(shown.map(\.title)) == ["Rust 2.0 released", "Swift 7 released", "Weekly links"])
            #expect(shown.first { $0.title.hasPrefix("Rust") }?.state.isStarred == true)
            #expect(shown.first { $0.title.hasPrefix("Swift") }?.state.tags == ["release"])
            let hidden = try await store.articles(withIDs: try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .hidden))))
            #expect(hidden.map(\.title) == ["Sponsored post about beds"])
            #expect(hidden.first?.state.isRead == true)
            // Applying again changes nothing more.
            let again = try await applier.apply(firstSeenSince: nil)
            #expect(again.hidden == 0)
            #expect(try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .hidden))).count == 1)

            // A keep rule hides the rest of its target.
            let keep = RuleApplier(rules: [ArticleRule(action: .keep, target: .feed(feed.url), query: "released")],
                                   feeds: store, articles: store, clock: FixedWallClock(StoreFixtures.epoch))
            let catches = try await keep.catches(limit: 5)
            #expect(catches.first?.matched == 2)
            #expect(catches.first?.inTarget == 3)
            #expect(try await keep.apply(firstSeenSince: nil).hidden == 1)
            let left = try await store.articles(withIDs: try await store.articleIDs(ArticleIDRequest()))
            #expect(Set(left.map(\.title)) == ["Rust 2.0 released", "Swift 7 released"])
            let unknown = try await RuleApplier(rules: [], feeds: store, articles: store, clock: FixedWallClock(StoreFixtures.epoch))
                .test(query: "weekly", target: .feed("no such feed"), limit: 5)
            #expect(unknown.targetIsUnknown)
        }
    }
}
