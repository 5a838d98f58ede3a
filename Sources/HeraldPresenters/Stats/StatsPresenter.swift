import HeraldInteractors

/// Turns the statistics module's responses into ``StatsViewModel``s and Container reports.
public final class StatsPresenter: StatsPresentationLogic {
    private weak let display: (any StatsDisplayLogic)?
    private let activity: any ActivityReporting

    /// Creates the presenter.
    /// - Parameters:
    ///   - display: The screen (held weakly: the screen owns the interactor that owns this).
    ///   - activity: The Container.
    public init(display: any StatsDisplayLogic, activity: any ActivityReporting) {
        self.display = display
        self.activity = activity
    }

    /// Shows the Container's loading indicator and the loading state.
    public func presentLoading() async {
        await activity.showLoading()
        await display?.display(.loading)
    }

    /// Shows the totals.
    public func presentStatistics(_ response: StatsResponse) async {
        await activity.hideLoading()
        await display?.display(.loaded(Self.content(for: response)))
    }

    /// Shows the failure with a retry of the load.
    public func presentLoadFailure(_ message: String) async {
        await activity.hideLoading()
        await display?.display(.failed(DisplayText.line(message), retry: .viewAppeared))
    }

    /// The labelled totals: database, feeds (with the failing ones), articles, unread, starred, size.
    public static func content(for response: StatsResponse) -> StatsContent {
        let totals = response.statistics
        let feeds = CountText.grouped(totals.feeds)
            + (totals.failingFeeds > 0 ? " (\(CountText.grouped(totals.failingFeeds)) failing)" : "")
        return StatsContent(rows: [
            StatsRowViewModel(label: "Database", value: response.databasePath.map(DisplayText.line) ?? "in memory"),
            StatsRowViewModel(label: "Feeds", value: feeds),
            StatsRowViewModel(label: "Articles", value: CountText.grouped(totals.articles)),
            StatsRowViewModel(label: "Unread", value: CountText.grouped(totals.unread)),
            StatsRowViewModel(label: "Starred", value: CountText.grouped(totals.starred)),
            StatsRowViewModel(label: "Size", value: ByteText.describe(totals.databaseBytes)),
        ])
    }
}
