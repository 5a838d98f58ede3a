#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldInteractors

/// Turns the search screen's responses into ``SearchViewModel``s and Container reports.
public final class SearchPresenter: SearchPresentationLogic {
    private weak let display: (any SearchDisplayLogic)?
    private let activity: any ActivityReporting
    private let clock: any WallClock
    private let dates: DateText

    /// Creates the presenter.
    /// - Parameters:
    ///   - display: The screen (held weakly).
    ///   - activity: The Container.
    ///   - clock: `now` for relative dates.
    ///   - timeZone: Where "yesterday" is.
    public init(display: any SearchDisplayLogic, activity: any ActivityReporting, clock: any WallClock,
                timeZone: TimeZone) {
        self.display = display
        self.activity = activity
        self.clock = clock
        self.dates = DateText(timeZone: timeZone)
    }

    /// Shows the Container's loading indicator and the loading state.
    public func presentLoading() async {
        await activity.showLoading()
        await display?.display(.loading)
    }

    /// Shows the results.
    public func presentResults(_ response: SearchResponse) async {
        await activity.hideLoading()
        await display?.display(Self.viewModel(for: response, now: clock.now(), dates: dates))
    }

    /// Shows why there are no results.
    public func presentProblem(_ problem: SearchProblem) async {
        await activity.hideLoading()
        await display?.display(Self.viewModel(for: problem))
    }

    /// Shows a notice through the Container.
    public func presentNotice(_ notice: Notice) async {
        await activity.show(notice)
    }

    /// Queues the failure in the Container with its retry.
    public func presentActionFailure(_ failure: ActionFailure) async {
        await activity.show(failure)
    }

    /// The pure translation of results at `now`.
    public static func viewModel(for response: SearchResponse, now: Date, dates: DateText) -> SearchViewModel {
        let query = DisplayText.line(response.query)
        guard !response.hits.isEmpty else {
            return .empty("No results for \u{201C}\(query)\u{201D}. Try fewer words or a prefix such as swift*.")
        }
        let hits = response.hits.map {
            SearchHitViewModel(id: $0.article.id, title: clean($0.highlightedTitle), snippet: clean($0.snippet),
                               feedTitle: DisplayText.line($0.article.feedTitle),
                               date: dates.relative($0.article.date, now: now), isRead: $0.article.isRead)
        }
        let summary = CountText.count(hits.count, "result") + (response.hasMore ? " so far" : "")
        return .loaded(SearchContent(query: query, summary: summary, hits: hits, hasMore: response.hasMore,
                                     history: response.history.map(DisplayText.line)))
    }

    /// The pure translation of a problem: the history before a query, the store's own words
    /// for an invalid query (as a failure), a retry for a failure.
    public static func viewModel(for problem: SearchProblem) -> SearchViewModel {
        switch problem {
        case .noQuery(let history) where history.isEmpty:
            return .empty("Type a query: words, \"exact phrases\", prefix*, title:word, AND, OR, NOT.")
        case .noQuery(let history):
            return .loaded(SearchContent(query: "", summary: "Recent searches", hits: [], hasMore: false,
                                         history: history.map(DisplayText.line)))
        case let .invalidQuery(query, message):
            // A failed state, so that every front end treats it as an error (the CLI exits non-zero);
            // the retry re-submits the query once the user has corrected it.
            return .failed(DisplayText.line(message), retry: .querySubmitted(query))
        case let .failed(query, message):
            return .failed(DisplayText.line(message), retry: .querySubmitted(query))
        }
    }

    /// Highlighted text with every run cleaned of control characters; empty runs dropped.
    static func clean(_ text: HighlightedText) -> HighlightedText {
        HighlightedText(segments: text.segments
            .map { HighlightedText.Segment(text: DisplayText.fragment($0.text), isMatch: $0.isMatch) }
            .filter { !$0.text.isEmpty })
    }
}
