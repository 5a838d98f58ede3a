#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Reads and writes subscription lists: OPML 1.0/2.0 and newsboat `urls` files.
public protocol SubscriptionListConverting: Sendable {
    /// Reads an OPML document or a newsboat `urls` file (detected from the content).
    func readSubscriptions(from data: Data) throws(SubscriptionListError) -> [SubscriptionEntry]
    /// Writes an OPML 2.0 document; tags become nested folders (the first tag is the folder).
    func writeOPML(_ entries: [SubscriptionEntry], title: String, dateCreated: Date) -> Data
}
