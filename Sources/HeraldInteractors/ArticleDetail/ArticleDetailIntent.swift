import HeraldDomain

/// What the user did on an article, as data (key maps, retries).
public enum ArticleDetailIntent: Sendable, Hashable {
    /// The article was shown (or must be reloaded).
    case viewAppeared
    /// Show the next (older) article of the list.
    case nextArticleRequested
    /// Show the previous (newer) article of the list.
    case previousArticleRequested
    /// Open numbered link `n` of the body; 0 opens the article's own link.
    case linkOpened(Int)
    /// Toggle the star.
    case starToggled
    /// Mark the article unread again.
    case markedUnread
    /// Toggle the read state.
    case readToggled
    /// Show the next unread article (across feeds).
    case nextUnreadRequested
    /// Show the previous unread article (across feeds).
    case previousUnreadRequested
    /// The user switched between the feed's text and the full text of the page behind the link.
    case fullTextToggled
    /// The user queued the article's enclosures for `herald download`.
    case downloadQueued
}
