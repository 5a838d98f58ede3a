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
