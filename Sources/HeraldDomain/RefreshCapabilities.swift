#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which feeds a refresh covers.
public enum RefreshSelection: Sendable, Hashable {
    /// The feeds whose next-due time has passed.
    case due
    /// Every feed, due or not (gone feeds included: the user asked).
    case all
    /// The named feeds.
    case feeds([FeedID])
    /// The due feeds of every person who shares the database (a refresh worker's work); on a store
    /// that keeps one person's news, the same as ``due``.
    case dueForEveryone
}

/// Refreshes feeds: fetch, parse, store, schedule, with progress as a stream of events.
/// Implemented by the refresh use case; front ends and other modules depend on this.
public protocol FeedRefreshing: Sendable {
    /// Starts a refresh. The stream ends with ``RefreshEvent/finished(_:)``; cancelling the
    /// consuming task cancels the refresh, keeping every feed already stored.
    func refresh(_ selection: RefreshSelection) -> AsyncStream<RefreshEvent>
    /// Stops every refresh in progress (a front end's Ctrl-C): no new fetch starts, in-flight
    /// fetches end without writing, every feed already stored is kept, and each stream still ends
    /// with ``RefreshEvent/finished(_:)`` whose summary says `cancelled`.
    func cancelRefreshes() async
}

/// Why subscribing failed.
public enum SubscribeError: Error, Sendable, Hashable {
    /// The URL could not be fetched.
    case fetch(FetchError)
    /// Neither the URL nor any page it links to is a feed.
    case noFeedFound(url: String)
    /// The store failed.
    case store(StoreError)
    /// The subscription list could not be read.
    case list(SubscriptionListError)

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case .fetch(.invalidURL(let url)) where !url.contains("://"):
            "Nothing was subscribed: \(url) has no scheme; use https://… or, for a file, file:///path."
        case .fetch(let error): "Nothing was subscribed: \(error.reason). Check the URL and your network."
        case .noFeedFound(let url): "No feed was found at \(url) or on the page it points to; look for an RSS or Atom link on the site."
        case .store(let error): error.message
        case .list(let error): error.message
        }
    }
}

/// What importing a subscription list did.
public struct ImportSummary: Sendable, Hashable, Codable {
    /// Feeds newly subscribed.
    public var added: Int
    /// Feeds already subscribed (left unchanged).
    public var alreadySubscribed: Int

    /// Creates a summary.
    public init(added: Int, alreadySubscribed: Int) {
        self.added = added
        self.alreadySubscribed = alreadySubscribed
    }
}

/// Subscribes to feeds (with discovery), imports and exports subscription lists.
/// Implemented by the subscribe use case; front ends and other modules depend on this.
public protocol FeedSubscribing: Sendable {
    /// Subscribes to a feed URL or to the feed a web page advertises.
    /// - Returns: The feed and whether it is a new subscription.
    func subscribe(to url: String, title: String?, tags: [String]) async throws(SubscribeError) -> (feed: Feed, created: Bool)
    /// Imports an OPML or newsboat `urls` file; importing the same file twice changes nothing.
    func importSubscriptions(from data: Data) async throws(SubscribeError) -> ImportSummary
    /// Exports every subscription as OPML 2.0.
    func exportSubscriptions() async throws(SubscribeError) -> Data
}
