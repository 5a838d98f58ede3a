#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// What the user did on the feeds screen, as data: a front end sends these, a failed
/// screen carries one as its retry, and ``FeedsBusinessLogic/perform(_:)`` replays it.
public enum FeedsIntent: Sendable, Hashable {
    /// The screen was shown (or must be reloaded).
    case viewAppeared
    /// Refresh some or all feeds.
    case refreshRequested(RefreshSelection)
    /// Stop the refresh in progress.
    case refreshCancelRequested
    /// The user confirmed marking every article of a feed, tag or saved search read.
    case markAllReadConfirmed(ArticleFilter)
    /// The store changed under the screen (a refresh, another screen).
    case storeChanged(StoreChanges)
    /// Subscribe to a feed or a page that advertises one.
    case feedAdded(url: String, title: String?, tags: [String], fullText: Bool = false)
    /// The user turned full text on or off for a feed.
    case feedFullTextSet(FeedID, isOn: Bool)
    /// The user confirmed removing a feed.
    case feedRemovalConfirmed(FeedID)
    /// The user renamed a feed (`nil` restores the feed's own title).
    case feedRenamed(FeedID, to: String?)
    /// The user replaced a feed's tags.
    case feedRetagged(FeedID, tags: [String])
    /// The user opened a feed, a tag or a saved search.
    case sourceOpened(ArticleScope)
    /// The user imported a subscription list file.
    case subscriptionsImported(Data)
    /// The user asked for the subscriptions as OPML.
    case subscriptionsExportRequested
    /// The user asked to list the feeds without unread articles too, or to leave them out.
    case readFeedsShownSet(Bool)
    /// The user asked to list only the feeds of one tag (named exactly or by its start, in any
    /// case), or every feed again (`nil`): newsboat's `select-tag` and `clear-tag`.
    case tagSelected(String?)
}
