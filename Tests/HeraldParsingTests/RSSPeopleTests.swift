import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// Issue 11, item 9: RSS people strings split into a name and an e-mail address.
@Suite("RSS people")
struct RSSPeopleTests {
    static let forms: [(text: String, person: Person)] = [
        ("me@example.com (Jane Doe)", Person(name: "Jane Doe", email: "me@example.com")),
        ("Jane Doe &lt;me@example.com&gt;", Person(name: "Jane Doe", email: "me@example.com")),
        ("Jane Doe", Person(name: "Jane Doe")),
        ("me@example.com", Person(email: "me@example.com")),
        ("\"Jane Doe\" &lt;me@example.com&gt;", Person(name: "Jane Doe", email: "me@example.com")),
        ("Jane Doe (me@example.com)", Person(name: "Jane Doe", email: "me@example.com")),
        ("mailto:me@example.com (Jane Doe)", Person(name: "Jane Doe", email: "me@example.com")),
        ("&lt;me@example.com&gt;", Person(email: "me@example.com")),
        ("Jane Doe me@example.com", Person(name: "Jane Doe", email: "me@example.com")),
        ("Jane Doe (@janedoe)", Person(name: "Jane Doe (@janedoe)")),
        ("me@example.com (Jane &amp;amp; John)", Person(name: "Jane & John", email: "me@example.com")),
    ]

    @Test("item authors", arguments: forms)
    func itemAuthor(text: String, person: Person) throws {
        let feed = try Parse.xml("<rss version=\"2.0\"><channel><title>T</title><item><guid>1</guid><author>\(text)</author></item></channel></rss>")
        #expect(feed.items.first?.authors == [person])
    }

    @Test("dc:creator", arguments: forms)
    func dublinCoreCreator(text: String, person: Person) throws {
        let feed = try Parse.xml("""
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
            <item><guid>1</guid><dc:creator>\(text)</dc:creator></item></channel></rss>
            """)
        #expect(feed.items.first?.authors == [person])
    }

    @Test("managingEditor", arguments: forms)
    func managingEditor(text: String, person: Person) throws {
        let feed = try Parse.xml("<rss version=\"2.0\"><channel><title>T</title><managingEditor>\(text)</managingEditor></channel></rss>")
        #expect(feed.authors == [person])
    }
}
