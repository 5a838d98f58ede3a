#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// The feeds screen's business logic: subscriptions with unread counts, saved searches,
/// add/remove/rename/retag, refresh with progress, import and export. Talks only to ports.
public actor FeedsInteractor: FeedsBusinessLogic, FeedsDataStore {
    /// The ports the module uses.
    public struct Dependencies: Sendable {
        /// Subscriptions.
        public var feeds: any FeedStoring
        /// Unread counts.
        public var articles: any ArticleStoring
        /// Saved searches and their counts.
        public var searches: any ArticleSearching
        /// Subscribing, import and export.
        public var subscriber: any FeedSubscribing
        /// Refreshing.
        public var refresher: any FeedRefreshing
        /// What to keep after a refresh (`nil`: keep everything).
        public var retention: RetentionPolicy?
        /// `now` for the retention policy's age limit.
        public var clock: (any WallClock)?

        /// Bundles the ports.
        public init(feeds: any FeedStoring, articles: any ArticleStoring, searches: any ArticleSearching,
                    subscriber: any FeedSubscribing, refresher: any FeedRefreshing,
                    retention: RetentionPolicy? = nil, clock: (any WallClock)? = nil) {
            self.feeds = feeds
            self.articles = articles
            self.searches = searches
            self.subscriber = subscriber
            self.refresher = refresher
            self.retention = retention
            self.clock = clock
        }
    }

    private let ports: Dependencies
    private let presenter: any FeedsPresentationLogic
    /// The feeds as last loaded.
    public private(set) var feeds: [Feed] = []
    /// The list the user opened last.
    public private(set) var openedFilter: ArticleFilter?
    /// The OPML document of the last export.
    public private(set) var exportedOPML: Data?
    /// Whether feeds without unread articles are listed (newsboat's `show-read-feeds`).
    public private(set) var showsReadFeeds = true
    /// The tag whose feeds alone are listed (newsboat's `select-tag`), if one is chosen.
    public private(set) var selectedTag: String?

    /// Creates the interactor.
    public init(dependencies: Dependencies, presenter: any FeedsPresentationLogic) {
        self.ports = dependencies
        self.presenter = presenter
    }

    /// Shows loading, then the subscriptions (or the failure with a retry).
    public func viewAppeared() async {
        await presenter.presentLoading()
        await reload()
    }

    /// Consumes the refresh stream, reporting progress and the closing summary, then reloads.
    public func refreshRequested(_ selection: RefreshSelection) async {
        var progress = RefreshProgress(done: 0, total: 0, current: nil)
        for await event in ports.refresher.refresh(selection) {
            switch event {
            case .started(let total):
                progress.total = total
            case .fetching(let feed):
                progress.current = feed
            case .notModified, .stored, .failed, .skipped:
                progress.done += 1
            case .moved, .fullTexts:
                continue
            case .finished(let summary):
                await presenter.presentRefreshFinished(summary)
                await applyRetention()
                await reload()
                return
            }
            await presenter.presentRefreshProgress(progress)
        }
        // The stream ended without a summary (cancelled before it began): still show the new state.
        await reload()
    }

    /// Stops the refresh in progress; its stream still ends with the summary ("Refresh cancelled…").
    public func refreshCancelRequested() async {
        await ports.refresher.cancelRefreshes()
    }

    /// Marks every article a filter covers read (a feed, a tag, a saved search), then reloads.
    public func markAllReadConfirmed(_ filter: ArticleFilter) async {
        do {
            let count = try await ports.articles.markAllRead(in: filter)
            await presenter.presentNotice(.markedRead(count: count))
            await reload()
        } catch {
            await fail(error.message) { await $0.markAllReadConfirmed(filter) }
        }
    }

    /// Reloads in place (no loading state) after the store changed.
    public func storeChanged(_ changes: StoreChanges) async {
        await reload()
    }

    /// Deletes what the retention policy no longer keeps (never starred articles).
    private func applyRetention() async {
        guard let retention = ports.retention, let clock = ports.clock else { return }
        do {
            let removed = try await ports.articles.applyRetention(global: retention, now: clock.now())
            if removed > 0 { await presenter.presentNotice(.retentionApplied(removed: removed)) }
        } catch {
            await fail(error.message) { await $0.applyRetention() }
        }
    }

    /// Subscribes through the subscribe use case (which discovers feeds on pages), then reloads.
    public func feedAdded(url: String, title: String?, tags: [String], fullText: Bool) async {
        do {
            let result = try await ports.subscriber.subscribe(to: url, title: title, tags: tags)
            if fullText, !result.feed.settings.fetchesFullText {
                var settings = result.feed.settings
                settings.fullText = true
                do {
                    try await ports.feeds.setSettings(settings, for: result.feed.id)
                } catch {
                    await fail(error.message) { await $0.feedFullTextSet(result.feed.id, isOn: true) }
                }
            }
            await presenter.presentNotice(.subscribed(title: result.feed.displayTitle, created: result.created))
            await reload()
        } catch {
            await fail(error.message) { await $0.feedAdded(url: url, title: title, tags: tags, fullText: fullText) }
        }
    }

    /// Turns full text on or off for a feed, then reloads.
    public func feedFullTextSet(_ id: FeedID, isOn: Bool) async {
        do {
            let feed = try await ports.feeds.feed(id)
            var settings = feed.settings
            settings.fullText = isOn ? true : nil
            try await ports.feeds.setSettings(settings, for: id)
            await presenter.presentNotice(.fullTextSet(feedTitle: feed.displayTitle, isOn: isOn))
            await reload()
        } catch {
            await fail(error.message) { await $0.feedFullTextSet(id, isOn: isOn) }
        }
    }

    /// Removes a confirmed feed and its articles, then reloads.
    public func feedRemovalConfirmed(_ id: FeedID) async {
        let title = feeds.first { $0.id == id }?.displayTitle ?? "feed \(id)"
        do {
            try await ports.feeds.removeFeed(id)
            await presenter.presentNotice(.removed(title: title))
            await reload()
        } catch {
            await fail(error.message) { await $0.feedRemovalConfirmed(id) }
        }
    }

    /// Sets the user's title; an empty or `nil` title restores the feed's own.
    public func feedRenamed(_ id: FeedID, to title: String?) async {
        let cleaned = title.flatMap { $0.isEmpty ? nil : $0 }
        do {
            try await ports.feeds.setCustomTitle(cleaned, for: id)
            await reload()
        } catch {
            await fail(error.message) { await $0.feedRenamed(id, to: title) }
        }
    }

    /// Replaces the tags, dropping empty and repeated ones.
    public func feedRetagged(_ id: FeedID, tags: [String]) async {
        var unique: [String] = []
        for tag in tags where !tag.isEmpty && !unique.contains(tag) { unique.append(tag) }
        do {
            try await ports.feeds.setTags(unique, for: id)
            await reload()
        } catch {
            await fail(error.message) { await $0.feedRetagged(id, tags: tags) }
        }
    }

    /// Keeps the opened source as the filter the article-list route reads.
    public func sourceOpened(_ scope: ArticleScope) async {
        openedFilter = ArticleFilter(scope: scope)
    }

    /// Imports a subscription list, then reloads.
    public func subscriptionsImported(_ data: Data) async {
        do {
            let summary = try await ports.subscriber.importSubscriptions(from: data)
            await presenter.presentNotice(.imported(added: summary.added, alreadySubscribed: summary.alreadySubscribed,
                                                    commandsRefused: summary.scriptSourcesRefused.count))
            await reload()
        } catch {
            await fail(error.message) { await $0.subscriptionsImported(data) }
        }
    }

    /// Exports the subscriptions as OPML into ``exportedOPML``.
    public func subscriptionsExportRequested() async {
        do {
            exportedOPML = try await ports.subscriber.exportSubscriptions()
        } catch {
            await fail(error.message) { await $0.subscriptionsExportRequested() }
            return
        }
        // Count what was exported, not what this screen happened to load before.
        let exported = (try? await ports.feeds.feeds().count) ?? feeds.count
        await presenter.presentNotice(.exported(feeds: exported))
    }

    /// Lists the feeds without unread articles too, or leaves them out, then reloads with a notice.
    public func readFeedsShownSet(_ isShown: Bool) async {
        showsReadFeeds = isShown
        await reload()
        await presenter.presentNotice(.readFeedsShown(isShown))
    }

    /// Lists only the feeds of the tag `name` names (``tag(named:among:)``), or every feed for nil,
    /// then reloads with a notice; a name no tag has changes nothing and names the tags.
    public func tagSelected(_ name: String?) async {
        guard let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            guard selectedTag != nil else { return }
            selectedTag = nil
            await reload()
            await presenter.presentNotice(.tagShown(nil))
            return
        }
        let feeds: [Feed]
        do {
            feeds = try await ports.feeds.feeds()
        } catch {
            await fail(error.message) { await $0.tagSelected(name) }
            return
        }
        let tags = Set(feeds.flatMap(\.tags)).sorted { $0.lowercased() < $1.lowercased() }
        guard let tag = Self.tag(named: name, among: tags) else {
            // Several tags start with it: those are the ones to choose from.
            let starting = tags.filter { $0.lowercased().hasPrefix(name.lowercased()) }
            await presenter.presentNotice(.noSuchTag(name, known: starting.count > 1 ? starting : tags))
            return
        }
        selectedTag = tag
        await reload()
        await presenter.presentNotice(.tagShown(tag))
    }

    /// The tag `name` names: the one equal to it in any case, else the only one starting with it
    /// (in any case); nil for none or several.
    static func tag(named name: String, among tags: [String]) -> String? {
        let wanted = name.lowercased()
        if let exact = tags.first(where: { $0 == name }) ?? tags.first(where: { $0.lowercased() == wanted }) { return exact }
        let starting = tags.filter { $0.lowercased().hasPrefix(wanted) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// Loads feeds, counts and saved searches and presents them (or the failure).
    private func reload() async {
        do {
            let feeds = try await ports.feeds.feeds()
            let unread = try await ports.articles.unreadCountsByFeed()
            let byTag = try await ports.articles.unreadCountsByTag()
            let searches = try await ports.searches.savedSearches()
            let searchUnread = try await ports.searches.unreadCountsBySavedSearch()
            let hidden = try await ports.articles.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .hidden))).count
            self.feeds = feeds
            // A chosen tag renamed in case only is followed; one no feed has any longer (renamed,
            // its feeds removed) lists them all again, and says so.
            var tagDropped = false
            if let tag = selectedTag, !feeds.contains(where: { $0.tags.contains(tag) }) {
                let wanted = tag.lowercased()
                selectedTag = Set(feeds.flatMap(\.tags)).first { $0.lowercased() == wanted }
                tagDropped = selectedTag == nil
            }
            let inTag = selectedTag.map { tag in feeds.filter { $0.tags.contains(tag) } } ?? feeds
            let listed = showsReadFeeds ? inTag : inTag.filter { (unread[$0.id] ?? 0) > 0 }
            await presenter.presentFeeds(FeedsResponse(
                feeds: listed.map { FeedStatus(feed: $0, unread: unread[$0.id] ?? 0) },
                savedSearches: selectedTag == nil
                    ? searches.map { SavedSearchStatus(search: $0, unread: searchUnread[$0.id] ?? 0) } : [],
                unreadByTag: byTag, hiddenArticles: selectedTag == nil ? hidden : 0,
                readFeedsLeftOut: inTag.count - listed.count, shownTag: selectedTag))
            if tagDropped { await presenter.presentNotice(.tagShown(nil)) }
        } catch {
            await presenter.presentLoadFailure(error.message)
        }
    }

    private func fail(_ message: String, retry: @escaping @Sendable (FeedsInteractor) async -> Void) async {
        await presenter.presentActionFailure(ActionFailure(message: message) { await retry(self) })
    }
}
