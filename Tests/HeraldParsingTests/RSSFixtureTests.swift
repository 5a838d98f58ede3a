import Foundation
import HeraldDomain
import HeraldParsing
import Testing

@Suite("RSS 2.0 fixtures")
struct RSSFixtureTests {
    @Test func wordPressFeed() throws {
        let feed = try Fixtures.feed("wordpress-rss2.xml")
        #expect(feed.format == .rss)
        #expect(feed.version == "2.0")
        #expect(feed.encoding == "UTF-8")
        #expect(!feed.recovered)
        #expect(feed.plainTitle == "Field Notes – A Gardening Blog")
        #expect(feed.siteURL == "https://fieldnotes.example.org")
        #expect(feed.selfURL == "https://fieldnotes.example.org/feed/")
        #expect(feed.language == "en-GB")
        #expect(Fixtures.iso(feed.updated) == "2026-11-17T09:12:44Z")
        #expect(feed.generator?.name == "https://wordpress.org/?v=6.4.2")
        #expect(feed.updateHint?.syndicationInterval == 3600)
        #expect(feed.image?.width == 32)
        #expect(feed.items.count == 2)

        let first = try #require(feed.items.first)
        #expect(first.plainTitle == "Autumn garlic: planting & mulching")
        #expect(first.identity == "https://fieldnotes.example.org/?p=1412")
        #expect(first.url == "https://fieldnotes.example.org/2026/11/autumn-garlic/")
        #expect(first.authors == [Person(name: "Margaret Hale")])
        #expect(Fixtures.iso(first.published) == "2026-11-17T09:12:41Z")
        #expect(first.updated == nil)
        #expect(first.categories.map(\.term) == ["Vegetables", "garlic"])
        #expect(first.summary?.type == .html)
        #expect(first.summary?.value.hasPrefix("<p>Garlic goes in") == true)
        #expect(first.content?.type == .html)
        #expect(first.content?.value.contains("<h2>Choosing cloves</h2>") == true)
        #expect(first.comments == "https://fieldnotes.example.org/2026/11/autumn-garlic/#comments")
        #expect(first.commentsFeed == "https://fieldnotes.example.org/2026/11/autumn-garlic/feed/")
        #expect(first.commentCount == 4)
        #expect(first.language == "en-GB")
    }

    @Test func podcastWithITunesAndEnclosures() throws {
        let feed = try Fixtures.feed("podcast-itunes.xml")
        #expect(feed.authors.first?.name == "Kitchen Table Media")
        #expect(feed.image?.url == "https://cdn.example.fm/kitchen-table/artwork-3000.jpg")
        #expect(feed.categories.first == Category(term: "Arts", scheme: "itunes"))
        #expect(feed.rights?.value == "© 2026 Kitchen Table Media")
        #expect(feed.updateHint?.ttlMinutes == 60)
        #expect(feed.items.count == 2)
        let episode = feed.items[0]
        #expect(episode.identity == "kt-ep-42-7f3a9c")
        #expect(episode.url == nil)
        #expect(episode.enclosures == [Enclosure(url: "https://cdn.example.fm/kitchen-table/ep42.mp3?source=rss",
                                                 type: "audio/mpeg", length: 48_213_704)])
        #expect(episode.thumbnails.first?.url == "https://cdn.example.fm/kitchen-table/ep42.jpg")
        #expect(Fixtures.iso(episode.published) == "2026-11-16T10:00:00Z")
        #expect(episode.summary?.value.contains("<a href=\"https://example.com/baker\">") == true)
        let second = feed.items[1]
        #expect(second.enclosures.count == 2)
        #expect(second.enclosures.last?.length == 120_334_455)
        #expect(second.authors == [Person(name: "Dana Ruiz")])
        #expect(Fixtures.iso(second.published) == "2026-11-09T10:00:00Z")
    }

    @Test func rss092WithoutTitlesGetsHashIdentities() throws {
        let feed = try Fixtures.feed("rss092.xml")
        #expect(feed.version == "0.92")
        #expect(feed.authors == [Person(name: "Dave Winer", email: "dave@userland.example.com")])
        #expect(feed.items.count == 2)
        #expect(feed.items.allSatisfy { $0.identity.hasPrefix("hash:") })
        #expect(feed.items[0].identity != feed.items[1].identity)
        #expect(feed.items[0].enclosures.first?.length == 3_874_816)
        #expect(feed.items[1].source == ItemSource(title: "Scripting News", url: "http://www.scripting.example.com/blog/rss.xml"))
        #expect(feed.items[1].categories == [Category(term: "Music/Grateful Dead", scheme: "http://www.dmoz.example.org/")])
    }

    @Test func rss091NetscapeAndUserLandAreToldApart() throws {
        let netscape = try Fixtures.feed("rss091-netscape.xml")
        #expect(netscape.version == "0.91-netscape")
        #expect(netscape.encoding == "ISO-8859-1")
        #expect(netscape.image == FeedImage(url: "http://writetheweb.example.com/images/mynetscape88.gif", title: "WriteTheWeb",
                                            link: "http://writetheweb.example.com", width: 88, height: 31))
        #expect(netscape.items.count == 2)
        #expect(netscape.items[0].identity == "http://writetheweb.example.com/read.php?item=24")
        let userland = try Fixtures.feed("rss091-userland.xml")
        #expect(userland.version == "0.91-userland")
        #expect(Fixtures.iso(userland.updated) == "2001-04-30T21:26:54Z")
    }

    @Test func identityIsStableAcrossParses() throws {
        let a = try Fixtures.feed("rss092.xml")
        let b = try Fixtures.feed("rss092.xml")
        #expect(a.items.map(\.identity) == b.items.map(\.identity))
    }
}
