import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldTestSupport
import Testing

@Suite("Article list interactor")
struct ArticleListInteractorTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let store = InMemoryStore()
    let spy = ArticleListPresentationSpy()

    func makeList(_ filter: ArticleFilter, pageSize: Int = 50) -> ArticleListInteractor {
        ArticleListInteractor(filter: filter, pageSize: pageSize,
                              dependencies: .init(feeds: store, articles: store, searches: store), presenter: spy)
    }

    /// Seeds a feed with `count` articles an hour apart, newest first; returns the feed and article ids.
    func seed(_ title: String, count: Int, offset: Double = 0, tags: [String] = []) async -> (FeedID, [ArticleID]) {
        let feed = await store.seedFeed(url: "https://\(title.lowercased()).example/feed", title: title, tags: tags)
        var ids: [ArticleID] = []
        for index in 0..<count {
            ids.append(await store.seedArticle(in: feed.id, title: "\(title) \(index)",
                                               published: now.addingTimeInterval(-3_600 * Double(index) - offset)).id)
        }
        return (feed.id, ids)
    }

    @Test("Given five articles and a page size of two, when pages are requested, then rows arrive newest first until the cursor runs out")
    func paging() async throws {
        let (feed, ids) = await seed("Alpha", count: 5)
        let list = makeList(ArticleFilter(scope: .feed(feed)), pageSize: 2)

        await list.viewAppeared()
        #expect(await spy.events.first == .loading)
        #expect(await spy.lastResponse?.rows.map(\.id) == Array(ids.prefix(2)))
        #expect(await spy.lastResponse?.hasMore == true)
        #expect(await spy.lastResponse?.source == .feed(try await store.feed(feed)))

        await list.nextPageRequested()
        await list.nextPageRequested()
        #expect(await spy.lastResponse?.rows.map(\.id) == ids)
        #expect(await spy.lastResponse?.hasMore == false)

        let presented = await spy.events.count
        await list.nextPageRequested()
        #expect(await spy.events.count == presented, "no request after the last page")
    }

    @Test("Given an article past the first page, when its selection is revealed, then the list pages on until it holds it and selects it")
    func selectionRevealed() async throws {
        let (feed, ids) = await seed("Alpha", count: 5)
        let list = makeList(ArticleFilter(scope: .feed(feed)), pageSize: 2)
        await list.viewAppeared()
        await list.selectionMoved(to: ids[4])
        #expect(await list.selectedArticle != ids[4], "moving the selection loads nothing")
        await list.perform(.selectionRevealed(ids[4]))
        #expect(await list.selectedArticle == ids[4])
        #expect(await spy.lastResponse?.rows.map(\.id) == ids)
    }

    @Test("Given an unread article, when it is opened, then it is selected and marked read in the store and the row")
    func openMarksRead() async throws {
        let (_, ids) = await seed("Alpha", count: 2)
        let list = makeList(ArticleFilter())
        await list.viewAppeared()
        await list.articleOpened(ids[1])

        #expect(await list.selectedArticle == ids[1])
        #expect(await store.state(of: ids[1])?.isRead == true)
        #expect(await spy.lastResponse?.rows.map(\.isRead) == [false, true])
        #expect(await spy.lastResponse?.selected == ids[1])
    }

    @Test("Given a loaded list, when read and star are toggled, then the store and the rows follow")
    func toggles() async throws {
        let (_, ids) = await seed("Alpha", count: 1)
        let list = makeList(ArticleFilter())
        await list.viewAppeared()
        await list.perform(.starToggled(ids[0]))
        await list.perform(.readToggled(ids[0]))
        #expect(await store.state(of: ids[0]) == ArticleState(isRead: true, isStarred: true))
        await list.perform(.readToggled(ids[0]))
        let row = try #require(await spy.lastResponse?.rows.first)
        #expect(!row.isRead && row.isStarred)
    }

    @Test("Given a tag list, when mark all read is confirmed, then only that tag's articles are read and the count is noticed")
    func markAllRead() async throws {
        _ = await seed("News", count: 3, tags: ["news"])
        let (_, other) = await seed("Other", count: 2)
        let list = makeList(ArticleFilter(scope: .tag("news"), unreadOnly: true))
        await list.viewAppeared()
        await list.markAllReadConfirmed()

        #expect(await spy.events.contains(.notice(.markedRead(count: 3))))
        #expect(await spy.lastResponse?.rows.isEmpty == true)
        #expect(await store.state(of: other[0])?.isRead == false)
    }

    @Test("Given unread articles in two feeds, when next unread is requested repeatedly, then it moves older within the feed, then to the other feed")
    func nextUnreadAcrossFeeds() async throws {
        let (alpha, alphaIDs) = await seed("Alpha", count: 2)
        let (_, betaIDs) = await seed("Beta", count: 1, offset: 60)
        let list = makeList(ArticleFilter(scope: .feed(alpha)))
        await list.viewAppeared()
        await list.articleOpened(alphaIDs[0])

        await list.nextUnreadRequested()
        #expect(await list.selectedArticle == alphaIDs[1])
        await store.seedArticle(in: alpha, title: "read", published: now.addingTimeInterval(-99_999), isRead: true)
        try await store.setRead(true, for: [alphaIDs[1]])
        await list.nextUnreadRequested()
        #expect(await list.selectedArticle == alphaIDs[1], "the list's selection stays: the article is in another feed's list")
        let beta = try #require(await store.feeds().first { $0.title == "Beta" })
        #expect(await spy.events.last == .nextUnread(betaIDs[0], ArticleFilter(scope: .feed(beta.id))),
                "the next feed with unread articles, shown within its own list")

        try await store.setRead(true, for: [betaIDs[0]])
        await list.nextUnreadRequested()
        #expect(await spy.events.last == .notice(.noUnreadLeft))
    }

    @Test("Given the oldest article of a feed whose newer ones are unread, when next unread is requested, then it goes round within the feed before another feed, as newsboat does")
    func nextUnreadWrapsWithinTheFeedFirst() async throws {
        let (alpha, alphaIDs) = await seed("Alpha", count: 3)
        _ = await seed("Beta", count: 1, offset: 60)
        let list = makeList(ArticleFilter(scope: .feed(alpha)))
        await list.viewAppeared()
        // Reading the oldest (the last row) leaves the two newer ones unread above it.
        await list.articleOpened(alphaIDs[2])
        await list.nextUnreadRequested()
        #expect(await list.selectedArticle == alphaIDs[0], "round to the feed's newest unread, not Beta's")
    }

    @Test("Given a saved search, when its list appears, then the heading source is the search and only matching articles are listed")
    func savedSearchList() async throws {
        let (feed, _) = await seed("Alpha", count: 1)
        let match = await store.seedArticle(in: feed, title: "Swift concurrency", published: now.addingTimeInterval(-10))
        let saved = try await store.saveSearch(name: "Swift", query: "swift", filter: ArticleFilter())
        await makeList(ArticleFilter(scope: .savedSearch(saved.id))).viewAppeared()
        #expect(await spy.lastResponse?.source == .savedSearch(saved))
        #expect(await spy.lastResponse?.rows.map(\.id) == [match.id])
    }

    @Test("Given a feed that no longer exists, when its list appears, then the store's message is a load failure")
    func missingFeed() async {
        await makeList(ArticleFilter(scope: .feed(FeedID(42)))).viewAppeared()
        #expect(await spy.events == [.loading, .loadFailure(StoreError.feedNotFound(FeedID(42)).message)])
    }

    @Test("Given a store that refuses writes, when an article is opened, then an action failure is presented and the row stays unread")
    func openFailure() async {
        let (_, ids) = await seed("Alpha", count: 1)
        let list = makeList(ArticleFilter())
        await list.viewAppeared()
        await store.failOperation(.writeArticles, with: .diskFull)
        await list.articleOpened(ids[0])
        #expect(await spy.events.last == .actionFailure(StoreError.diskFull.message))
        #expect(await spy.lastResponse?.rows.first?.isRead == false)
    }

    @Test("Given 12 unread articles and a page of 5, when the list appears, then the heading counts the scope's 12, not the 5 loaded")
    func headingCountsTheScope() async throws {
        let (alpha, _) = await seed("Alpha", count: 12)
        let list = makeList(ArticleFilter(scope: .feed(alpha)), pageSize: 5)
        await list.viewAppeared()
        #expect(await spy.lastResponse?.rows.count == 5)
        #expect(await spy.lastResponse?.unreadTotal == 12)
    }

    @Test("Given two page requests at once, when both finish, then the page is appended once and a loading-more state was shown")
    func pagesInFlight() async throws {
        let (alpha, ids) = await seed("Alpha", count: 9)
        let list = makeList(ArticleFilter(scope: .feed(alpha)), pageSize: 3)
        await list.viewAppeared()
        async let first: Void = list.nextPageRequested()
        async let second: Void = list.nextPageRequested()
        _ = await (first, second)
        let rows = await list.rows.map(\.id)
        #expect(rows.count == Set(rows).count, "no row twice")
        #expect(Array(rows.prefix(6)) == Array(ids.prefix(6)))
        #expect(await spy.events.contains { if case .articles(let response) = $0 { response.isLoadingMore } else { false } })
    }

    @Test("Given a selection, when the store changes under the list, then new articles appear on top and the selection stays on its article")
    func storeChangeKeepsSelection() async throws {
        let (alpha, ids) = await seed("Alpha", count: 3)
        let list = makeList(ArticleFilter(scope: .feed(alpha)))
        await list.viewAppeared()
        await list.selectionMoved(to: ids[1])
        #expect(await spy.lastResponse?.selected == ids[1])
        let fresh = await store.seedArticle(in: alpha, title: "Breaking", published: now.addingTimeInterval(60))
        await list.storeChanged(.articles)
        #expect(await spy.lastResponse?.rows.first?.id == fresh.id)
        #expect(await list.selectedArticle == ids[1])
        #expect(await spy.lastResponse?.unreadTotal == 4)
    }
}
