import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Saved searches")
struct SavedSearchTests {
    @Test(arguments: Backend.all) func savedSearchesBehaveLikeFeeds(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save([
                StoreFixtures.item("1", title: "Swift 6 released", body: "<p>Concurrency checking by default.</p>"),
                StoreFixtures.item("2", title: "Rust news", body: "<p>Swift comparisons abound.</p>",
                                   published: StoreFixtures.epoch.addingTimeInterval(10)),
                StoreFixtures.item("3", title: "Gardening tips", body: "<p>Plant tulips now.</p>"),
            ], to: feed.id, in: store)
            let swift = try await store.saveSearch(name: "Swift", query: "swift", filter: ArticleFilter())
            let titles = try await store.saveSearch(name: "Alpha titles", query: "title:swift", filter: ArticleFilter(unreadOnly: true))
            #expect(try await store.savedSearches().map(\.name) == ["Alpha titles", "Swift"])
            #expect(try await store.unreadCountsBySavedSearch() == [swift.id: 2, titles.id: 1])

            let listed = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .savedSearch(swift.id))))
            #expect(listed.articles.map(\.title) == ["Rust news", "Swift 6 released"])
            #expect(try await store.markAllRead(in: ArticleFilter(scope: .savedSearch(titles.id))) == 1)
            #expect(try await store.unreadCountsBySavedSearch() == [swift.id: 1, titles.id: 0])
            let scoped = try await store.search(SearchRequest(query: "concurrency", filter: ArticleFilter(scope: .savedSearch(swift.id))))
            #expect(scoped.hits.map(\.article.title) == ["Swift 6 released"])

            try await store.deleteSavedSearch(swift.id)
            #expect(try await store.savedSearches().map(\.id) == [titles.id])
            await #expect(throws: StoreError.savedSearchNotFound(swift.id)) { try await store.deleteSavedSearch(swift.id) }
            await #expect(throws: StoreError.self) { _ = try await store.saveSearch(name: "Bad", query: "\"open", filter: ArticleFilter()) }
        }
    }
}
