import HeraldDomain
import HeraldInteractors

/// The feeds screen: one state at a time.
public typealias FeedsViewModel = ScreenState<FeedsContent, FeedsIntent>

/// The loaded feeds screen: folders of feeds, then saved searches.
public struct FeedsContent: Sendable, Hashable {
    /// "3 feeds · 12 unread".
    public var summary: String
    /// One group per tag (a feed with two tags is in both), then "Untagged".
    public var groups: [FeedGroupViewModel]
    /// The saved searches, listed like feeds.
    public var savedSearches: [SavedSearchRowViewModel]
    /// "Hidden by rules" and how many ("3"), the last row, when rules hid any article.
    public var hidden: HiddenRowViewModel?

    /// Creates the content.
    public init(summary: String, groups: [FeedGroupViewModel], savedSearches: [SavedSearchRowViewModel],
                hidden: HiddenRowViewModel? = nil) {
        self.hidden = hidden
        self.summary = summary
        self.groups = groups
        self.savedSearches = savedSearches
    }
}

/// A folder of feeds.
public struct FeedGroupViewModel: Sendable, Hashable {
    /// The tag, or "Untagged".
    public var title: String
    /// The tag a front end opens as an article list; `nil` for "Untagged".
    public var tag: String?
    /// "12 unread", or "" when none.
    public var unreadLabel: String
    /// The feeds, by display title.
    public var rows: [FeedRowViewModel]

    /// Creates a group.
    public init(title: String, tag: String?, unreadLabel: String, rows: [FeedRowViewModel]) {
        self.title = title
        self.tag = tag
        self.unreadLabel = unreadLabel
        self.rows = rows
    }
}

/// One feed line.
public struct FeedRowViewModel: Sendable, Hashable {
    /// The feed.
    public var id: FeedID
    /// The display title, safe for a terminal.
    public var title: String
    /// The unread count (for bold rows, sorting).
    public var unreadCount: Int
    /// "12 unread", or "" when none.
    public var unreadLabel: String
    /// Whether the feed is healthy, failing or gone.
    public var health: FeedHealth
    /// Whether refreshes keep its new articles' full texts (``FeedSettings/fullText``).
    public var fetchesFullText: Bool

    /// Creates a row.
    public init(id: FeedID, title: String, unreadCount: Int, unreadLabel: String, health: FeedHealth,
                fetchesFullText: Bool = false) {
        self.fetchesFullText = fetchesFullText
        self.id = id
        self.title = title
        self.unreadCount = unreadCount
        self.unreadLabel = unreadLabel
        self.health = health
    }
}

/// How a feed's fetching is going, worded for display.
public enum FeedHealth: Sendable, Hashable {
    /// Fetching works.
    case healthy
    /// The last fetches failed: the last error and when the next try is ("retrying in 2 h").
    case failing(error: String, retry: String)
    /// The publisher removed the feed; polling stopped until the user acts.
    case gone(String)
}

/// One saved-search line.
public struct SavedSearchRowViewModel: Sendable, Hashable {
    /// The saved search.
    public var id: SavedSearchID
    /// Its name, safe for a terminal.
    public var name: String
    /// Its query, safe for a terminal.
    public var query: String
    /// The unread count.
    public var unreadCount: Int
    /// "3 unread", or "" when none.
    public var unreadLabel: String

    /// Creates a row.
    public init(id: SavedSearchID, name: String, query: String, unreadCount: Int, unreadLabel: String) {
        self.id = id
        self.name = name
        self.query = query
        self.unreadCount = unreadCount
        self.unreadLabel = unreadLabel
    }
}

/// What a front end implements to show the feeds screen.
public protocol FeedsDisplayLogic: AnyObject, Sendable {
    /// Renders the screen's new state.
    func display(_ viewModel: FeedsViewModel) async
}

/// The feeds screen's last row: the articles rules hid, which no other list shows.
public struct HiddenRowViewModel: Sendable, Hashable {
    /// "Hidden by rules".
    public var title: String
    /// How many ("12").
    public var countLabel: String

    /// Creates the row.
    public init(title: String, countLabel: String) {
        self.title = title
        self.countLabel = countLabel
    }
}
