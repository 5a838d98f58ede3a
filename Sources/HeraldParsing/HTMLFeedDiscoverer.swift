import CLibXML2
import Foundation
import HeraldDomain
import HeraldPorts

/// Finds the feeds an HTML page advertises with `<link rel="alternate" type="…">`
/// (RSS, Atom, JSON Feed), resolving relative hrefs against `<base href>` then the page URL.
/// Site feeds come before comment feeds; Atom and RSS before JSON.
public struct HTMLFeedDiscoverer: FeedDiscovering {
    /// Creates a discoverer.
    public init() {}

    /// The advertised feeds, best first; empty when the page names none.
    public func discoverFeeds(inHTML data: Data, pageURL: String) -> [DiscoveredFeed] {
        let collector = collect(data)
        let base = collector.base.map { URLResolver.resolve($0, against: pageURL) } ?? pageURL
        var seen: Set<String> = []
        let feeds = collector.links.compactMap { link -> (DiscoveredFeed, Int)? in
            let url = URLResolver.resolve(link.href, against: base)
            guard seen.insert(url).inserted else { return nil }
            let title = link.title.map { PlainText.line(from: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            let feed = DiscoveredFeed(url: url, title: title, type: link.type)
            return (feed, rank(feed))
        }
        return feeds.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map { $0.element.0 }
    }

    /// The page's icons (`icon`, then `shortcut icon`, then `apple-touch-icon`), absolute, without repeats.
    public func iconLinks(inHTML data: Data, pageURL: String) -> [String] {
        let collector = collect(data)
        let base = collector.base.map { URLResolver.resolve($0, against: pageURL) } ?? pageURL
        var seen: Set<String> = []
        return collector.icons.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
            .map { URLResolver.resolve($0.element.href, against: base) }
            .filter { seen.insert($0).inserted }
    }

    /// One SAX pass over the page, collecting `<base>` and the `<link>` elements.
    private func collect(_ data: Data) -> LinkCollector {
        let collector = LinkCollector()
        var handler = htmlSAXHandler()
        handler.startElement = { ctx, name, attributes in
            guard let ctx, let name else { return }
            Unmanaged<LinkCollector>.fromOpaque(ctx).takeUnretainedValue().start(String(cString: name).lowercased(), attributes)
        }
        withExtendedLifetime(collector) {
            data.withUnsafeBytes { bytes in
                HTMLPushParser.parse(bytes, handler: &handler, userData: Unmanaged.passUnretained(collector).toOpaque(),
                                     encoding: XML_CHAR_ENCODING_NONE)
            }
        }
        return collector
    }

    private func rank(_ feed: DiscoveredFeed) -> Int {
        let text = ((feed.title ?? "") + " " + feed.url).lowercased()
        let comments = text.contains("comment") ? 10 : 0
        switch feed.type {
        case "application/atom+xml": return comments + 0
        case "application/rss+xml", "application/rdf+xml": return comments + 1
        default: return comments + 2
        }
    }
}

/// Collects `<base>` and feed `<link>` elements during an HTML SAX pass.
private final class LinkCollector {
    struct FoundLink { var href: String; var type: String; var title: String? }
    var base: String?
    var links: [FoundLink] = []
    /// Icon links with their preference (0 `icon`, 1 `shortcut icon`, 2 `apple-touch-icon`).
    var icons: [(href: String, rank: Int)] = []

    static let feedTypes: Set<String> = ["application/rss+xml", "application/atom+xml", "application/feed+json",
                                         "application/json", "application/rdf+xml", "application/x.atom+xml"]

    func start(_ name: String, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        switch name {
        case "base":
            if base == nil, let href = HTMLPushParser.attribute("href", in: attributes), !href.isEmpty { base = href }
        case "link":
            let rels = (HTMLPushParser.attribute("rel", in: attributes) ?? "").lowercased().split(separator: " ")
            if rels.contains("icon") || rels.contains("apple-touch-icon"),
               let href = HTMLPushParser.attribute("href", in: attributes)?.trimmingASCIIWhitespace(), !href.isEmpty {
                icons.append((href, rels.contains("apple-touch-icon") ? 2 : rels.contains("shortcut") ? 1 : 0))
                return
            }
            guard rels.contains("alternate") || rels.contains("feed"),
                  let type = HTMLPushParser.attribute("type", in: attributes)?.lowercased().trimmingASCIIWhitespace(),
                  Self.feedTypes.contains(type),
                  let href = HTMLPushParser.attribute("href", in: attributes), !href.trimmingASCIIWhitespace().isEmpty
            else { return }
            links.append(FoundLink(href: href, type: type, title: HTMLPushParser.attribute("title", in: attributes)))
        default:
            break
        }
    }
}
