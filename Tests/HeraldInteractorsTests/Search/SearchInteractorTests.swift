import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldTestSupport
import Testing

@Suite("Search interactor")
struct SearchInteractorTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let store = InMemoryStore()
    let spy = SearchPresentationSpy()

    func seedArticles() async -> FeedID {
        let feed = await store.seedFeed(url: "https://swift.org/atom.xml", title: "Swift.org")
        await store.seedArticle(in: feed.id, title: "Swift 6.3 released", published: now,
                                content: TextConstruct(type: .html, value: "<p>Concurrency is easier.</p>"))
        await store.seedArticle(in: feed.id, title: "Server news", published: now.addingTimeInterval(-60),
                                content: TextConstruct(type: .html, value: "<p>Swift on the server, with Swift NIO and Swift Log.</p>"))
        await store.seedArticle(in: feed.id, title: "Gardening", published: now.addingTimeInterval(-120),
                                content: TextConstruct(type: .text, value: "Tomatoes."))
        return feed.id
    }

    @Test("Given articles, when a query is submitted, then loading is followed by hits ranked by relevance over date, highlighted")
    func rankedHits() async throws {
        _ = await seedArticles()
        let search = SearchInteractor(searches: store, presenter: spy)
        await search.querySubmitted("  swift ")

        #expect(await spy.events.first == .loading)
        let results = try #require(await spy.lastResults)
        #expect(results.query == "swift")
        #expect(results.hits.map(\.article.title) == ["Server news", "Swift 6.3 released"])
        #expect(results.hits[1].highlightedTitle.segments.first == .init(text: "Swift", isMatch: true))
        #expect(results.hits[0].snippet.segments.contains { $0.isMatch && $0.text == "Swift" })
    }

    @Test("Given two next-page requests at once, when both finish, then the page is appended once")
    func pagesInFlight() async throws {
        _ = await seedArticles()
        let search = SearchInteractor(searches: store, presenter: spy, pageSize: 1)
        await search.querySubmitted("swift")
        async let first: Void = search.nextPageRequested()
        async let second: Void = search.nextPageRequested()
        _ = await (first, second)
        let ids = await search.hits.map(\.article.id)
        #expect(ids.count == 2 && Set(ids).count == 2, "\(ids)")
    }

    @Test("Given many hits and a page size of one, when next pages are requested, then hits accumulate by offset")
    func paging() async throws {
        _ = await seedArticles()
        let search = SearchInteractor(searches: store, presenter: spy, pageSize: 1)
        await search.querySubmitted("swift")
        #expect(await spy.lastResults?.hasMore == true)
        await search.nextPageRequested()
        #expect(await spy.lastResults?.hits.count == 2)
        #expect(await spy.lastResults?.hasMore == false)
    }

    @Test("Given repeated queries, when they are submitted, then the history is most recent first, without duplicates, capped")
    func history() async {
        let search = SearchInteractor(searches: store, presenter: spy, history: ["old"], historyLimit: 3)
        for query in ["swift", "linux", "swift", "rust"] { await search.querySubmitted(query) }
        #expect(await search.history == ["rust", "swift", "linux"])
    }

    @Test("Given an unclosed quotation mark, when it is submitted, then the store's message is presented as an invalid query")
    func invalidQuery() async {
        let search = SearchInteractor(searches: store, presenter: spy)
        await search.querySubmitted("\"swift")
        let message = StoreError.invalidQuery(reason: "a quotation mark is not closed").message
        #expect(await spy.events.last == .problem(.invalidQuery(query: "\"swift", message: message)))
    }

    @Test("Given a busy store, when a query is submitted, then a failure with the store's message is presented")
    func storeFailure() async {
        await store.failOperation(.search, with: .busy)
        let search = SearchInteractor(searches: store, presenter: spy)
        await search.querySubmitted("swift")
        #expect(await spy.events.last == .problem(.failed(query: "swift", message: StoreError.busy.message)))
    }

    @Test("Given an empty query, when it is submitted, then the history is offered and nothing is searched")
    func emptyQuery() async {
        let search = SearchInteractor(searches: store, presenter: spy, history: ["swift"])
        await search.querySubmitted("   ")
        #expect(await spy.events == [.problem(.noQuery(history: ["swift"]))])
        #expect(await store.count(of: .search) == 0)
    }

    @Test("Given a query restricted to unread articles, when it is saved, then a saved search with the query and filter exists")
    func saveQuery() async throws {
        _ = await seedArticles()
        let search = SearchInteractor(searches: store, presenter: spy)
        await search.filterChanged(ArticleFilter(unreadOnly: true))
        await search.querySubmitted("swift")
        await search.querySaved(name: " ")

        let saved = try #require(await search.savedSearch)
        #expect(saved.name == "swift" && saved.query == "swift" && saved.filter.unreadOnly)
        #expect(try await store.savedSearches() == [saved])
        #expect(await spy.events.last == .notice(.searchSaved(name: "swift")))
    }

    @Test("Given results, when one is opened, then the data store holds it for the detail route")
    func resultOpened() async {
        let search = SearchInteractor(searches: store, presenter: spy)
        await search.perform(.resultOpened(ArticleID(3)))
        #expect(await search.selectedArticle == ArticleID(3))
    }
}
