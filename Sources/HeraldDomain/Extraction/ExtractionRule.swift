/// A site's rule for article extraction, where the algorithm alone is not enough: what to keep as
/// the article and what to drop from it, by CSS selector, for pages of a host and its subdomains.
public struct ExtractionRule: Sendable, Hashable {
    /// The host, lowercased, without `www.`: `example.com` also covers `www.example.com` and
    /// `news.example.com`.
    public var host: String
    /// What the article is: when any element of the page matches, those elements (in page order)
    /// are the article, and the scoring is skipped.
    public var keep: [CSSSelector]
    /// What is never part of the article (removed before anything else).
    public var drop: [CSSSelector]

    /// Creates a rule.
    public init(host: String, keep: [CSSSelector] = [], drop: [CSSSelector] = []) {
        var lowered = host.lowercased()
        if lowered.hasPrefix("www.") { lowered.removeFirst(4) }
        self.host = lowered
        self.keep = keep
        self.drop = drop
    }

    /// Whether the rule covers a page at `url` (its host, or a subdomain of it).
    public func covers(url: String) -> Bool {
        let pageHost = HostKey.of(url).split(separator: ":").first.map(String.init) ?? ""
        return pageHost == host || pageHost.hasSuffix("." + host)
    }
}
