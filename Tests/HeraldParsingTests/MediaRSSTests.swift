import Foundation
import HeraldDomain
import HeraldParsing
import Testing

@Suite("Media RSS and limits")
struct MediaRSSTests {
    @Test func youTubeAtomWithMediaGroup() throws {
        let feed = try Fixtures.feed("youtube-atom-media.xml")
        #expect(feed.format == .atom)
        #expect(feed.published != nil)
        let video = try #require(feed.items.first)
        #expect(video.identity == "yt:video:dQw4w9WgXcQ")
        #expect(video.url == "https://www.youtube.com/watch?v=dQw4w9WgXcQ")
        #expect(video.thumbnails == [Thumbnail(url: "https://i1.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg", width: 480, height: 360)])
        #expect(video.enclosures == [Enclosure(url: "https://www.youtube.com/v/dQw4w9WgXcQ?version=3", type: "application/x-shockwave-flash")])
        #expect(video.summary?.type == .text)
        #expect(video.summary?.value.hasPrefix("Flatten the back, then hone the bevel.") == true)
        #expect(Fixtures.iso(video.updated) == "2026-11-19T02:14:55Z")
    }

    @Test func largeEntityExpansionIsRefused() {
        let value = String(repeating: "x", count: 100_000)
        let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [<!ENTITY big "\(value)">]>
        <rss version="2.0"><channel><title>\(String(repeating: "&big;", count: 20))</title></channel></rss>
        """
        #expect(throws: FeedParseError.unsafeDocument(reason: "entities expand to more than 1048576 bytes")) {
            try LibXMLFeedParser().parseFeed(Data(xml.utf8), documentURL: nil, transportCharset: nil)
        }
    }

    @Test func smallInternalEntitiesAreExpanded() throws {
        let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [<!ENTITY site "Example &amp; Co">]>
        <rss version="2.0"><channel><title>News from &site;</title></channel></rss>
        """
        let feed = try LibXMLFeedParser().parseFeed(Data(xml.utf8), documentURL: nil, transportCharset: nil)
        #expect(feed.plainTitle == "News from Example & Co")
    }
}

@Suite("Relative URLs")
struct RelativeURLTests {
    /// Resolution seen through a feed: each link's href against an xml:base (RFC 3986 §5.4 examples).
    @Test(arguments: [
        ("g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"), ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p#s"),
        ("../g", "http://a/b/g"), ("./g", "http://a/b/c/g"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("https://other.example/x", "https://other.example/x"),
    ])
    func resolvesLikeRFC3986(reference: String, expected: String) throws {
        let xml = """
        <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://a/b/c/d;p"><title>t</title>
        <entry><id>1</id><link href="\(reference)"/></entry></feed>
        """
        let feed = try LibXMLFeedParser().parseFeed(Data(xml.utf8), documentURL: nil, transportCharset: nil)
        #expect(feed.items.first?.url == expected)
    }
}
