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
}
