import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPresenters
import HeraldTestSupport
import Testing

/// Real interactors and real presenters over the in-memory fakes, observed through spy
/// screens and a spy Container: only the data providers are replaced.
@Suite("Module flows")
struct ModuleFlowTests {
    let store = InMemoryStore()
    let activity = ActivitySpy()
    let clock = FixedWallClock(testNow)

    @Test("Given a failing feed, when the feeds screen appears and a refresh stores two articles, then the screen and the Container show it all")
    func feedsRefresh() async throws {
        let failing = FetchState(lastError: FeedFailure(kind: .httpError, message: "The server answered with an error (500); retrying later.", status: 500),
                                 errorCount: 2, nextDueAt: testNow.addingTimeInterval(2 * 3_600))
        let feed = await store.seedFeed(url: "https://swift.org/atom.xml", title: "Swift.org", tags: ["dev"], fetchState: failing)
        let reference = FeedReference(id: feed.id, title: "Swift.org")
        let store = self.store
        let refresher = ScriptedRefresher(events: [
            .started(total: 1), .fetching(reference), .stored(reference, StoreOutcome(inserted: 2, updated: 0, unchanged: 0)),
            .finished(RefreshSummary(total: 1, stored: 1, notModified: 0, failed: 0, newArticles: 2, cancelled: false)),
        ], whileRefreshing: {
            await store.seedArticle(in: feed.id, title: "One", published: testNow)
            await store.seedArticle(in: feed.id, title: "Two", published: testNow)
        })
        let display = FeedsDisplaySpy()
        let interactor = FeedsInteractor(
            dependencies: .init(feeds: store, articles: store, searches: store,
                                subscriber: FakeSubscriber(store: store, clock: clock), refresher: refresher),
            presenter: FeedsPresenter(display: display, activity: activity, clock: clock))

        await interactor.viewAppeared()
        let first = await display.viewModels
        #expect(first.first == .loading)
        let row = try #require(first.last?.content?.groups.first?.rows.first)
        #expect(row.health == .failing(error: "The server answered with an error (500); retrying later.", retry: "retrying in 2 h"))

        await interactor.perform(.refreshRequested(.all))
        let after = try #require(await display.viewModels.last?.content)
        #expect(after.summary == "1 feed · 2 unread")
        #expect(after.groups.map(\.title) == ["dev"])
        #expect(await activity.reports == [
            .loading, .hidden,
            .progress(done: 0, total: 1, label: "Refreshing 1 feed"),
            .progress(done: 0, total: 1, label: "Fetching Swift.org"),
            .progress(done: 1, total: 1, label: "Fetching Swift.org"),
            .hidden, .notice("2 new articles"), .hidden,
        ])
    }

    @Test("Given an unread list, when an article is opened and all are marked read, then the row turns read and the list becomes empty")
    func articleList() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Alpha")
        let first = await store.seedArticle(in: feed.id, title: "First", published: testNow.addingTimeInterval(-60))
        await store.seedArticle(in: feed.id, title: "Second", published: testNow.addingTimeInterval(-7_200))
        let display = ArticleListDisplaySpy()
        let list = ArticleListInteractor(
            filter: ArticleFilter(unreadOnly: true), dependencies: .init(feeds: store, articles: store, searches: store),
            presenter: ArticleListPresenter(display: display, activity: activity, clock: clock, timeZone: utc))

        await list.viewAppeared()
        let loaded = try #require(await display.viewModels.last?.content)
        #expect(loaded.title == "Unread" && loaded.subtitle == "2 unread")
        #expect(loaded.rows.map(\.date) == ["1 min ago", "2 h ago"])

        await list.perform(.articleOpened(first.id))
        #expect(await display.viewModels.last?.content?.subtitle == "1 unread")
        await list.perform(.markAllReadConfirmed)
        #expect(await display.viewModels.last == .empty("No unread articles. You are all caught up."))
        #expect(await activity.reports.contains(.notice("Marked 1 article read")))
    }

    @Test("Given an HTML article, when it is opened and a link followed, then the screen shows rendered text and the front end gets the URL")
    func articleDetail() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Alpha")
        let article = await store.seedArticle(
            in: feed.id, title: "Hello\u{1B}[2J world", published: testNow.addingTimeInterval(-3 * 3_600),
            content: TextConstruct(type: .html, value: #"<p>Read <a href="https://a.example/more">more</a>.</p>"#),
            authors: [Person(name: "Ada")])
        let display = ArticleDetailDisplaySpy()
        let detail = ArticleDetailInteractor(
            articleID: article.id, dependencies: .init(feeds: store, articles: store, renderer: TagStrippingRenderer()),
            presenter: ArticleDetailPresenter(display: display, activity: activity, clock: clock, timeZone: utc))

        await detail.viewAppeared()
        await detail.perform(.linkOpened(1))
        let content = try #require(await display.viewModels.last?.content)
        #expect(content.title == "Hello world" && content.feedTitle == "Alpha" && content.byline == "By Ada")
        #expect(content.date == "3 h ago · 22 Nov 2026, 09:00")
        #expect(content.body.map(\.text) == ["Read more[1]."])
        #expect(content.links == ["[1] https://a.example/more"])
        #expect(await display.links == ["https://a.example/more"])
    }

    @Test("Given search failures, when an invalid query and a busy store are met, then the screen shows the store's words and a retry that works")
    func search() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Alpha")
        await store.seedArticle(in: feed.id, title: "Swift tips", published: testNow)
        let display = SearchDisplaySpy()
        let search = SearchInteractor(
            searches: store, presenter: SearchPresenter(display: display, activity: activity, clock: clock, timeZone: utc))

        await search.querySubmitted("swift AND")
        await search.querySubmitted("\"swift")
        #expect(await display.viewModels.last ==
                .failed("The search query is not valid: a quotation mark is not closed.", retry: .querySubmitted("\"swift")))

        await store.failOperation(.search, with: .busy)
        await search.querySubmitted("swift")
        let failed = try #require(await display.viewModels.last)
        guard case let .failed(message, retry) = failed else {
            Issue.record("expected a failure, got \(failed)")
            return
        }
        #expect(message == StoreError.busy.message)
        await store.clearFailure(.search)
        await search.perform(retry)
        #expect(await display.viewModels.last?.content?.hits.first?.title.segments.first == .init(text: "Swift", isMatch: true))
        #expect(await search.history == ["swift", "\"swift", "swift AND"])
    }

    @Test("Given a star that fails to save, when the Container's retry runs after the disk is fixed, then the star is saved")
    func retryThroughContainer() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Alpha")
        let article = await store.seedArticle(in: feed.id, title: "Keep", published: testNow)
        let display = ArticleListDisplaySpy()
        let list = ArticleListInteractor(
            filter: ArticleFilter(), dependencies: .init(feeds: store, articles: store, searches: store),
            presenter: ArticleListPresenter(display: display, activity: activity, clock: clock, timeZone: utc))
        await list.viewAppeared()
        await store.failOperation(.writeArticles, with: .diskFull)
        await list.starToggled(article.id)
        #expect(await activity.reports.last == .error(StoreError.diskFull.message, canRetry: true))

        await store.clearFailure(.writeArticles)
        let retry = try #require(await activity.retries.last)
        await retry()
        #expect(await store.state(of: article.id)?.isStarred == true)
        #expect(await display.viewModels.last?.content?.rows.first?.isStarred == true)
    }
}
