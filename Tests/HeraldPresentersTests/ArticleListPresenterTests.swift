import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPresenters
import Testing

@Suite("Article list presenter")
struct ArticleListPresenterTests {
    let dates = DateText(timeZone: utc)

    func row(_ id: Int64, _ title: String, hoursAgo: Double, isRead: Bool = false, author: String? = nil) -> ArticleSummary {
        ArticleSummary(id: ArticleID(id), feedID: FeedID(1), feedTitle: "Swift.org", title: title, author: author,
                       date: testNow.addingTimeInterval(-hoursAgo * 3_600), isRead: isRead, isStarred: false)
    }

    @Test("Given rows of a feed, when presented, then titles, relative dates and the unread subtitle are display-ready")
    func loaded() throws {
        let feed = Feed(id: FeedID(1), url: "https://swift.org/atom.xml", title: "Swift.org", addedAt: testNow)
        let response = ArticleListResponse(
            source: .feed(feed), filter: ArticleFilter(scope: .feed(feed.id), unreadOnly: true),
            rows: [row(1, "Swift 6.3\u{1B}[5m released", hoursAgo: 3, author: "Holly"), row(2, "", hoursAgo: 30, isRead: true),
                   row(3, "Old", hoursAgo: 24 * 10)],
            hasMore: true, selected: ArticleID(2), unreadTotal: 1_204)
        let content = try #require(ArticleListPresenter.viewModel(for: response, now: testNow, dates: dates).content)
        #expect(content.title == "Swift.org (unread)")
        #expect(content.subtitle == "1,204 unread", "the scope's total, not the two unread rows loaded")
        #expect(content.rows.map(\.title) == ["Swift 6.3 released", "(untitled)", "Old"])
        #expect(content.rows.map(\.date) == ["3 h ago", "yesterday", "12 Nov 2026"])
        #expect(content.rows[0].author == "Holly")
        #expect(content.hasMore && content.selected == ArticleID(2))
    }

    @Test("Given each source, when titled, then the heading names it", arguments: [
        (ArticleListSource.all, ArticleFilter(), "All articles"),
        (.all, ArticleFilter(unreadOnly: true), "Unread"),
        (.all, ArticleFilter(starredOnly: true), "Starred"),
        (.tag("news"), ArticleFilter(scope: .tag("news")), "#news"),
        (.savedSearch(SavedSearch(id: SavedSearchID(1), name: "Rust", query: "rust")), ArticleFilter(), "Rust"),
    ])
    func titles(source: ArticleListSource, filter: ArticleFilter, expected: String) {
        #expect(ArticleListPresenter.title(for: source, filter: filter) == expected)
    }

    @Test("Given no rows, when presented, then the empty message fits the filter")
    func empty() {
        func viewModel(_ filter: ArticleFilter) -> ArticleListViewModel {
            ArticleListPresenter.viewModel(for: ArticleListResponse(source: .all, filter: filter, rows: [], hasMore: false,
                                                                    selected: nil), now: testNow, dates: dates)
        }
        #expect(viewModel(ArticleFilter(unreadOnly: true)) == .empty("No unread articles. You are all caught up."))
        #expect(viewModel(ArticleFilter(starredOnly: true)) == .empty("No starred articles. Star an article to keep it here."))
        #expect(viewModel(ArticleFilter()) == .empty("No articles yet. Refresh to fetch the latest."))
    }

    @Test("Given loading, a failure, next unread and a notice, when presented, then screen and Container each get their part")
    func otherStates() async {
        let display = ArticleListDisplaySpy(), activity = ActivitySpy()
        let presenter = ArticleListPresenter(display: display, activity: activity, clock: FixedWallClock(testNow), timeZone: utc)
        await presenter.presentLoading()
        await presenter.presentLoadFailure("There is no feed 42.")
        await presenter.presentNextUnread(ArticleID(7), within: ArticleFilter())
        await presenter.presentNotice(.markedRead(count: 1))
        #expect(await display.viewModels == [.loading, .failed("There is no feed 42.", retry: .viewAppeared)])
        #expect(await display.nextUnread.map(\.0) == [ArticleID(7)])
        #expect(await activity.reports == [.loading, .hidden, .notice("Marked 1 article read")])
    }
}
