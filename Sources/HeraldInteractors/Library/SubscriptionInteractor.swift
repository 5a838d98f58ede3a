#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// Subscriptions as use cases with typed results, for front ends that answer a request rather
/// than show a screen (the sync APIs): subscribe, unsubscribe, rename, retag, import and export.
/// The feeds screen's intents do the same for screens, reporting through its presenter.
public struct SubscriptionInteractor: Sendable {
    private let feedStore: any FeedStoring
    private let subscriber: any FeedSubscribing
    private let tagStore: any TagStoring

    /// Creates the use cases.
    /// - Parameter tags: Tags created on their own (a tag otherwise exists while a feed has it).
    public init(feeds: any FeedStoring, subscriber: any FeedSubscribing, tags: any TagStoring) {
        self.feedStore = feeds
        self.subscriber = subscriber
        self.tagStore = tags
    }

    /// Every tag: the feeds' and those created on their own, in name order.
    /// - Parameter feeds: The subscribed feeds when the caller has just read them; nil reads them.
    public func tags(among feeds: [Feed]? = nil) async throws(StoreError) -> [String] {
        let listed: [Feed]
        if let feeds { listed = feeds } else { listed = try await feedStore.feeds() }
        var names = Set(listed.flatMap(\.tags))
        names.formUnion(try await tagStore.keptTags())
        return names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// Creates a tag no feed has yet (a sync client's new category).
    /// - Returns: False, changing nothing, when the tag exists already (on a feed or on its own).
    public func createTag(_ name: String) async throws(StoreError) -> Bool {
        if try await tags().contains(name) { return false }
        try await tagStore.keepTag(name)
        return true
    }

    /// Subscribes to a feed URL, or to the feed a web page advertises (an existing subscription
    /// is returned unchanged).
    public func subscribe(to url: String, title: String?, tags: [String]) async throws(SubscribeError) -> Feed {
        try await subscriber.subscribe(to: url, title: title, tags: tags).feed
    }

    /// The feeds at a URL, subscribing to none (``FeedSubscribing/discoverFeeds(at:)``).
    public func discoverFeeds(at url: String) async throws(SubscribeError) -> [DiscoveredFeed] {
        try await subscriber.discoverFeeds(at: url)
    }

    /// Unsubscribes (the feed's articles go with it, starred ones included, as in the feeds screen).
    public func unsubscribe(_ id: FeedID) async throws(StoreError) {
        try await feedStore.removeFeed(id)
    }

    /// Gives a feed a title of the person's own (`nil` goes back to the feed's).
    public func rename(_ id: FeedID, to title: String?) async throws(StoreError) {
        try await feedStore.setCustomTitle(title, for: id)
    }

    /// Replaces a feed's tags.
    public func setTags(_ tags: [String], for id: FeedID) async throws(StoreError) {
        try await feedStore.setTags(tags, for: id)
    }

    /// Renames a tag on every feed that has it (merging into `newName` where a feed has both);
    /// `nil` removes the tag from every feed. - Returns: How many feeds changed.
    public func renameTag(_ name: String, to newName: String?) async throws(StoreError) -> Int {
        var changed = 0
        for feed in try await feedStore.feeds() where feed.tags.contains(name) {
            var tags = feed.tags.filter { $0 != name }
            if let newName, !tags.contains(newName) { tags.append(newName) }
            try await feedStore.setTags(tags, for: feed.id)
            changed += 1
        }
        try await tagStore.renameKeptTag(name, to: newName)
        return changed
    }

    /// Imports an OPML or newsboat `urls` file.
    public func importSubscriptions(_ data: Data) async throws(SubscribeError) -> ImportSummary {
        try await subscriber.importSubscriptions(from: data)
    }

    /// Every subscription as OPML 2.0.
    public func exportSubscriptions() async throws(SubscribeError) -> Data {
        try await subscriber.exportSubscriptions()
    }
}
