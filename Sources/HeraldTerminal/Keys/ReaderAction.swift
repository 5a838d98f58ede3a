/// Everything a key can do in the reader, named as in a `bind-key` line (newsboat's names where
/// newsboat has the action).
public enum ReaderAction: String, Sendable, Hashable, CaseIterable {
    /// Move the cursor up.
    case up
    /// Move the cursor down.
    case down
    /// One screen up.
    case pageUp = "pageup"
    /// One screen down.
    case pageDown = "pagedown"
    /// The first row.
    case home
    /// The last row.
    case end
    /// Open the row (a feed's list, an article, a search result).
    case open
    /// Back to the previous screen; quit on the top screen.
    case quit
    /// Quit from anywhere.
    case hardQuit = "hard-quit"
    /// Refresh this feed (or the feeds of this list).
    case reload
    /// Refresh every feed, with progress in the status line.
    case reloadAll = "reload-all"
    /// Cancel a running refresh, else quit (Ctrl-C).
    case interrupt
    /// Suspend to the shell (Ctrl-Z); `fg` comes back.
    case suspend
    /// Paint the whole screen again (Ctrl-L), after another program wrote over it.
    case redraw
    /// The next unread article, across feeds.
    case nextUnread = "next-unread"
    /// The previous unread article, across feeds.
    case previousUnread = "prev-unread"
    /// The next (older) article of the list, in the article view.
    case nextArticle = "next"
    /// The previous (newer) article of the list, in the article view.
    case previousArticle = "prev"
    /// Toggle the article's read state.
    case toggleRead = "toggle-article-read"
    /// Star or unstar the article.
    case toggleStar = "toggle-star"
    /// Mark every article of this list (or the selected feed) read, after a confirmation.
    case markAllRead = "mark-feed-read"
    /// Mark every article of every feed read, after a confirmation (newsboat's `C`).
    case markEverythingRead = "mark-all-feeds-read"
    /// Remove the selected feed, after a confirmation.
    case removeFeed = "remove-feed"
    /// On the feeds screen, list the feeds without unread articles too, or leave them out.
    case toggleShowReadFeeds = "toggle-show-read-feeds"
    /// List only the feeds of one tag, typed at a prompt (newsboat's `select-tag`).
    case selectTag = "select-tag"
    /// List the feeds of every tag again (newsboat's `clear-tag`).
    case clearTag = "clear-tag"
    /// Open the query line.
    case search
    /// In an article, scroll to its numbered links (newsboat's URL view: a digit and ENTER opens one).
    case showURLs = "show-urls"
    /// Open the article's link in the browser.
    case openInBrowser = "open-in-browser"
    /// Open the article's link in the browser and mark the article read (newsboat's `O`).
    case openInBrowserAndMarkRead = "open-in-browser-and-mark-read"
    /// In an article, switch between the feed's text and the full article of the page behind the
    /// link (fetched and kept when none is); on the feeds screen, turn full text on or off for the
    /// selected feed.
    case toggleFullText = "toggle-full-text"
    /// In an article, queue its enclosures for `herald download` (newsboat's `enqueue`).
    case enqueue
    /// The keys of this screen.
    case help
    /// Yes, in a confirmation.
    case confirm
    /// No, in a confirmation; close an alert.
    case cancel
    /// Run the failed action of an error alert again.
    case retry

    /// What the action does, for the help screen.
    public var summary: String {
        switch self {
        case .up: "Move up"
        case .down: "Move down"
        case .pageUp: "One screen up"
        case .pageDown: "One screen down"
        case .home: "First row"
        case .end: "Last row"
        case .open: "Open"
        case .quit: "Back (quit on the top screen)"
        case .hardQuit: "Quit"
        case .reload: "Refresh this feed"
        case .reloadAll: "Refresh all feeds"
        case .interrupt: "Cancel the refresh, else quit"
        case .suspend: "Suspend (fg to come back)"
        case .redraw: "Paint the screen again"
        case .nextUnread: "Next unread article"
        case .previousUnread: "Previous unread article"
        case .nextArticle: "Next article"
        case .previousArticle: "Previous article"
        case .toggleRead: "Toggle read"
        case .toggleStar: "Star or unstar"
        case .markAllRead: "Mark all read"
        case .markEverythingRead: "Mark every feed read"
        case .removeFeed: "Remove the feed"
        case .toggleShowReadFeeds: "Show or hide the feeds without unread articles"
        case .selectTag: "Show only the feeds of a tag (typed; its start is enough)"
        case .clearTag: "Show the feeds of every tag"
        case .search: "Search"
        case .showURLs: "Go to the article's links (a number and ENTER opens one)"
        case .openInBrowser: "Open the link in the browser"
        case .openInBrowserAndMarkRead: "Open the link in the browser, mark read"
        case .toggleFullText: "Full text: the page's article or the feed's text (feeds: on/off for the feed)"
        case .enqueue: "Queue the podcast episode (enclosures) for herald download"
        case .help: "Help"
        case .confirm: "Yes"
        case .cancel: "No / close"
        case .retry: "Retry"
        }
    }

    /// What the action does on a screen of `context`, where that differs from ``summary``: on the
    /// feeds screen, `n`/`p` move to a feed and `q` quits.
    public func summary(in context: KeyContext) -> String {
        switch (self, context) {
        case (.nextUnread, .feeds): "Next feed with unread articles"
        case (.previousUnread, .feeds): "Previous feed with unread articles"
        case (.quit, .feeds): "Quit"
        default: summary
        }
    }

    /// The short label of the hints line.
    public var hint: String {
        switch self {
        case .open: "Open"
        case .quit: "Back"
        case .hardQuit: "Quit"
        case .reload: "Refresh"
        case .reloadAll: "Refresh all"
        case .nextUnread: "Next unread"
        case .toggleStar: "Star"
        case .toggleRead: "Read"
        case .markAllRead: "All read"
        case .search: "Search"
        case .openInBrowser: "Browser"
        case .toggleFullText: "Full text"
        case .help: "Help"
        default: summary
        }
    }
}
