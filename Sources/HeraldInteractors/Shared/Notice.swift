/// Something a module tells the user once, in passing, as data: the presenter words it
/// and the Container shows it as a transient notice.
public enum Notice: Sendable, Hashable {
    /// Subscribed to a feed (`created` is false when it was already subscribed).
    case subscribed(title: String, created: Bool)
    /// A feed was removed.
    case removed(title: String)
    /// A subscription list was imported; `commandsRefused` script sources (`exec:`, `filter:`), and on a server local files,
    /// were left out because only the command line adds them.
    case imported(added: Int, alreadySubscribed: Int, commandsRefused: Int = 0)
    /// The subscriptions were exported.
    case exported(feeds: Int)
    /// Articles named by the user were marked read or unread, starred or unstarred.
    case articlesChanged(count: Int, change: ArticleStateChange)
    /// Articles were marked read in bulk.
    case markedRead(count: Int)
    /// "Next unread" found nothing.
    case noUnreadLeft
    /// A search was saved.
    case searchSaved(name: String)
    /// Next/previous reached the end of the list (`older` tells which end).
    case endOfList(older: Bool)
    /// The retention policy removed old articles after a refresh.
    case retentionApplied(removed: Int)
    /// A numbered link does not exist in the article.
    case noSuchLink(number: Int)
    /// The page behind an article is being fetched for its full text.
    case fetchingFullText
    /// Full text was turned on or off for a feed.
    case fullTextSet(feedTitle: String, isOn: Bool)
    /// Feeds without unread articles are now listed, or left out (newsboat's `show-read-feeds`).
    case readFeedsShown(Bool)
    /// Only the feeds of a tag are listed now, or every feed again (`nil`).
    case tagShown(String?)
    /// No tag is named by what the user typed; `known` are the tags there are.
    case noSuchTag(String, known: [String])
    /// An article's enclosures were queued for `herald download`, into `folder`.
    case downloadsQueued(count: Int, folder: String)
}

/// A change of the user's state of articles.
public enum ArticleStateChange: Sendable, Hashable {
    /// Marked read.
    case read
    /// Marked unread.
    case unread
    /// Starred.
    case starred
    /// Unstarred.
    case unstarred
    /// Hidden, as a rule's block hides.
    case hidden
    /// Shown again after a rule hid them.
    case shown
}
