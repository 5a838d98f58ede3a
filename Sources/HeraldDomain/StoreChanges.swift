/// What a write to the store changed, so that screens reload only what they show.
public struct StoreChanges: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int

    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Subscriptions: added, removed, renamed, retagged, or their fetch state (errors, next retry).
    public static let feeds = StoreChanges(rawValue: 1 << 0)
    /// Articles: new ones stored, bodies updated, read or starred state changed, old ones removed.
    public static let articles = StoreChanges(rawValue: 1 << 1)
    /// Unread counts of feeds, tags or saved searches.
    public static let counts = StoreChanges(rawValue: 1 << 2)
    /// Everything.
    public static let all: StoreChanges = [.feeds, .articles, .counts]
}

/// Reports committed changes to the store as they happen, so a screen shows the articles a
/// refresh adds and the counts a mark changes without being asked to reload.
public protocol StoreObserving: Sendable {
    /// A stream of the changes committed from now on (by any task of this process); it ends when
    /// the consumer stops reading. Several commits in a row may arrive as one merged value.
    func changes() -> AsyncStream<StoreChanges>
}
