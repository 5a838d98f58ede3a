import Foundation
import HeraldDomain
import HeraldPorts

/// A ``FeedSubscribing`` over any ``FeedStoring``, with discovery and failures scripted, for tests.
///
/// Subscribing to a page URL listed in `discoveries` subscribes to the feed it maps to; a URL
/// in `unreachable` fails with ``SubscribeError/noFeedFound(url:)``. Imports read a newsboat-style
/// `urls` text (`URL tag tag`, `#` comments); exports write a minimal OPML 2.0 document.
public actor FakeSubscriber: FeedSubscribing {
    private let store: any FeedStoring
    private let clock: any WallClock
    private let discoveries: [String: String]
    private var unreachable: Set<String>
    /// The URLs asked for, in order.
    public private(set) var subscribedURLs: [String] = []

    /// Creates a subscriber.
    /// - Parameters:
    ///   - store: Where subscriptions go.
    ///   - clock: The subscription date.
    ///   - discoveries: Page URL → the feed URL its `<link rel="alternate">` names.
    ///   - unreachable: URLs where no feed is found.
    public init(store: any FeedStoring, clock: any WallClock, discoveries: [String: String] = [:],
                unreachable: Set<String> = []) {
        self.store = store
        self.clock = clock
        self.discoveries = discoveries
        self.unreachable = unreachable
    }

    /// Makes a URL reachable again (e.g. before a retry).
    public func makeReachable(_ url: String) { unreachable.remove(url) }

    /// Subscribes to `url`, or to the feed the page at `url` advertises.
    public func subscribe(to url: String, title: String?, tags: [String])
        async throws(SubscribeError) -> (feed: Feed, created: Bool) {
        subscribedURLs.append(url)
        guard !unreachable.contains(url) else { throw .noFeedFound(url: url) }
        let feedURL = discoveries[url] ?? url
        do {
            return try await store.addFeed(NewFeed(url: feedURL, customTitle: title, tags: tags), at: clock.now())
        } catch {
            throw .store(error)
        }
    }

    /// The feed `discoveries` maps `url` to, or `url` itself; none for an unreachable URL.
    public func discoverFeeds(at url: String) async throws(SubscribeError) -> [DiscoveredFeed] {
        guard !unreachable.contains(url) else { return [] }
        return [DiscoveredFeed(url: discoveries[url] ?? url)]
    }

    /// Imports `URL tag…` lines; already subscribed URLs are counted, not changed.
    public func importSubscriptions(from data: Data) async throws(SubscribeError) -> ImportSummary {
        guard let text = String(data: data, encoding: .utf8), !text.hasPrefix("<") else {
            throw .list(.unrecognised)
        }
        var summary = ImportSummary(added: 0, alreadySubscribed: 0)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let url = words.first else { continue }
            do {
                let result = try await store.addFeed(NewFeed(url: url, tags: Array(words.dropFirst())), at: clock.now())
                if result.created { summary.added += 1 } else { summary.alreadySubscribed += 1 }
            } catch {
                throw .store(error)
            }
        }
        return summary
    }

    /// Writes every subscription as an OPML 2.0 outline.
    public func exportSubscriptions() async throws(SubscribeError) -> Data {
        let feeds: [Feed]
        do { feeds = try await store.feeds() } catch { throw .store(error) }
        let outlines = feeds.map { "    <outline type=\"rss\" text=\"\($0.displayTitle)\" xmlUrl=\"\($0.url)\"/>" }
        let opml = (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<opml version=\"2.0\">",
                     "  <head><title>Herald subscriptions</title></head>", "  <body>"]
                    + outlines + ["  </body>", "</opml>"]).joined(separator: "\n")
        return Data(opml.utf8)
    }
}
