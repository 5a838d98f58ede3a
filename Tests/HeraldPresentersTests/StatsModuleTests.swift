import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPresenters
import HeraldTestSupport
import Testing

/// A screen that keeps every statistics view model it is given.
actor StatsDisplaySpy: StatsDisplayLogic {
    private(set) var viewModels: [StatsViewModel] = []
    func display(_ viewModel: StatsViewModel) { viewModels.append(viewModel) }
}

/// The statistics module: the real interactor and presenter over the in-memory store.
@Suite("Statistics module")
struct StatsModuleTests {
    @Test("Given feeds and articles, when the statistics appear, then the screen lists the totals with the failing feeds")
    func totals() async throws {
        let store = InMemoryStore()
        let failing = FetchState(lastError: FeedFailure(kind: .httpError, message: "The server answered with an error (500).", status: 500),
                                 errorCount: 1, nextDueAt: testNow)
        let feed = await store.seedFeed(url: "https://example.org/a.xml", title: "A")
        _ = await store.seedFeed(url: "https://example.org/b.xml", title: "B", fetchState: failing)
        for index in 0..<1_203 {
            _ = await store.seedArticle(in: feed.id, title: "Article \(index)", published: testNow,
                                        isRead: index < 3, isStarred: index == 0)
        }
        let display = StatsDisplaySpy(), activity = ActivitySpy()
        let interactor = StatsInteractor(articles: store, databasePath: "/home/ann/.local/share/herald/herald.db",
                                         presenter: StatsPresenter(display: display, activity: activity))
        await interactor.viewAppeared()
        let states = await display.viewModels
        #expect(states.first == .loading)
        let rows = try #require(states.last?.content?.rows)
        #expect(rows.map(\.label) == ["Database", "Feeds", "Articles", "Unread", "Starred", "Size"])
        #expect(rows.map(\.value) == ["/home/ann/.local/share/herald/herald.db", "2 (1 failing)", "1,203", "1,200", "1", "0 bytes"])
        #expect(await interactor.statistics?.articles == 1_203)
        #expect(await activity.reports == [.loading, .hidden])
    }

    @Test("Given a store that cannot count, when the statistics appear, then the screen fails with a retry and the message")
    func failure() async throws {
        let store = InMemoryStore()
        await store.failOperation(.counts, with: .busy)
        let display = StatsDisplaySpy(), activity = ActivitySpy()
        let interactor = StatsInteractor(articles: store, databasePath: nil,
                                         presenter: StatsPresenter(display: display, activity: activity))
        await interactor.viewAppeared()
        guard case .failed(let message, let retry)? = await display.viewModels.last else {
            Issue.record("expected a failure: \(await display.viewModels)")
            return
        }
        #expect(!message.isEmpty && retry == .viewAppeared)
        #expect(await interactor.statistics == nil)
    }

    @Test("Given byte counts, when described, then they read as bytes, then binary multiples with one decimal",
          arguments: [(Int64(812), "812 bytes"), (Int64(1_536), "1.5 KB"), (Int64(3_565_158), "3.4 MB"), (Int64(5) << 30, "5.0 GB")])
    func bytes(count: Int64, expected: String) {
        #expect(ByteText.describe(count) == expected)
    }
}
