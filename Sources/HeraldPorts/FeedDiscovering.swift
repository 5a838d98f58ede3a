#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Finds the feeds a web page advertises.
public protocol FeedDiscovering: Sendable {
    /// The feeds named by `<link rel="alternate">` (and similar) in an HTML page, best first.
    func discoverFeeds(inHTML data: Data, pageURL: String) -> [DiscoveredFeed]
    /// The icons an HTML page names (`<link rel="icon">`, `shortcut icon`, `apple-touch-icon`),
    /// absolute, in that order of preference.
    func iconLinks(inHTML data: Data, pageURL: String) -> [String]
}

extension FeedDiscovering {
    /// No icons: for discoverers that do not read them.
    public func iconLinks(inHTML data: Data, pageURL: String) -> [String] { [] }
}
