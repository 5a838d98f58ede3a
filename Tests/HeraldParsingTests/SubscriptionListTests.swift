import Foundation
import HeraldDomain
import HeraldParsing
import Testing

@Suite("OPML and newsboat urls")
struct SubscriptionListTests {
    let converter = SubscriptionListConverter()

    @Test func readsNestedOPMLFoldersAsTags() throws {
        let entries = try converter.readSubscriptions(from: Fixtures.data("opml/feedly-export.opml"))
        #expect(entries == [
            SubscriptionEntry(feedURL: "https://lwn.net/headlines/rss", title: "LWN.net", siteURL: "https://lwn.net", tags: ["Tech"]),
            SubscriptionEntry(feedURL: "https://www.swift.org/atom.xml", title: "Swift.org Blog", siteURL: "https://www.swift.org/blog/", tags: ["Tech", "Swift"]),
            SubscriptionEntry(feedURL: "https://feeds.example.fm/kitchen-table", title: "The Kitchen Table", tags: ["Cooking & Food"]),
            SubscriptionEntry(feedURL: "https://fieldnotes.example.org/feed/", title: "Field Notes", siteURL: "https://fieldnotes.example.org"),
        ])
    }

    @Test func readsNewsboatURLs() throws {
        let entries = try converter.readSubscriptions(from: Fixtures.data("opml/newsboat-urls"))
        #expect(entries == [
            SubscriptionEntry(feedURL: "https://lwn.net/headlines/rss", tags: ["tech", "linux"]),
            SubscriptionEntry(feedURL: "https://www.swift.org/atom.xml", title: "Swift.org Blog", tags: ["tech"]),
            SubscriptionEntry(feedURL: "https://fieldnotes.example.org/feed/", tags: ["garden"], isHidden: true),
            SubscriptionEntry(feedURL: "https://xkcd.com/atom.xml", title: "xkcd: A Webcomic", tags: ["comics"]),
            // A script source is an entry like the others; whether it is added is the subscribe
            // use case's decision (only the person at the machine adds commands).
            SubscriptionEntry(feedURL: "exec:~/bin/weather-feed.sh", tags: ["local"]),
        ])
    }

    @Test func opmlRoundTripKeepsURLsTitlesAndTags() throws {
        let original = [
            SubscriptionEntry(feedURL: "https://a.example.com/feed?x=1&y=2", title: "A & \"B\"", siteURL: "https://a.example.com/", tags: ["News", "daily"]),
            SubscriptionEntry(feedURL: "https://b.example.com/rss", title: "B", tags: ["News"]),
            SubscriptionEntry(feedURL: "https://d.example.com/hidden.xml", tags: ["quiet"], isHidden: true),
            SubscriptionEntry(feedURL: "https://c.example.com/atom", title: "Ünïcode 日本"),
        ]
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let data = converter.writeOPML(original, title: "Herald export", dateCreated: date)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<opml version=\"2.0\">"))
        #expect(text.contains("<dateCreated>"))
        #expect(try converter.readSubscriptions(from: data) == original)
    }

    @Test func aTruncatedOPMLKeepsWhatItHasAndOneWithNothingIsAnError() throws {
        let whole = String(decoding: try Fixtures.data("opml/feedly-export.opml"), as: UTF8.self)
        let cut = whole.range(of: "Swift.org Blog").map { String(whole[..<$0.upperBound]) } ?? whole
        let partial = try converter.readSubscriptions(from: Data((cut + "\" xmlUrl=\"https://www.swift.org/atom.xml\"/>").utf8))
        #expect(partial.map(\.feedURL).contains("https://lwn.net/headlines/rss"))
        #expect(throws: SubscriptionListError.self) {
            try converter.readSubscriptions(from: Data("<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>Sub".utf8))
        }
    }

    @Test func somethingElseIsUnrecognised() {
        #expect(throws: SubscriptionListError.unrecognised) {
            try converter.readSubscriptions(from: Data("<html><body>hi</body></html>".utf8))
        }
        #expect(throws: SubscriptionListError.unrecognised) {
            try converter.readSubscriptions(from: Data("just some words\nand more".utf8))
        }
    }
}

@Suite("Feed discovery")
struct DiscoveryTests {
    @Test func findsFeedsBestFirstResolvedAgainstBase() throws {
        let feeds = HTMLFeedDiscoverer().discoverFeeds(inHTML: try Fixtures.data("html/blog-home.html"),
                                                       pageURL: "https://fieldnotes.example.org/")
        #expect(feeds.map(\.url) == [
            "https://fieldnotes.example.org/feed/atom/",
            "https://fieldnotes.example.org/blog/feed/",
            "https://fieldnotes.example.org/feed.json",
            "https://fieldnotes.example.org/blog/comments/feed/",
        ])
        #expect(feeds[1].title == "Field Notes » Feed")
        #expect(feeds[1].type == "application/rss+xml")
    }

    @Test func pageWithoutFeeds() {
        #expect(HTMLFeedDiscoverer().discoverFeeds(inHTML: Data("<html><p>none</p></html>".utf8), pageURL: "https://x.example/").isEmpty)
    }
}
