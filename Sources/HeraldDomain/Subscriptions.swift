#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One subscription as listed in an OPML or newsboat `urls` file, or exported to one.
public struct SubscriptionEntry: Sendable, Hashable, Codable {
    /// The feed URL.
    public var feedURL: String
    /// The title the user gave it (OPML `title`/`text`, newsboat `"~Title"`).
    public var title: String?
    /// The site's home page (OPML `htmlUrl`).
    public var siteURL: String?
    /// Tags: OPML folders (outer first) and newsboat tags.
    public var tags: [String]
    /// Hidden from the all-articles list (newsboat `"!"`).
    public var isHidden: Bool

    /// Creates an entry.
    public init(feedURL: String, title: String? = nil, siteURL: String? = nil, tags: [String] = [], isHidden: Bool = false) {
        self.feedURL = feedURL
        self.title = title
        self.siteURL = siteURL
        self.tags = tags
        self.isHidden = isHidden
    }
}

/// Why a subscription list could not be read.
public enum SubscriptionListError: Error, Sendable, Hashable {
    /// The file is neither OPML nor a newsboat `urls` file.
    case unrecognised
    /// The OPML is too broken to read.
    case malformed(reason: String)

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case .unrecognised: "The file is neither OPML nor a newsboat urls file."
        case .malformed(let reason): "The OPML file could not be read (\(reason)); check that it is a complete export."
        }
    }
}

/// A feed found on a web page.
public struct DiscoveredFeed: Sendable, Hashable, Codable {
    /// The feed's absolute URL.
    public var url: String
    /// The title the page gives it.
    public var title: String?
    /// The advertised media type (`application/rss+xml`, `application/atom+xml`, `application/feed+json`).
    public var type: String?

    /// Creates a discovered feed.
    public init(url: String, title: String? = nil, type: String? = nil) {
        self.url = url
        self.title = title
        self.type = type
    }
}
