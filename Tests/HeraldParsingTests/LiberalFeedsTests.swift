import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// Feeds seen in the wild that the most liberal readers (feedparser, Miniflux) read, each found by
/// a review of Herald's parser against them.
@Suite("Feeds the liberal readers read")
struct LiberalFeedsTests {
    static func rss(_ items: String, root: String = #"<rss version="2.0">"#) -> String {
        root + "<channel><title>T</title>" + items + "</channel></rss>"
    }

    static func published(_ pubDate: String) throws -> String? {
        let feed = try Parse.xml(rss("<item><title>A</title><guid>a</guid><pubDate>\(pubDate)</pubDate></item>"))
        return Fixtures.iso(try #require(feed.items.first).published)
    }

    @Test("windows-1252 punctuation under an ISO-8859-1 label, and &#146; references, read as the curly quotes and dashes they are")
    func windowsPunctuation() throws {
        var data = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>It"#.utf8)
        data += [0x92, 0x73, 0x20, 0x93, 0x64, 0x6F, 0x6E, 0x65, 0x94, 0x20, 0x96, 0x20, 0x80, 0x35]
        data += Data("</title><item><guid>s</guid><title>Slavoj ".utf8)
        data += [0x8E, 0x69, 0x9E, 0x65, 0x6B] // Žižek: 0x9E would have swallowed the rest in a terminal
        data += Data(" &#146;s talk</title></item></channel></rss>".utf8)
        let feed = try Parse.bytes(data)
        #expect(feed.plainTitle == "It\u{2019}s \u{201C}done\u{201D} \u{2013} \u{20AC}5")
        #expect(feed.encoding == "windows-1252")
        #expect(feed.items.first?.plainTitle == "Slavoj \u{017D}i\u{017E}ek \u{2019}s talk")
        let header = try Parse.bytes(Data(#"<rss version="2.0"><channel><title>A &#150; B &#128;</title></channel></rss>"#.utf8))
        #expect(header.plainTitle == "A \u{2013} B \u{20AC}")
    }

    @Test("a non-UTF-8 declaration after blank lines is applied")
    func declarationAfterBlankLines() throws {
        var data = Data("\n\n<?xml version=\"1.0\" encoding=\"windows-1251\"?><rss version=\"2.0\"><channel><title>".utf8)
        data += [0xCD, 0xEE, 0xE2, 0xEE, 0xF1, 0xF2, 0xE8] // Новости
        data += Data("</title></channel></rss>".utf8)
        let feed = try Parse.bytes(data)
        #expect(feed.plainTitle == "Новости")
    }

    @Test("an empty content:encoded or Atom content leaves the description or summary as the text")
    func emptyContent() throws {
        let feed = try Parse.xml(Self.rss(#"<item><guid>e</guid><description>Real text</description><content:encoded><![CDATA[ ]]></content:encoded></item>"#,
                                          root: #"<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">"#))
        let item = try #require(feed.items.first)
        #expect(item.content == nil)
        #expect(item.summary?.value == "Real text")
        let atom = try Parse.xml(#"<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>x</id><title>E</title><summary>Kept</summary><content type="html">  </content></entry></feed>"#)
        #expect(atom.items.first?.content == nil)
        #expect(atom.items.first?.summary?.value == "Kept")
    }

    @Test("items that repeat one guid with different links stay apart; the same guid and link stay one")
    func repeatedGUIDs() throws {
        let feed = try Parse.xml(Self.rss("""
            <item><title>One</title><guid isPermaLink="false">https://example.com/</guid><link>https://example.com/1</link></item>
            <item><title>Two</title><guid isPermaLink="false">https://example.com/</guid><link>https://example.com/2</link></item>
            <item><title>Two again</title><guid isPermaLink="false">https://example.com/</guid><link>https://example.com/2</link></item>
            """))
        let identities = feed.items.map(\.identity)
        #expect(identities == ["https://example.com/", "https://example.com/|https://example.com/2", "https://example.com/|https://example.com/2"])
    }

    @Test("namespace URIs in another case (Apple's PodCast-1.0.dtd) and element names in another case (<pubdate>, <Link>)")
    func caseOfNamesAndNamespaces() throws {
        let feed = try Parse.xml(Self.rss(#"<item><title>Ep</title><guid>p</guid><itunes:duration>42:10</itunes:duration><pubdate>Tue, 05 Nov 2024 10:00:00 +0000</pubdate><Link>https://example.com/ep</Link></item>"#,
                                          root: #"<rss version="2.0" xmlns:itunes="http://www.itunes.com/DTDs/PodCast-1.0.dtd">"#))
        let item = try #require(feed.items.first)
        #expect(item.episode?.duration == 2530)
        #expect(Fixtures.iso(item.published) == "2024-11-05T10:00:00Z")
        #expect(item.url == "https://example.com/ep")
    }

    @Test("an <rss> root in Atom's (or another) default namespace is read as RSS, with a warning")
    func rssInAnotherNamespace() throws {
        for namespace in ["http://www.w3.org/2005/Atom", "https://cyber.harvard.edu/rss/rss.html"] {
            let feed = try Parse.xml(Self.rss("<item><title>Found</title><link>https://example.com/a</link></item>",
                                              root: #"<rss version="2.0" xmlns=""# + namespace + #"">"#))
            #expect(feed.items.map(\.plainTitle) == ["Found"], "\(namespace)")
            #expect(feed.items.first?.url == "https://example.com/a")
            #expect(feed.warnings.contains { $0.contains("read as RSS") })
        }
    }

    @Test("dates: a day's name in another language before a comma, French and German months, half-hour and more named zones, Unix times")
    func dates() throws {
        #expect(try Self.published("mar., 05 nov. 2024 10:00:00 +0100") == "2024-11-05T09:00:00Z")
        #expect(try Self.published("Di, 07 Mai 2024 10:00:00 +0200") == "2024-05-07T08:00:00Z")
        #expect(try Self.published("mardi 5 novembre 2024 10:00") == "2024-11-05T10:00:00Z")
        #expect(try Self.published("5 avril 2024 10:00 GMT") == "2024-04-05T10:00:00Z")
        #expect(try Self.published("1 juin 2024") == "2024-06-01T00:00:00Z")
        #expect(try Self.published("14 juillet 2024") == "2024-07-14T00:00:00Z")
        #expect(try Self.published("15 août 2024") == "2024-08-15T00:00:00Z")
        #expect(try Self.published("Tue, 05 Nov 2024 10:00:00 IST") == "2024-11-05T04:30:00Z")
        #expect(try Self.published("Tue, 05 Nov 2024 10:00:00 HKT") == "2024-11-05T02:00:00Z")
        #expect(try Self.published("Tue, 05 Nov 2024 10:00:00 NST") == "2024-11-05T13:30:00Z")
        #expect(try Self.published("1709460000") == "2024-03-03T10:00:00Z")
        // Unchanged: the forms that already worked, an English month before a comma among them.
        #expect(try Self.published("Nov, 05 2024 10:00:00 GMT") == "2024-11-05T10:00:00Z")
        #expect(try Self.published("Tue, 05 Nov 2024 10:00:00 EST") == "2024-11-05T15:00:00Z")
        #expect(try Self.published("2024-11-05") == "2024-11-05T00:00:00Z")
    }
}
