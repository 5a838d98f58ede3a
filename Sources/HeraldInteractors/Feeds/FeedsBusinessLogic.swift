#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// The intents the feeds screen accepts, named for what happened.
public protocol FeedsBusinessLogic: Sendable {
    /// Loads the subscriptions, saved searches and unread counts.
    func viewAppeared() async
    /// Refreshes feeds, reporting progress and a closing notice through the Container.
    func refreshRequested(_ selection: RefreshSelection) async
    /// Stops the refresh in progress (its summary still arrives, marked cancelled).
    func refreshCancelRequested() async
    /// Marks every article of a feed, tag or saved search read, after the user confirmed.
    func markAllReadConfirmed(_ filter: ArticleFilter) async
    /// Reloads in place after the store changed.
    func storeChanged(_ changes: StoreChanges) async
    /// Subscribes (with discovery), turns full text on when asked, then reloads.
    func feedAdded(url: String, title: String?, tags: [String], fullText: Bool) async
    /// Turns full text on or off for a feed (``FeedSettings/fullText``), then reloads.
    func feedFullTextSet(_ id: FeedID, isOn: Bool) async
    /// Removes a feed the user confirmed removing, then reloads.
    func feedRemovalConfirmed(_ id: FeedID) async
    /// Renames a feed; `nil` restores its own title.
    func feedRenamed(_ id: FeedID, to title: String?) async
    /// Replaces a feed's tags.
    func feedRetagged(_ id: FeedID, tags: [String]) async
    /// Records the source the user opened, for routing to its article list.
    func sourceOpened(_ scope: ArticleScope) async
    /// Imports an OPML or newsboat `urls` file.
    func subscriptionsImported(_ data: Data) async
    /// Exports the subscriptions as OPML into the data store.
    func subscriptionsExportRequested() async
    /// Lists the feeds without unread articles too (`true`, the start), or leaves them out, then
    /// reloads with a notice.
    func readFeedsShownSet(_ isShown: Bool) async
    /// Lists only the feeds of the tag `name` names (exactly, else by its start, in any case), or
    /// every feed again for `nil`, then reloads with a notice; a name no tag has changes nothing
    /// and says which tags there are.
    func tagSelected(_ name: String?) async
}

extension FeedsBusinessLogic {
    /// Subscribes (with discovery) without full text, then reloads.
    public func feedAdded(url: String, title: String?, tags: [String]) async {
        await feedAdded(url: url, title: title, tags: tags, fullText: false)
    }

    /// Performs an intent given as data (a key map entry, a retry).
    public func perform(_ intent: FeedsIntent) async {
        switch intent {
        case .viewAppeared: await viewAppeared()
        case .refreshRequested(let selection): await refreshRequested(selection)
        case .refreshCancelRequested: await refreshCancelRequested()
        case .markAllReadConfirmed(let filter): await markAllReadConfirmed(filter)
        case .storeChanged(let changes): await storeChanged(changes)
        case let .feedAdded(url, title, tags, fullText): await feedAdded(url: url, title: title, tags: tags, fullText: fullText)
        case let .feedFullTextSet(id, isOn): await feedFullTextSet(id, isOn: isOn)
        case .feedRemovalConfirmed(let id): await feedRemovalConfirmed(id)
        case let .feedRenamed(id, title): await feedRenamed(id, to: title)
        case let .feedRetagged(id, tags): await feedRetagged(id, tags: tags)
        case .sourceOpened(let scope): await sourceOpened(scope)
        case .subscriptionsImported(let data): await subscriptionsImported(data)
        case .subscriptionsExportRequested: await subscriptionsExportRequested()
        case .readFeedsShownSet(let isShown): await readFeedsShownSet(isShown)
        case .tagSelected(let name): await tagSelected(name)
        }
    }
}

/// What the feeds module keeps that routing and the front end read.
public protocol FeedsDataStore: Sendable {
    /// The feeds as last loaded.
    var feeds: [Feed] { get async }
    /// The list the user opened last (a feed, a tag or a saved search), for the article list route.
    var openedFilter: ArticleFilter? { get async }
    /// The OPML document of the last export.
    var exportedOPML: Data? { get async }
    /// Whether feeds without unread articles are listed.
    var showsReadFeeds: Bool { get async }
    /// The tag whose feeds alone are listed, if one is chosen.
    var selectedTag: String? { get async }
}
