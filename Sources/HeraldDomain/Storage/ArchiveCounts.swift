/// How much a store holds for the person it acts for, counted from the stored rows
/// (``StoreArchiving/archiveCounts()``): two stores holding the same data give the same counts.
public struct ArchiveCounts: Sendable, Hashable, Codable {
    /// One of the counts.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        /// Subscribed feeds.
        case feeds
        /// Articles.
        case articles
        /// Articles marked read.
        case read
        /// Starred articles.
        case starred
        /// Articles with at least one tag of the person's.
        case taggedArticles
        /// Saved searches.
        case savedSearches

        /// What is counted, for messages.
        public var description: String {
            switch self {
            case .feeds: "feeds"
            case .articles: "articles"
            case .read: "read articles"
            case .starred: "starred articles"
            case .taggedArticles: "tagged articles"
            case .savedSearches: "saved searches"
            }
        }
    }

    /// Subscribed feeds.
    public var feeds: Int
    /// Articles.
    public var articles: Int
    /// Articles marked read.
    public var read: Int
    /// Starred articles.
    public var starred: Int
    /// Articles with at least one tag of the person's.
    public var taggedArticles: Int
    /// Saved searches.
    public var savedSearches: Int

    /// Creates counts.
    public init(feeds: Int, articles: Int, read: Int, starred: Int, taggedArticles: Int, savedSearches: Int) {
        self.feeds = feeds
        self.articles = articles
        self.read = read
        self.starred = starred
        self.taggedArticles = taggedArticles
        self.savedSearches = savedSearches
    }

    /// One count.
    public subscript(kind: Kind) -> Int {
        switch kind {
        case .feeds: feeds
        case .articles: articles
        case .read: read
        case .starred: starred
        case .taggedArticles: taggedArticles
        case .savedSearches: savedSearches
        }
    }
}
