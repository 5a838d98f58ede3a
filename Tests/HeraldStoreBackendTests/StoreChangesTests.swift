import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

/// The store's change observation: what a screen needs to update live.
@Suite("Store changes")
struct StoreChangesTests {
    @Test("storing articles reports articles and counts; marking read reports articles; adding a feed reports feeds",
          arguments: Backend.all)
    func ownCommits(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            let saved = store.changes()
            try await StoreFixtures.save([StoreFixtures.item("a", title: "A")], to: feed.id, in: store)
            #expect(await firstChange(in: saved, within: .seconds(5)) { $0.contains(.articles) } != nil)

            let counted = store.changes()
            try await StoreFixtures.save([StoreFixtures.item("b", title: "B")], to: feed.id, in: store)
            #expect(await firstChange(in: counted, within: .seconds(5)) { $0.contains(.counts) } != nil)

            let marked = store.changes()
            let ids = try await store.articles(ArticlePageRequest(limit: 10)).articles.map(\.id)
            try await store.setRead(true, for: ids)
            #expect(await firstChange(in: marked, within: .seconds(5)) { $0.contains(.articles) } != nil)

            let subscribed = store.changes()
            _ = try await store.addFeed(NewFeed(url: "https://other.example.org/rss"), at: StoreFixtures.epoch)
            #expect(await firstChange(in: subscribed, within: .seconds(5)) { $0.contains(.feeds) } != nil)
        }
    }

    @Test("with no commits anywhere, nothing is reported", arguments: Backend.all)
    func quietStore(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, _: Feed) async throws in
            // Lets the notices of the feed just added (PostgreSQL delivers them after the commit) go by.
            try await Task.sleep(for: .milliseconds(300))
            let stream = store.changes()
            #expect(await firstChange(in: stream, within: .seconds(4)) { _ in true } == nil)
        }
    }
}
