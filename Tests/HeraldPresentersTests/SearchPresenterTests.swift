import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPresenters
import Testing

@Suite("Search presenter")
struct SearchPresenterTests {
    let dates = DateText(timeZone: utc)

    func hit(_ id: Int64, title: [HighlightedText.Segment], snippet: [HighlightedText.Segment]) -> SearchHit {
        SearchHit(article: ArticleSummary(id: ArticleID(id), feedID: FeedID(1), feedTitle: "Swift.org", title: "t",
                                          date: testNow.addingTimeInterval(-7_200), isRead: false, isStarred: false),
                  snippet: HighlightedText(segments: snippet), highlightedTitle: HighlightedText(segments: title), score: 1)
    }

    @Test("Given hits, when presented, then highlighted runs keep their spaces, lose control characters, and the summary counts")
    func loaded() throws {
        let response = SearchResponse(
            query: "swift", hits: [hit(1, title: [.init(text: "Swift", isMatch: true), .init(text: " 6.3\u{1B}[1m out", isMatch: false)],
                                      snippet: [.init(text: "…learn ", isMatch: false), .init(text: "Swift", isMatch: true)])],
            hasMore: true, history: ["swift", "linux"])
        let content = try #require(SearchPresenter.viewModel(for: response, now: testNow, dates: dates).content)
        #expect(content.summary == "1 result so far")
        #expect(content.hits[0].title.segments == [.init(text: "Swift", isMatch: true), .init(text: " 6.3 out", isMatch: false)])
        #expect(content.hits[0].snippet.plainText == "…learn Swift")
        #expect(content.hits[0].date == "2 h ago")
        #expect(content.history == ["swift", "linux"])
    }

    @Test("Given no hits, when presented, then the screen is empty and names the query")
    func noHits() {
        let viewModel = SearchPresenter.viewModel(for: SearchResponse(query: "zzz", hits: [], hasMore: false, history: []),
                                                  now: testNow, dates: dates)
        #expect(viewModel == .empty("No results for \u{201C}zzz\u{201D}. Try fewer words or a prefix such as swift*."))
    }

    @Test("Given each problem, when presented, then history, the store's message or a retry is shown")
    func problems() {
        #expect(SearchPresenter.viewModel(for: .noQuery(history: [])) ==
                .empty("Type a query: words, \"exact phrases\", prefix*, title:word, AND, OR, NOT."))
        #expect(SearchPresenter.viewModel(for: .noQuery(history: ["swift"])).content?.history == ["swift"])
        #expect(SearchPresenter.viewModel(for: .invalidQuery(query: "\"a", message: "The search query is not valid: a quotation mark is not closed.")) ==
                .failed("The search query is not valid: a quotation mark is not closed.", retry: .querySubmitted("\"a")))
        #expect(SearchPresenter.viewModel(for: .failed(query: "a", message: "The database is busy.")) ==
                .failed("The database is busy.", retry: .querySubmitted("a")))
    }

    @Test("Given loading then a problem, when presented through a screen, then loading is shown then hidden by the Container")
    func loadingThenProblem() async {
        let display = SearchDisplaySpy(), activity = ActivitySpy()
        let presenter = SearchPresenter(display: display, activity: activity, clock: FixedWallClock(testNow), timeZone: utc)
        await presenter.presentLoading()
        await presenter.presentProblem(.failed(query: "a", message: "busy"))
        await presenter.presentNotice(.searchSaved(name: "Swift"))
        #expect(await display.viewModels == [.loading, .failed("busy", retry: .querySubmitted("a"))])
        #expect(await activity.reports == [.loading, .hidden, .notice("Saved the search \u{201C}Swift\u{201D}")])
    }
}
