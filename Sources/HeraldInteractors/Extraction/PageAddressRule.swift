#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which pages a feed links to may reach non-public addresses (loopback, private, link-local):
/// those on the feed's own host (a feed on a home server links to pages beside it), or any when
/// the user allows it (`full-text-private-addresses = allow`). A feed from the internet may not
/// point Herald into the machine or its network.
public enum PageAddressRule {
    /// Whether fetching `page`, linked from the feed at `feedURL`, refuses non-public addresses.
    public static func refusesPrivateAddresses(page: String, feedURL: String, allowed: Bool) -> Bool {
        if allowed { return false }
        guard let pageHost = URL(string: page)?.host?.lowercased(),
              let feedHost = URL(string: feedURL)?.host?.lowercased() else { return true }
        return pageHost != feedHost
    }
}
