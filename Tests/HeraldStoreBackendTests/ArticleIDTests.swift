import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Article ids in id order (the sync APIs' paging)")
struct ArticleIDTests {
    @Test(arguments: Backend.all) func idsPageByIDWithinAFilter(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save((1...6).map { index in
                StoreFixtures.item("i\(index)", title: "Item \(index)",
                                   published: StoreFixtures.epoch.addingTimeInterval(Double(index)))
            }, to: feed.id, in: store)
            let all = try await store.articleIDs(ArticleIDRequest())
            #expect(all.count == 6)
            #expect(all == all.sorted { $0.rawValue < $1.rawValue })
            #expect(try await store.articleIDs(ArticleIDRequest(after: all[1], limit: 2)) == [all[2], all[3]])
            #expect(try await store.articleIDs(ArticleIDRequest(before: all[4], ascending: false, limit: 2)) == [all[3], all[2]])
            #expect(try await store.articleIDs(ArticleIDRequest(ascending: false, limit: 1)) == [all[5]])

            try await store.setRead(true, for: [all[0], all[5]])
            try await store.setStarred(true, for: [all[2]])
            #expect(try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(unreadOnly: true)))
                == [all[1], all[2], all[3], all[4]])
            #expect(try await store.articleIDs(ArticleIDRequest(readOnly: true)) == [all[0], all[5]])
            #expect(try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(starredOnly: true))) == [all[2]])
            #expect(try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .feed(FeedID(999_999))))).isEmpty)

            // A batch read keeps the order asked and leaves out ids with no article.
            let batch = try await store.articles(withIDs: [all[4], ArticleID(987_654_321), all[1]])
            #expect(batch.map(\.id) == [all[4], all[1]])
            #expect(batch.first?.title == "Item 5")
        }
    }
}
