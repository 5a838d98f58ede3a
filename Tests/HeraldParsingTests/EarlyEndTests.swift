import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// Issue 11: a document with junk after its root element, or an RSS channel that ends early,
/// keeps what was read (recovered, with warnings) instead of failing the feed.
@Suite("Documents that end early or go on after their end")
struct EarlyEndTests {
    @Test("items after a second root element are junk: the first root's items are kept, with a warning")
    func secondRootAfterTheFirst() throws {
        let feed = try Parse.xml("""
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Early</title>
            <item><title>One</title><link>https://early.example/1</link></item>
            </channel></rss>
            <rss version="2.0"><channel><item><title>Two</title></item></channel></rss>
            """)
        #expect(feed.recovered)
        #expect(feed.items.map(\.plainTitle) == ["One"])
        #expect(feed.plainTitle == "Early")
        #expect(!feed.warnings.isEmpty)
    }

    @Test("text and stray end tags after the root keep the feed, recovered with a warning")
    func textAfterTheRoot() throws {
        let feed = try Parse.xml("""
            <?xml version="1.0"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
            <entry><id>urn:1</id><title>First</title></entry>
            <entry><id>urn:2</id><title>Second</title></entry>
            </feed>
            Warning: Cannot modify header information</channel></rss>
            """)
        #expect(feed.format == .atom)
        #expect(feed.recovered)
        #expect(feed.items.compactMap(\.id) == ["urn:1", "urn:2"])
        #expect(!feed.warnings.isEmpty)
    }

    @Test("a channel closed before its items keeps the items that follow it inside <rss>")
    func itemsAfterTheChannelEnds() throws {
        let feed = try Parse.xml("""
            <rss version="0.91"><channel><title>Split</title><link>https://split.example/</link></channel>
            <item><title>Outside one</title><link>https://split.example/1</link></item>
            <item><title>Outside two</title><link>https://split.example/2</link></item>
            </rss>
            """)
        #expect(feed.plainTitle == "Split")
        #expect(feed.items.map(\.plainTitle) == ["Outside one", "Outside two"])
    }

    @Test("a channel whose end tag is missing before </rss> keeps every item, recovered with a warning")
    func channelEndTagMissing() throws {
        let feed = try Parse.xml("""
            <rss version="2.0"><channel><title>No end</title>
            <item><title>One</title><guid>1</guid></item>
            <item><title>Two</title><guid>2</guid></item>
            </rss>
            """)
        #expect(feed.recovered)
        #expect(feed.items.compactMap(\.id) == ["1", "2"])
        #expect(!feed.warnings.isEmpty)
    }

    @Test("a document cut inside an item's element keeps the items before it and the partial one")
    func cutInsideAnElement() throws {
        let feed = try Parse.xml("""
            <rss version="2.0"><channel><title>Cut</title>
            <item><title>Whole</title><guid>1</guid></item>
            <item><title>Half</title><guid>2</guid><description>Tex
            """)
        #expect(feed.recovered)
        #expect(feed.items.compactMap(\.id) == ["1", "2"])
        #expect(feed.items.last?.summary?.value == "Tex")
        #expect(feed.warnings.contains { $0.contains("truncated") })
    }
}
