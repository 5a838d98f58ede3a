/// A site's rule for article extraction, where the algorithm alone is not enough: what to keep as
/// the article and what to drop from it, by CSS selector, for pages of a host and its subdomains,
/// or for the pages one feed links to (wherever they are: a feed whose articles sit on a CDN or a
/// link shortener's target).
public struct ExtractionRule: Sendable, Hashable {
    /// The host, lowercased, without `www.`: `example.com` also covers `www.example.com` and
    /// `news.example.com`. Empty for a feed's rule.
    public var host: String
    /// The feed whose linked pages the rule covers, as subscribed; `nil` for a host's rule.
    public var feedURL: String?
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

    /// Creates a rule for the pages the feed at `feedURL` links to.
    public init(feedURL: String, keep: [CSSSelector] = [], drop: [CSSSelector] = []) {
        self.host = ""
        self.feedURL = feedURL
        self.keep = keep
        self.drop = drop
    }

    /// Whether the rule covers a page at `url` linked from the feed at `feedURL` (if known): a
    /// host's rule by the page's host, a feed's rule by the feed.
    public func covers(url: String, linkedFrom feedURL: String?) -> Bool {
        if let own = self.feedURL { return own == feedURL }
        return covers(url: url)
    }

    /// Whether the rule covers a page at `url` (its host, or a subdomain of it); a feed's rule
    /// covers no page by its address alone.
    public func covers(url: String) -> Bool {
        guard feedURL == nil else { return false }
        let pageHost = HostKey.of(url).split(separator: ":").first.map(String.init) ?? ""
        return pageHost == host || pageHost.hasSuffix("." + host)
    }
}
