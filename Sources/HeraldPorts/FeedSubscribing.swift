#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Subscribes to feeds (with discovery), imports and exports subscription lists.
/// Implemented by the subscribe use case; front ends and other modules depend on this.
public protocol FeedSubscribing: Sendable {
    /// Subscribes to a feed URL or to the feed a web page advertises.
    /// - Returns: The feed and whether it is a new subscription.
    func subscribe(to url: String, title: String?, tags: [String]) async throws(SubscribeError) -> (feed: Feed, created: Bool)
    /// The feeds at a URL without subscribing: the URL itself when it is a feed, else the feeds the
    /// page advertises, else the first feed found at a common path on its site. Empty when none.
    func discoverFeeds(at url: String) async throws(SubscribeError) -> [DiscoveredFeed]
    /// Imports an OPML or newsboat `urls` file; importing the same file twice changes nothing.
    func importSubscriptions(from data: Data) async throws(SubscribeError) -> ImportSummary
    /// Exports every subscription as OPML 2.0.
    func exportSubscriptions() async throws(SubscribeError) -> Data
}
