import HeraldDomain

/// The URLs to try when a page is not a feed itself: the feeds it advertises, best first, then
/// the paths where publishing tools commonly put a feed, on the page's origin.
struct FeedCandidates {
    /// Where blogs and site generators put feeds (WordPress, Ghost, Jekyll, Hugo, Blogger…).
    static let commonPaths = ["/feed", "/rss", "/rss.xml", "/atom.xml", "/feed.xml", "/index.xml", "/feeds/posts/default"]

    /// The candidate feed URLs for a page, without duplicates and without the page itself.
    static func urls(discovered: [DiscoveredFeed], pageURL: String) -> [String] {
        var candidates = discovered.map(\.url)
        if let origin = origin(of: pageURL) {
            candidates += commonPaths.map { origin + $0 }
        }
        var seen: Set<String> = [pageURL]
        return candidates.filter { seen.insert($0).inserted }
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
