import HeraldDomain

/// The URLs to try when a page is not a feed itself: the feeds it advertises, best first, then
/// the paths where publishing tools commonly put a feed, on the page's origin.
struct FeedCandidates {
    /// Where blogs and site generators put feeds (WordPress, Ghost, Jekyll, Hugo, Blogger…).
    static let commonPaths = ["/feed", "/rss", "/rss.xml", "/atom.xml", "/feed.xml", "/index.xml", "/feeds/posts/default"]

    /// The candidate feed URLs for a page, without duplicates and without the page itself, nor
    /// any the page may not lead to (``mayFollow(_:from:)``).
    static func urls(discovered: [DiscoveredFeed], pageURL: String) -> [String] {
        var candidates = discovered.map(\.url).filter { mayFollow($0, from: pageURL) }
        if let origin = origin(of: pageURL) {
            candidates += commonPaths.map { origin + $0 }
        }
        var seen: Set<String> = [pageURL]
        return candidates.filter { seen.insert($0).inserted }
    }

    /// Whether a page at `pageURL` may lead Herald to `candidate`: a web page to web addresses
    /// only, never to a command (`exec:`, `filter:`) or a file of this machine (a page anyone
    /// writes must not make Herald run or read anything here); a local page (a file) to files and
    /// web addresses.
    static func mayFollow(_ candidate: String, from pageURL: String) -> Bool {
        switch candidate.prefix(while: { $0 != ":" }).lowercased() {
        case "http", "https": true
        case "file": pageURL.prefix(5).lowercased() == "file:"
        default: false
        }
    }

    /// `scheme://authority` of an `http` or `https` URL; `nil` for other schemes (a local file has no site).
    static func origin(of url: String) -> String? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty else { return nil }
        return scheme + "://" + authority
    }
}
