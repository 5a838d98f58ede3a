import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// Plain titles of ASCII HTML titles whose only markup is entities (the usual Atom
/// `type="html"` title) take a byte-level fast path; it must give what the full pass gives.
@Suite("Plain titles of entity-only HTML")
struct PlainTitleEntityTests {
    /// The plain title of an Atom entry whose `type="html"` title is written as `escaped` in the XML.
    private func plainTitle(_ escaped: String) throws -> String? {
        try Parse.xml("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
            <entry><id>urn:x</id><title type="html">\(escaped)</title></entry></feed>
            """).items.first?.plainTitle
    }

    @Test("entities decode, whitespace (no-break spaces too) collapses, brackets that were entities stay text")
    func entitiesDecode() throws {
        #expect(try plainTitle("Bread &amp;amp; butter") == "Bread & butter")
        #expect(try plainTitle("a&amp;nbsp;&amp;nbsp;b") == "a b")
        #expect(try plainTitle("x &amp;eacute;t&amp;eacute;") == "x été")
        #expect(try plainTitle("  spaced \t  &amp;lt;b&amp;gt;  ") == "spaced <b>")
        #expect(try plainTitle("&amp;unknown; &amp;amp; &amp;#x41;&amp;#66;") == "&unknown; & AB")
    }

    @Test("without an entity that decodes, the text is kept as it is")
    func nothingDecodes() throws {
        #expect(try plainTitle("Fish &amp;chips; &amp;") == "Fish &chips; &")
    }

    @Test("a decoded control character never reaches the plain title")
    func decodedControlIsRemoved() throws {
        let title = try #require(try plainTitle("red&amp;#27;[31m &amp;amp; done&amp;#7;"))
        #expect(!title.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(title.hasPrefix("red") && title.contains("& done"))
    }
}

/// Entities escaped twice (`&amp;hellip;` inside CDATA, `&amp;amp;hellip;` in text) are what the
/// publisher meant once: the character.
@Suite("Plain titles with entities escaped twice")
struct DoubleEscapedTitleTests {
    @Test func twiceEscapedEntitiesDecode() throws {
        let feed = try Parse.xml("""
            <rss version="2.0"><channel><title>T</title>
            <item><title><![CDATA[Harbour &amp;hellip; reopens &amp;#8217;s]]></title><guid>1</guid></item>
            <item><title>Tram &amp;amp;hellip; line</title><guid>2</guid></item>
            <item><title>Fish &amp;amp; chips</title><guid>3</guid></item>
            <item><title><![CDATA[AT&amp;amp;T &amp; friends]]></title><guid>4</guid></item>
            </channel></rss>
            """)
        #expect(feed.items.map(\.plainTitle) == ["Harbour … reopens ’s", "Tram … line", "Fish & chips", "AT&T & friends"])
    }
}
