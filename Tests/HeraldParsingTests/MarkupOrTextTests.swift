import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// Issue 11, item 1: text that looks like markup but is not keeps its angle brackets; text that
/// holds real HTML (known elements, entities) is read as HTML.
@Suite("Markup or text")
struct MarkupOrTextTests {
    /// Titles whose decoded text holds brackets that are not HTML, as they appear in the XML.
    static let bracketTitles: [(escaped: String, plain: String)] = [
        ("Live coverage &lt;Live&gt;", "Live coverage <Live>"),
        ("Result&lt;Success, Failure&gt; in Swift", "Result<Success, Failure> in Swift"),
        ("Vec&lt;T&gt; vs slices", "Vec<T> vs slices"),
        ("I &lt;3 SQLite", "I <3 SQLite"),
        ("a &lt; b", "a < b"),
        ("Optional&lt;Data&gt; and Array&lt;Link&gt;", "Optional<Data> and Array<Link>"),
    ]

    @Test("RSS titles with brackets that are not HTML stay text", arguments: bracketTitles)
    func rssBracketsStayText(escaped: String, plain: String) throws {
        let item = try #require(try Parse.rssItemTitle(escaped))
        #expect(item.plainTitle == plain)
        #expect(item.title == TextConstruct(type: .text, value: plain))
    }

    @Test("an RSS channel title with brackets stays text")
    func rssChannelTitle() throws {
        let feed = try Parse.xml("<rss version=\"2.0\"><channel><title>Vec&lt;T&gt; weekly</title></channel></rss>")
        #expect(feed.plainTitle == "Vec<T> weekly")
        #expect(feed.title?.type == .text)
    }

    @Test("RSS titles that hold real HTML are read as HTML", arguments: [
        ("&lt;b&gt;Breaking&lt;/b&gt; news", "Breaking news", "<b>Breaking</b> news"),
        ("Tom &amp;amp; Jerry", "Tom & Jerry", "Tom &amp; Jerry"),
        ("Vec&amp;lt;T&amp;gt; vs slices", "Vec<T> vs slices", "Vec&lt;T&gt; vs slices"),
        ("One&lt;br/&gt;Two", "One Two", "One<br/>Two"),
        ("&lt;a href=\"https://x.example/\"&gt;Link&lt;/a&gt; post", "Link post", "<a href=\"https://x.example/\">Link</a> post"),
        ("&lt;em&gt;Result&lt;/em&gt;&lt;T&gt;", "Result<T>", "<em>Result</em><T>"),
    ])
    func rssRealHTML(escaped: String, plain: String, value: String) throws {
        let item = try #require(try Parse.rssItemTitle(escaped))
        #expect(item.plainTitle == plain)
        #expect(item.title?.type == .html)
        #expect(item.title?.value == value)
    }

    @Test("inline markup a broken RSS feed did not escape is still HTML")
    func unescapedInlineMarkup() throws {
        let item = try #require(try Parse.rssItemTitle("Hello <b>world</b>"))
        #expect(item.plainTitle == "Hello world")
        #expect(item.title?.type == .html)
    }

    @Test("Atom titles of type text keep their brackets", arguments: bracketTitles)
    func atomText(escaped: String, plain: String) throws {
        let feed = try Parse.xml("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title type="text">\(escaped)</title>
            <entry><id>e</id><title>\(escaped)</title></entry></feed>
            """)
        #expect(feed.plainTitle == plain)
        #expect(feed.title == TextConstruct(type: .text, value: plain))
        #expect(feed.items.first?.plainTitle == plain)
    }

    @Test("Atom titles of type html: escaped markup is HTML, brackets that are not HTML stay")
    func atomHTML() throws {
        let feed = try Parse.xml("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title type="html">Result&lt;Success, Failure&gt; in Swift</title>
            <entry><id>1</id><title type="html">Vec&amp;lt;T&amp;gt; &lt;em&gt;vs&lt;/em&gt; slices</title></entry>
            <entry><id>2</id><title type="html">Live coverage &lt;Live&gt;</title></entry>
            <entry><id>3</id><title type="html">I &amp;lt;3 SQLite</title></entry></feed>
            """)
        #expect(feed.plainTitle == "Result<Success, Failure> in Swift")
        #expect(feed.title?.type == .html)
        #expect(feed.items.map(\.plainTitle) == ["Vec<T> vs slices", "Live coverage <Live>", "I <3 SQLite"])
    }

    @Test("JSON Feed titles keep their brackets unless they hold HTML")
    func jsonFeed() throws {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Result<Success, Failure> in Swift",
             "items": [{"id": "1", "title": "Vec<T> vs slices"}, {"id": "2", "title": "I <3 SQLite"},
                       {"id": "3", "title": "a < b"}, {"id": "4", "title": "Live coverage <Live>"},
                       {"id": "5", "title": "<b>Bold</b> &amp; brave"}]}
            """
        let feed = try Parse.xml(json)
        #expect(feed.plainTitle == "Result<Success, Failure> in Swift")
        #expect(feed.title?.type == .text)
        #expect(feed.items.map(\.plainTitle) == ["Vec<T> vs slices", "I <3 SQLite", "a < b", "Live coverage <Live>", "Bold & brave"])
        #expect(feed.items.map { $0.title?.type } == [.text, .text, .text, .text, .html])
    }

    @Test("plain titles of RSS items with HTML comments and entities are cleaned")
    func commentsAndEntities() throws {
        let item = try #require(try Parse.rssItemTitle("Caf&amp;eacute; &lt;!-- ad --&gt;&lt;Live&gt;"))
        #expect(item.plainTitle == "Café <Live>")
    }
}
