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
    /// A feed that runs a command (``ScriptSource``) was asked for where only the person at the
    /// machine may add one (a web page, a sync client, a shared database).
    case scriptSourceRefused(url: String)
    /// A local file (`file://`) was asked for by someone who is not at the machine (a web page or
    /// a sync client of `herald serve`: ``ScriptSourcePolicy/remote``).
    case localFileRefused(url: String)
    /// The document is a list of subscriptions (OPML), not a feed.
    case subscriptionList(url: String)

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case .fetch(.invalidURL(let url)) where !url.contains("://"):
            "Nothing was subscribed: \(url) has no scheme; use https://… or, for a file, file:///path."
        case .fetch(let error): "Nothing was subscribed: \(error.reason). Check the URL and your network."
        case .noFeedFound(let url): "No feed was found at \(url) or on the page it points to; look for an RSS or Atom link on the site."
        case .store(let error): error.message
        case .list(let error): error.message
        case .subscriptionList(let url):
            "Nothing was subscribed: \(url) is a list of subscriptions (OPML), not a feed; import its feeds with "
                + "`herald import \(url)`."
        case .localFileRefused(let url):
            "Nothing was subscribed: \(url) is a file on the server's machine, which a web page or a sync client "
                + "may not read; subscribe to an http:// or https:// feed, or add the file with `herald add` on that machine."
        case .scriptSourceRefused(let url):
            "Nothing was subscribed: \(url) runs a command, and commands are added only with `herald add` or "
                + "`herald import` on this machine's own SQLite database."
        }
    }
}

/// What importing a subscription list did.
public struct ImportSummary: Sendable, Hashable, Codable {
    /// Feeds newly subscribed.
    public var added: Int
    /// Feeds already subscribed (left unchanged).
    public var alreadySubscribed: Int
    /// Script sources (``ScriptSource``) of the list that were not added: only the person at the
    /// machine adds commands (``SubscribeError/scriptSourceRefused(url:)``); under
    /// ``ScriptSourcePolicy/remote``, local files (`file://`) too.
    public var scriptSourcesRefused: [String]

    /// Creates a summary.
    public init(added: Int, alreadySubscribed: Int, scriptSourcesRefused: [String] = []) {
        self.added = added
        self.alreadySubscribed = alreadySubscribed
        self.scriptSourcesRefused = scriptSourcesRefused
    }
}
