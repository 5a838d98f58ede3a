import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// Issue 11, items 7 and 8: Atom documents in a near-miss namespace, and Atom 0.3 content modes.
@Suite("Atom variants")
struct AtomVariantTests {
    static func atom(namespace: String?, version: String? = nil) -> String {
        let xmlns = namespace.map { " xmlns=\"\($0)\"" } ?? ""
        let versionAttribute = version.map { " version=\"\($0)\"" } ?? ""
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <feed\(xmlns)\(versionAttribute)>
              <title>Near Miss</title>
              <id>urn:near-miss</id>
              <link rel="alternate" href="https://near.example.com/"/>
              <updated>2026-11-20T10:00:00Z</updated>
              <entry>
                <id>urn:near-miss:1</id>
                <title type="html">First &amp;amp; only</title>
                <link href="https://near.example.com/1"/>
                <published>2026-11-19T08:00:00Z</published>
                <summary>A summary</summary>
                <author><name>Jane Doe</name><email>jane@example.com</email></author>
              </entry>
            </feed>
            """
    }

    @Test("a feed in a near-miss Atom namespace is read as Atom, with a warning", arguments: [
        "http://www.w3.org/2005/atom", "http://www.w3.org/2005/Atom/", "HTTP://WWW.W3.ORG/2005/ATOM", "https://www.w3.org/2005/Atom",
        "http://purl.org/atom/ns#draft-ietf-atompub-format-08",
    ])
    func nearMissNamespace(namespace: String) throws {
        let feed = try Parse.xml(Self.atom(namespace: namespace))
        try expectNearMiss(feed, version: "1.0")
        #expect(feed.warnings.contains("The root <feed> is in the namespace \"\(namespace)\", not Atom's; read as Atom 1.0."))
    }

    @Test("a feed without a namespace is read as Atom, with a warning")
    func noNamespace() throws {
        let feed = try Parse.xml(Self.atom(namespace: nil))
        try expectNearMiss(feed, version: "1.0")
        #expect(feed.warnings.contains("The root <feed> has no namespace; read as Atom 1.0."))
    }

    @Test("Atom 1.0 elements in the Atom 0.3 namespace are read as Atom 1.0, with a warning")
    func atom03NamespaceWith10Elements() throws {
        let feed = try Parse.xml(Self.atom(namespace: "http://purl.org/atom/ns#"))
        try expectNearMiss(feed, version: "1.0")
        #expect(feed.warnings.contains("The root <feed> has the Atom 0.3 namespace but no version 0.3; read as Atom 1.0."))
        let real03 = try Parse.xml(Self.atom(namespace: "http://purl.org/atom/ns#", version: "0.3"))
        #expect(real03.version == "0.3")
        #expect(real03.warnings.isEmpty)
    }

    @Test("an RSS feed with an Atom self link in a near-miss namespace keeps the link")
    func nearMissAtomLinkInRSS() throws {
        let feed = try Parse.xml("""
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom/"><channel><title>T</title>
            <atom:link rel="self" href="https://rss.example.com/feed.xml"/></channel></rss>
            """)
        #expect(feed.format == .rss)
        #expect(feed.selfURL == "https://rss.example.com/feed.xml")
    }

    private func expectNearMiss(_ feed: ParsedFeed, version: String) throws {
        #expect(feed.format == .atom)
        #expect(feed.version == version)
        #expect(feed.plainTitle == "Near Miss")
        #expect(feed.id == "urn:near-miss")
        #expect(feed.siteURL == "https://near.example.com/")
        #expect(Fixtures.iso(feed.updated) == "2026-11-20T10:00:00Z")
        let entry = try #require(feed.items.first)
        #expect(feed.items.count == 1)
        #expect(entry.identity == "urn:near-miss:1")
        #expect(entry.plainTitle == "First & only")
        #expect(entry.url == "https://near.example.com/1")
        #expect(Fixtures.iso(entry.published) == "2026-11-19T08:00:00Z")
        #expect(entry.summary?.value == "A summary")
        #expect(entry.authors == [Person(name: "Jane Doe", email: "jane@example.com")])
    }

    // MARK: Item 8: Atom 0.3 modes

    @Test("Atom 0.3 mode=\"base64\" text constructs are decoded")
    func base64Mode() throws {
        let html = Data("<p>Caf\u{E9} &amp; cr\u{E8}me</p>".utf8).base64EncodedString()
        let title = Data("Base64 title \u{2014} ok".utf8).base64EncodedString(options: .lineLength64Characters)
        let feed = try Parse.xml("""
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Modes</title>
            <entry><id>1</id><title mode="base64">\(title)</title>
            <content type="text/html" mode="base64">\(html)</content>
            <summary type="image/png" mode="base64">iVBORw0KGgo=</summary></entry></feed>
            """)
        let entry = try #require(feed.items.first)
        #expect(entry.plainTitle == "Base64 title — ok")
        #expect(entry.title == TextConstruct(type: .text, value: "Base64 title — ok"))
        #expect(entry.content == TextConstruct(type: .html, value: "<p>Café &amp; crème</p>"))
        #expect(entry.summary == nil || entry.summary?.value == "")
        #expect(feed.warnings.contains { $0.contains("image/png") })
    }

    @Test("Atom 0.3 mode=\"xml\" text constructs are markup, not raw text")
    func xmlMode() throws {
        let feed = try Parse.xml("""
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Modes</title>
            <entry><id>1</id><title mode="xml">Plain <b>bold</b> title</title>
            <content mode="xml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hello <em>world</em></p></div></content>
            <summary>No children here</summary></entry></feed>
            """)
        let entry = try #require(feed.items.first)
        #expect(entry.plainTitle == "Plain bold title")
        #expect(entry.title?.type == .xhtml)
        #expect(entry.content == TextConstruct(type: .xhtml, value: "<p>Hello <em>world</em></p>"))
        #expect(entry.summary == TextConstruct(type: .text, value: "No children here"))
    }
}
