import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPresenters
import Testing

@Suite("Feeds presenter")
struct FeedsPresenterTests {
    func feed(_ id: Int64, _ title: String, tags: [String] = [], state: FetchState = FetchState()) -> Feed {
        Feed(id: FeedID(id), url: "https://\(id).example/feed", title: title, tags: tags, fetchState: state,
             addedAt: testNow)
    }

    @Test("Given feeds with tags, when presented, then groups are per tag, sorted, with Untagged last and pluralised counts")
    func groups() throws {
        let response = FeedsResponse(
            feeds: [FeedStatus(feed: feed(1, "LWN", tags: ["linux", "dev"]), unread: 12),
                    FeedStatus(feed: feed(2, "Swift.org", tags: ["dev"]), unread: 1),
                    FeedStatus(feed: feed(3, "Cats"), unread: 0)],
            savedSearches: [SavedSearchStatus(search: SavedSearch(id: SavedSearchID(1), name: "Releases", query: "release"),
                                              unread: 1)],
            unreadByTag: ["dev": 13, "linux": 12])
        let content = try #require(FeedsPresenter.viewModel(for: response, now: testNow).content)

        #expect(content.summary == "3 feeds · 13 unread")
        #expect(content.groups.map(\.title) == ["dev", "linux", "Untagged"])
        #expect(content.groups.map(\.unreadLabel) == ["13 unread", "12 unread", ""])
        #expect(content.groups[0].rows.map(\.title) == ["LWN", "Swift.org"])
        #expect(content.groups[0].rows.map(\.unreadLabel) == ["12 unread", "1 unread"])
        #expect(content.groups[2].tag == nil)
        #expect(content.savedSearches.map(\.unreadLabel) == ["1 unread"])
    }

