import HeraldDomain
import HeraldPorts

/// The statistics screen's business logic: the store's totals (feeds, failing feeds, articles,
/// unread, starred, size on disk). Talks only to the article store port.
public actor StatsInteractor: StatsBusinessLogic {
    private let articles: any ArticleStoring
    private let databasePath: String?
    private let presenter: any StatsPresentationLogic
    /// The totals as last loaded, for front ends that print them as data.
    public private(set) var statistics: StoreStatistics?

    /// Creates the interactor.
    /// - Parameters:
    ///   - articles: The store's totals.
    ///   - databasePath: The database file shown with the totals (`nil`: in memory).
    ///   - presenter: Where responses go.
    public init(articles: any ArticleStoring, databasePath: String?, presenter: any StatsPresentationLogic) {
        self.articles = articles
        self.databasePath = databasePath
        self.presenter = presenter
    }

    /// Shows loading, then the totals (or the failure with a retry).
    public func viewAppeared() async {
        await presenter.presentLoading()
        do {
            let totals = try await articles.statistics()
            statistics = totals
            await presenter.presentStatistics(StatsResponse(statistics: totals, databasePath: databasePath))
        } catch {
            await presenter.presentLoadFailure(error.message)
        }
    }
}
