#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store's identifier of a subscribed feed.
public struct FeedID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The row identifier in the store.
    public let rawValue: Int64
    /// Wraps a store row identifier.
    public init(rawValue: Int64) { self.rawValue = rawValue }
    /// Wraps a store row identifier.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    /// Orders identifiers by their raw value.
    public static func < (lhs: FeedID, rhs: FeedID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The raw value as a decimal string, as the CLI prints it.
    public var description: String { String(rawValue) }
}

/// The store's identifier of an article.
public struct ArticleID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The row identifier in the store.
    public let rawValue: Int64
    /// Wraps a store row identifier.
    public init(rawValue: Int64) { self.rawValue = rawValue }
    /// Wraps a store row identifier.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    /// Orders identifiers by their raw value.
    public static func < (lhs: ArticleID, rhs: ArticleID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The raw value as a decimal string, as the CLI prints it.
    public var description: String { String(rawValue) }
}

/// The store's identifier of a saved search (a "query feed").
public struct SavedSearchID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The row identifier in the store.
    public let rawValue: Int64
    /// Wraps a store row identifier.
    public init(rawValue: Int64) { self.rawValue = rawValue }
    /// Wraps a store row identifier.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    /// Orders identifiers by their raw value.
    public static func < (lhs: SavedSearchID, rhs: SavedSearchID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The raw value as a decimal string, as the CLI prints it.
    public var description: String { String(rawValue) }
}
