/// How far a ``StoreMigration`` has come, reported at each stage and after each page of articles.
public struct StoreMigrationProgress: Sendable, Hashable {
    /// What the migration is doing.
    public enum Stage: Sendable, Hashable {
        /// Copying the feeds and subscriptions.
        case feeds
        /// Copying the articles, a page at a time.
        case articles
        /// Copying the saved searches.
        case savedSearches
        /// Comparing the counts of both stores.
        case verification
    }

    /// What the migration is doing.
    public var stage: Stage
    /// Articles copied so far (those already in the destination included).
    public var articlesCopied: Int
    /// Articles the source held when the migration started.
    public var articlesTotal: Int

    /// Creates a progress report.
    public init(stage: Stage, articlesCopied: Int, articlesTotal: Int) {
        self.stage = stage
        self.articlesCopied = articlesCopied
        self.articlesTotal = articlesTotal
    }
}
