import HeraldDomain

/// The intents the statistics screen accepts.
public protocol StatsBusinessLogic: Sendable {
    /// Loads the totals of the store.
    func viewAppeared() async
}

/// An intent of the statistics screen as data (a retry).
public enum StatsIntent: Sendable, Hashable {
    /// Load the totals again.
    case viewAppeared
}

extension StatsBusinessLogic {
    /// Performs an intent given as data.
    public func perform(_ intent: StatsIntent) async {
        switch intent {
        case .viewAppeared: await viewAppeared()
        }
    }
}

/// What the statistics screen loaded.
public struct StatsResponse: Sendable, Hashable {
    /// The totals.
    public var statistics: StoreStatistics
    /// The database file, or `nil` for an in-memory store.
    public var databasePath: String?

    /// Creates the response.
    public init(statistics: StoreStatistics, databasePath: String?) {
        self.statistics = statistics
        self.databasePath = databasePath
    }
}

/// How the statistics module reports to its presenter.
public protocol StatsPresentationLogic: Sendable {
    /// The screen is loading.
    func presentLoading() async
    /// The totals loaded.
    func presentStatistics(_ response: StatsResponse) async
    /// Loading failed; the message comes from the port's error.
    func presentLoadFailure(_ message: String) async
}
