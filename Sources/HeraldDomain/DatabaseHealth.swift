/// What a check of the database file found (`herald doctor`).
public struct DatabaseCheck: Sendable, Hashable {
    /// SQLite's integrity check and the search index's own check, in SQLite's words; empty when
    /// the file is sound.
    public var problems: [String]
    /// Subscribed feeds, when they could be counted.
    public var feeds: Int?
    /// Stored articles, when they could be counted.
    public var articles: Int?

    /// True when nothing is wrong.
    public var isSound: Bool { problems.isEmpty }

    /// Creates a report.
    public init(problems: [String], feeds: Int?, articles: Int?) {
        self.problems = problems
        self.feeds = feeds
        self.articles = articles
    }
}

/// What a rebuild of a damaged database saved (`herald doctor --repair`).
public struct DatabaseRepair: Sendable, Hashable {
    /// Feeds copied into the new file.
    public var feeds: Int
    /// Articles copied (with the user's read and starred state).
    public var articles: Int
    /// Saved searches copied.
    public var savedSearches: Int
    /// Rows (of any table) that sat in damaged pages and could not be read.
    public var unreadableRows: Int
    /// Rows (of any table) below a damaged page that SQLite could no longer reach by key, recovered
    /// by reading the file's pages directly.
    public var salvagedRows: Int
    /// Why the pages below damaged ones were not read (the list of free pages is damaged, …), when
    /// they were not; `nil` when they were.
    public var pageSalvageSkipped: String?
    /// Where the damaged file was kept.
    public var damagedCopy: String

    /// Creates a report.
    public init(feeds: Int, articles: Int, savedSearches: Int, unreadableRows: Int, salvagedRows: Int = 0,
                pageSalvageSkipped: String? = nil, damagedCopy: String) {
        self.feeds = feeds
        self.articles = articles
        self.savedSearches = savedSearches
        self.unreadableRows = unreadableRows
        self.salvagedRows = salvagedRows
        self.pageSalvageSkipped = pageSalvageSkipped
        self.damagedCopy = damagedCopy
    }
}
