import HeraldDomain

/// What a ``StoreMigration`` copied.
public struct StoreMigrationReport: Sendable, Hashable {
    /// Feeds copied (those the destination already had included).
    public var feeds: Int
    /// Articles the destination did not have before.
    public var articlesAdded: Int
    /// Articles the destination already had (from an earlier run), left as they were.
    public var articlesAlreadyPresent: Int
    /// Saved searches copied (those the destination already had included).
    public var savedSearches: Int
    /// The counts both stores agree on.
    public var counts: ArchiveCounts

    /// Creates a report.
    public init(feeds: Int, articlesAdded: Int, articlesAlreadyPresent: Int, savedSearches: Int, counts: ArchiveCounts) {
        self.feeds = feeds
        self.articlesAdded = articlesAdded
        self.articlesAlreadyPresent = articlesAlreadyPresent
        self.savedSearches = savedSearches
        self.counts = counts
    }
}
