import HeraldInteractors

/// The statistics screen: one state at a time.
public typealias StatsViewModel = ScreenState<StatsContent, StatsIntent>

/// The loaded statistics: labelled lines, in reading order.
public struct StatsContent: Sendable, Hashable {
    /// "Feeds" → "12 (2 failing)", and so on.
    public var rows: [StatsRowViewModel]

    /// Creates the content.
    public init(rows: [StatsRowViewModel]) {
        self.rows = rows
    }
}

/// One labelled total.
public struct StatsRowViewModel: Sendable, Hashable {
    /// "Unread".
    public var label: String
    /// "1,204".
    public var value: String

    /// Creates a row.
    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// A screen that shows the statistics.
public protocol StatsDisplayLogic: AnyObject, Sendable {
    /// Shows a new state.
    func display(_ viewModel: StatsViewModel) async
}
