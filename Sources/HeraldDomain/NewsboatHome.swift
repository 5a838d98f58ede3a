import Foundation

/// What a newsboat user has, read from their newsboat folder: the subscriptions of `urls`, its
/// `query:` feeds and script sources, and every article of `cache.db` with its read state and flags.
public struct NewsboatHome: Sendable {
    /// The `urls` file read.
    public var urlsFile: String
    /// The cache read, when there was one.
    public var cacheFile: String?
    /// The feeds of `urls`, with their tags, titles (`"~Title"`) and hidden flags (`"!"`);
    /// `exec:` and `filter:` sources (``ScriptSource``) among them.
    public var subscriptions: [SubscriptionEntry]
    /// The `query:` feeds: searches over the other feeds.
    public var queries: [NewsboatQuery]
    /// The feeds of the cache, with their articles.
    public var feeds: [NewsboatFeed]
    /// What Herald reads of newsboat's `config` file.
    public var config = NewsboatConfig()

    /// Creates a newsboat home.
    public init(urlsFile: String, cacheFile: String?, subscriptions: [SubscriptionEntry], queries: [NewsboatQuery],
                feeds: [NewsboatFeed]) {
        self.urlsFile = urlsFile
        self.cacheFile = cacheFile
        self.subscriptions = subscriptions
        self.queries = queries
        self.feeds = feeds
    }
}

/// What Herald reads of newsboat's `config` file: its key bindings, and the lines that have
/// no Herald equivalent yet (listed in the import's report).
public struct NewsboatConfig: Sendable, Hashable {
    /// The file read, when there was one.
    public var file: String?
    /// Each `bind-key` line's words after `bind-key`, in newsboat's names.
    public var keyBindings: [[String]] = []
    /// `ignore-article` lines: each as written, with its words after `ignore-article` (the feed's
    /// URL or `*`, then newsboat's filter expression).
    public var ignoreArticles: [NewsboatConfigLine] = []
    /// The `notify-program` line, as written.
    public var notifyProgram: String?
    /// `urls-source` when it is not `local`: newsboat then syncs from that service (Miniflux,
    /// FreshRSS, …), its `urls` file is not the subscription list and its cache keys feeds by the
    /// service's ids.
    public var remoteURLsSource: String?

    /// An empty config.
    public init(file: String? = nil) {
        self.file = file
    }
}

/// A `query:NAME:EXPRESSION` line of newsboat's `urls`.
public struct NewsboatQuery: Sendable, Hashable {
    /// The name shown for the query feed.
    public var name: String
    /// The filter expression, in newsboat's filter language.
    public var expression: String

    /// Creates a query.
    public init(name: String, expression: String) {
        self.name = name
        self.expression = expression
    }
}

/// One feed of newsboat's cache: its articles, as Herald would have parsed them (the same
/// identities, so that Herald's next fetch of the feed recognises them), and their state.
public struct NewsboatFeed: Sendable {
    /// The feed's URL (newsboat's `rssurl`).
    public var feedURL: String
    /// Its title in newsboat.
    public var title: String
    /// Its site's address.
    public var siteURL: String?
    /// The articles newsboat keeps, deleted ones too (they stay in its cache while the feed
    /// carries them, so that they do not come back).
    public var items: [ParsedItem]
    /// Read and flagged state by item identity.
    public var states: [String: NewsboatItemState]

    /// Creates a cached feed.
    public init(feedURL: String, title: String, siteURL: String?, items: [ParsedItem], states: [String: NewsboatItemState]) {
        self.feedURL = feedURL
        self.title = title
        self.siteURL = siteURL
        self.items = items
        self.states = states
    }
}

/// What the user did with an article in newsboat.
public struct NewsboatItemState: Sendable, Hashable {
    /// Read (newsboat's `unread` is 0).
    public var isRead: Bool
    /// Flagged with the flag taken for starred (`s` unless said otherwise).
    public var isStarred: Bool
    /// Deleted in newsboat (`D`, or `delete-read-articles-on-quit`): hidden in Herald, so that it
    /// stays out of the lists and the feed's next fetch does not bring it back as new.
    public var isDeleted: Bool

    /// Creates a state.
    public init(isRead: Bool, isStarred: Bool, isDeleted: Bool = false) {
        self.isRead = isRead
        self.isStarred = isStarred
        self.isDeleted = isDeleted
    }
}

/// Why a newsboat folder could not be read.
public enum NewsboatImportError: Error, Sendable, Hashable {
    /// No `urls` file in any of the folders looked at.
    case noNewsboatFolder(looked: [String])
    /// `cache.db` exists but is not newsboat's cache, or cannot be read.
    case unreadableCache(path: String, reason: String)
    /// The store failed while importing.
    case store(StoreError)

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case .noNewsboatFolder(let looked):
            "No newsboat urls file in \(looked.joined(separator: ", ")); give the folder: herald import --from newsboat DIR."
        case let .unreadableCache(path, reason):
            "Cannot read newsboat's cache \(path): \(reason). Close newsboat if it is running, or import without it by moving it away."
        case .store(let error): error.message
        }
    }
}

/// What `herald import --from newsboat` took, and what it did not.
public struct NewsboatImportReport: Sendable, Hashable {
    /// Subscriptions added, and those already there.
    public var feedsAdded = 0
    public var feedsAlreadySubscribed = 0
    /// Articles taken from the cache (new or updated), read ones marked read, flagged ones starred.
    public var articles = 0
    public var markedRead = 0
    public var starred = 0
    /// Articles deleted in newsboat, kept hidden (and read).
    public var hidden = 0
    /// newsboat's `urls-source` when it is a service, not the `urls` file (nothing of `urls` is
    /// then its subscriptions: they live on that service).
    public var remoteURLsSource: String?
    /// Cached feeds that are no longer in `urls` (left out).
    public var cachedFeedsNotSubscribed: [String] = []
    /// Query feeds saved as searches, with the Herald query they became.
    public var savedSearches: [String] = []
    /// Query feeds not taken, with the reason.
    public var queriesNotTaken: [String] = []
    /// Script sources (`exec:`, `filter:`) added as feeds.
    public var scriptSourcesAdded: [String] = []
    /// Script sources not taken (a shared database never runs commands).
    public var scriptSourcesNotTaken: [String] = []
    /// newsboat's key bindings in Herald's names (`bind-key KEY ACTION [CONTEXT]` words); the front
    /// end that knows its keys keeps the ones it has (`herald import` adds them to the config file).
    public var keyBindings: [[String]] = []
    /// Lines of newsboat's config not taken, with the reason.
    public var configLinesNotTaken: [String] = []
    /// `ignore-article` lines as Herald's block rules; the front end that knows the config file
    /// keeps them there (`herald import` adds them).
    public var rules: [ArticleRule] = []

    /// Creates an empty report.
    public init() {}
}

/// One line of newsboat's `config`: as written, and its words after the command.
public struct NewsboatConfigLine: Sendable, Hashable {
    /// The line as written.
    public var line: String
    /// Its words after the command's name, quotes removed.
    public var words: [String]

    /// Creates a line.
    public init(line: String, words: [String]) {
        self.line = line
        self.words = words
    }
}
