import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Pages of article keys (the sync APIs' id lists)")
struct ArticleKeyTests {
    @Test("Given articles, some read and some still waiting for indexing, when paged by keys, then the keys are the list pages' cursors, page for page, to the end",
          arguments: Backend.all)
    func keysMatchTheListPages(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            // Two saves: the second's articles may still wait for indexing when the pages are read.
            let first = (0..<7).map { StoreFixtures.item("k\($0)", title: "Key \($0)",
                                                         published: StoreFixtures.epoch.addingTimeInterval(Double($0) * 60)) }
            try await StoreFixtures.save(first, to: feed.id, in: store)
            try await store.finishSaving()
            let second = (7..<12).map { StoreFixtures.item("k\($0)", title: "Key \($0)",
                                                           published: StoreFixtures.epoch.addingTimeInterval(Double($0 % 3) * 60)) }
            try await StoreFixtures.save(second, to: feed.id, in: store)
            let ids = try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter()))
            try await store.setRead(true, for: Array(ids.prefix(3)))
            for filter in [ArticleFilter(), ArticleFilter(unreadOnly: true), ArticleFilter(scope: .feed(feed.id))] {
                var cursor: PageCursor?
                var seen = 0
                repeat {
                    let request = ArticlePageRequest(filter: filter, limit: 4, after: cursor)
                    let page = try await store.articles(request)
                    let keys = try await store.articleKeys(request)
                    #expect(keys.keys == page.articles.map(\.cursor))
                    #expect(keys.next == page.next)
                    seen += keys.keys.count
                    cursor = keys.next
                } while cursor != nil
                #expect(seen == (filter.unreadOnly ? 9 : 12))
            }
        }
    }
}