    @Test("Given articles rules hid, when presented, then a last row opens the hidden list; without any there is no such row")
    func hiddenRow() throws {
        let feeds = [FeedStatus(feed: feed(1, "LWN"), unread: 2)]
        let content = try #require(FeedsPresenter.viewModel(
            for: FeedsResponse(feeds: feeds, savedSearches: [], unreadByTag: [:], hiddenArticles: 1_204), now: testNow).content)
        #expect(content.hidden == HiddenRowViewModel(title: "Hidden by rules", countLabel: "1,204"))
        let entries = FeedsCursor.entries(of: content)
        #expect(entries.last?.item == .hidden)
        #expect(entries.last?.item.filter == ArticleFilter(scope: .hidden))
        let none = try #require(FeedsPresenter.viewModel(
            for: FeedsResponse(feeds: feeds, savedSearches: [], unreadByTag: [:]), now: testNow).content)
        #expect(none.hidden == nil)
        #expect(!FeedsCursor.entries(of: none).contains { $0.item == .hidden })
    }

    @Test("Given a failing feed due in two hours and a gone feed, when presented, then they are flagged with error and retry time")
    func health() throws {
        let failing = FetchState(lastError: FeedFailure(kind: .timeout, message: "The server took too long to answer."),
                                 errorCount: 3, nextDueAt: testNow.addingTimeInterval(7_200))
        let overdue = FetchState(lastError: FeedFailure(kind: .dns, message: "No host."), errorCount: 1,
                                 nextDueAt: testNow.addingTimeInterval(-60))
        let gone = FetchState(lastError: FeedFailure(kind: .gone, message: "Removed (410)."), isGone: true)
        let response = FeedsResponse(feeds: [FeedStatus(feed: feed(1, "A", state: failing), unread: 0),
                                             FeedStatus(feed: feed(2, "B", state: overdue), unread: 0),
                                             FeedStatus(feed: feed(3, "C", state: gone), unread: 0),
                                             FeedStatus(feed: feed(4, "D"), unread: 0)],
                                     savedSearches: [], unreadByTag: [:])
        let rows = try #require(FeedsPresenter.viewModel(for: response, now: testNow).content).groups[0].rows
        #expect(rows.map(\.health) == [
            .failing(error: "The server took too long to answer.", retry: "retrying in 2 h"),
            .failing(error: "No host.", retry: "retrying on the next refresh"),
            .gone("Removed (410)."),
            .healthy,
        ])
    }

    @Test("Given a feed title with escape sequences, when presented, then the row title is safe for a terminal")
    func safeTitles() throws {
        let response = FeedsResponse(feeds: [FeedStatus(feed: feed(1, "\u{1B}[2JEvil\nFeed"), unread: 0)],
                                     savedSearches: [], unreadByTag: [:])
        #expect(FeedsPresenter.viewModel(for: response, now: testNow).content?.groups[0].rows[0].title == "Evil Feed")
    }

    @Test("Given no subscriptions, when presented, then the screen is empty with what to do")
    func empty() {
        let viewModel = FeedsPresenter.viewModel(for: FeedsResponse(feeds: [], savedSearches: [], unreadByTag: [:]), now: testNow)
        #expect(viewModel == .empty("No subscriptions yet. Add a feed by its URL, or import an OPML file."))
    }

    @Test("Given every feed left out for having nothing unread, when presented, then the screen keeps its lists and says how many it leaves out")
    func readFeedsLeftOut() throws {
        let response = FeedsResponse(feeds: [], savedSearches: [], unreadByTag: [:], readFeedsLeftOut: 2)
        let content = try #require(FeedsPresenter.viewModel(for: response, now: testNow).content)
        #expect(content.summary.hasSuffix("2 read feeds left out"), "\(content.summary)")
        #expect(content.groups.isEmpty)
    }

    @Test("Given loading then a failure, when presented, then the Container shows and hides loading and the screen fails with a retry")
    func loadingAndFailure() async {
        let display = FeedsDisplaySpy(), activity = ActivitySpy()
        let presenter = FeedsPresenter(display: display, activity: activity, clock: FixedWallClock(testNow))
        await presenter.presentLoading()
        await presenter.presentLoadFailure("The database is busy.\u{7}")
        #expect(await display.viewModels == [.loading, .failed("The database is busy.", retry: .viewAppeared)])
        #expect(await activity.reports == [.loading, .hidden])
    }

    @Test("Given refresh progress and a summary, when presented, then the Container gets labels and a pluralised notice")
    func refreshReports() async {
        let display = FeedsDisplaySpy(), activity = ActivitySpy()
        let presenter = FeedsPresenter(display: display, activity: activity, clock: FixedWallClock(testNow))
        await presenter.presentRefreshProgress(RefreshProgress(done: 0, total: 12, current: nil))
        await presenter.presentRefreshProgress(RefreshProgress(done: 3, total: 12, current: FeedReference(id: FeedID(1), title: "Swift\u{1B}[1m Blog")))
        await presenter.presentRefreshFinished(RefreshSummary(total: 12, stored: 9, notModified: 1, failed: 2, newArticles: 12, cancelled: false))
        #expect(await activity.reports == [
            .progress(done: 0, total: 12, label: "Refreshing 12 feeds"),
            .progress(done: 3, total: 12, label: "Fetching Swift Blog"),
            .hidden,
            .notice("12 new articles; 2 feeds failed"),
        ])
        #expect(await display.viewModels.isEmpty)
    }

    @Test("Given refresh summaries, when worded, then none, one and a cancelled refresh read naturally")
    func summaryWording() {
        #expect(FeedsPresenter.notice(for: RefreshSummary(total: 3, stored: 0, notModified: 3, failed: 0, newArticles: 0, cancelled: false)) == "No new articles")
        #expect(FeedsPresenter.notice(for: RefreshSummary(total: 3, stored: 1, notModified: 2, failed: 1, newArticles: 1, cancelled: false)) == "1 new article; 1 feed failed")
        #expect(FeedsPresenter.notice(for: RefreshSummary(total: 9, stored: 2, notModified: 0, failed: 0, newArticles: 3, cancelled: true)) == "Refresh cancelled: 3 new articles")
    }

    @Test("Given notices and an action failure, when presented, then the Container words them and keeps the retry")
    func noticesAndFailures() async {
        let display = FeedsDisplaySpy(), activity = ActivitySpy()
        let presenter = FeedsPresenter(display: display, activity: activity, clock: FixedWallClock(testNow))
        await presenter.presentNotice(.imported(added: 1, alreadySubscribed: 2))
        await presenter.presentNotice(.subscribed(title: "Blog", created: false))
        await presenter.presentActionFailure(ActionFailure(message: "The disk is full.", retry: {}))
        await presenter.presentActionFailure(ActionFailure(message: "No feed here.", retry: nil))
        #expect(await activity.reports == [
            .notice("Imported 1 feed (2 already subscribed)"), .notice("Already subscribed to Blog"),
            .error("The disk is full.", canRetry: true), .error("No feed here.", canRetry: false),
        ])
    }
}
