import HeraldDomain

/// What the user did on an article list, as data (key maps, retries).
public enum ArticleListIntent: Sendable, Hashable {
    /// The list was shown (or must be reloaded from the first page).
    case viewAppeared
    /// The user scrolled to the end: load the next page.
    case nextPageRequested
    /// The user opened an article (it is marked read).
    case articleOpened(ArticleID)
    /// The user toggled an article's read state.
    case readToggled(ArticleID)
    /// The user toggled an article's star.
    case starToggled(ArticleID)
    /// The user set the read state of articles by identifier (`herald mark read 3 4`).
    case readSet(Bool, [ArticleID])
    /// The user starred or unstarred articles by identifier.
    case starSet(Bool, [ArticleID])
    /// Hides articles named by identifier (`true`) or shows them again.
    case hiddenSet(Bool, [ArticleID])
    /// The user confirmed marking every article of the list read.
    case markAllReadConfirmed
    /// The user asked for the next unread article, across feeds.
    case nextUnreadRequested
    /// The user asked for the previous unread article, across feeds.
    case previousUnreadRequested
    /// The user moved the selection (without opening).
    case selectionMoved(ArticleID)
    /// An article read elsewhere (next unread crossed into this list) is to be selected, loading
    /// pages until the list holds it.
    case selectionRevealed(ArticleID)
    /// The store changed under the list (a refresh, another screen).
    case storeChanged(StoreChanges)
}
