import Foundation
import HeraldDomain
import HeraldParsing
import Testing

@Suite("Atom and RDF fixtures")
struct AtomAndRDFFixtureTests {
    @Test func atom10WithXHTMLAndXMLBase() throws {
        let feed = try Fixtures.feed("atom10-xhtml-xmlbase.xml", documentURL: "https://mirror.example.com/feed")
        #expect(feed.format == .atom)
        #expect(feed.version == "1.0")
        #expect(feed.id == "tag:journal.example.net,2009:feed")
        #expect(feed.language == "en")
        #expect(feed.title == TextConstruct(type: .text, value: "Marginalia", language: "en"))
        #expect(feed.subtitle?.type == .html)
        #expect(feed.subtitle?.value == "Essays &amp; <em>notes</em>")
        #expect(feed.siteURL == "https://journal.example.net/")
        #expect(feed.selfURL == "https://journal.example.net/feed.atom")
        #expect(feed.generator == Generator(name: "Hugo", uri: "https://gohugo.io/", version: "0.121.1"))
        #expect(feed.icon == "https://journal.example.net/favicon.ico")
        #expect(feed.logo == "https://journal.example.net/images/logo.png")
        #expect(feed.authors == [Person(name: "Ana Lindqvist", email: "ana@journal.example.net", uri: "https://journal.example.net/about/")])
        #expect(feed.items.count == 2)

        let entry = feed.items[0]
        #expect(entry.plainTitle == "On tabs and spaces")
        #expect(entry.title?.type == .html)
        #expect(entry.url == "https://journal.example.net/posts/2026/tabs-and-spaces/")
        #expect(entry.links[1] == Link(href: "https://journal.example.net/posts/2026/tabs-and-spaces/#comments", rel: "replies",
                                       type: "text/html", title: "Comments"))
        #expect(Fixtures.iso(entry.published) == "2026-11-20T19:00:00Z")
        #expect(Fixtures.iso(entry.updated) == "2026-11-20T21:05:33Z")
        #expect(entry.contributors == [Person(name: "Jonas Berg", uri: "https://jonas.example.org/")])
        #expect(entry.categories == [Category(term: "programming", scheme: "https://journal.example.net/tags/", label: "Programming")])
        #expect(entry.summary == TextConstruct(type: .text, value: "Why the argument never ends.", language: "en"))
        let content = try #require(entry.content)
        #expect(content.type == .xhtml)
        #expect(content.language == "en-GB")
        #expect(content.value.hasPrefix("<p>The <em>argument</em> never ends.<br/>"))
        #expect(content.value.contains("<a href=\"https://journal.example.net/posts/older/\">the older post</a> &amp; "))
        #expect(content.value.contains("<img src=\"https://journal.example.net/posts/2026/figure.png\" alt=\"figure\"/>"))
        #expect(!content.value.contains("<div"))

        let second = feed.items[1]
        #expect(second.url == "https://journal.example.net/notebook/46/?a=1&b=2")
        #expect(second.enclosures == [Enclosure(url: "https://journal.example.net/audio/week46.ogg", type: "audio/ogg", length: 1_048_576)])
        #expect(second.published == nil)
        #expect(second.source == ItemSource(title: "Other Notebook", url: "https://other.example.com/feed.atom", id: "tag:other.example.com,2020:feed"))
    }

    @Test func atom03() throws {
        let feed = try Fixtures.feed("atom03.xml")
        #expect(feed.version == "0.3")
        #expect(feed.subtitle?.value == "A lot of effort went into making this effortless")
        #expect(feed.rights?.value == "Copyright (c) 2003, Mark Pilgrim")
        #expect(feed.generator == Generator(name: "Example Toolkit", uri: "http://www.example.com/", version: "1.0"))
        #expect(Fixtures.iso(feed.updated) == "2004-05-13T18:30:02Z")
        let entry = try #require(feed.items.first)
        #expect(entry.identity == "tag:diveintomark.example.org,2003:3.2397")
        #expect(Fixtures.iso(entry.published) == "2003-12-13T12:29:29Z")
        #expect(Fixtures.iso(entry.updated) == "2003-12-13T18:30:02Z")
        #expect(entry.authors == [Person(name: "Mark Pilgrim", email: "f8dy@example.com", uri: "http://diveintomark.example.org/")])
        #expect(entry.content?.type == .html)
        #expect(entry.content?.value == "<p><i>[Update: the Atom draft is finished.]</i></p>")
        #expect(entry.summary?.type == .text)
    }

    @Test func rdf10WithDublinCore() throws {
        let feed = try Fixtures.feed("rdf10-dc.xml")
        #expect(feed.format == .rdf)
        #expect(feed.version == "1.0")
        #expect(feed.language == "en-us")
        #expect(feed.rights?.value == "Copyright 1997-2026, Slashy Media.")
        #expect(Fixtures.iso(feed.updated) == "2026-11-21T15:10:01Z")
        #expect(feed.updateHint?.syndicationInterval == 1800)
        #expect(feed.image?.url == "https://slashy.example.org/images/topics/topicslashy.gif")
        #expect(feed.categories.map(\.term) == ["Technology"])
        #expect(feed.items.count == 2)
        let story = feed.items[0]
        #expect(story.identity == "https://slashy.example.org/story/26/11/21/1503218/new-kernel-released")
        #expect(story.url == "https://slashy.example.org/story/26/11/21/1503218/new-kernel-released?utm_source=rss1.0")
        #expect(story.authors == [Person(name: "msmash")])
        #expect(Fixtures.iso(story.published) == "2026-11-21T15:03:00Z")
        #expect(story.categories.map(\.term) == ["linux"])
    }

    @Test func rss090() throws {
        let feed = try Fixtures.feed("rss090.rdf")
        #expect(feed.format == .rdf)
        #expect(feed.version == "0.90")
        #expect(feed.plainTitle == "Mozilla Dot Org")
        #expect(feed.items.map(\.plainTitle) == ["New Status Updates", "Bugzilla Reorganized"])
        #expect(feed.image?.title == "Mozilla")
    }

    @Test func jsonFeed10() throws {
        let feed = try Fixtures.feed("jsonfeed-10.json", documentURL: "https://bookshelf.example.com/feed.json")
        #expect(feed.format == .json)
        #expect(feed.version == "1.0")
        #expect(feed.plainTitle == "The Bookshelf")
        #expect(feed.icon == "https://bookshelf.example.com/favicon-64.png")
        #expect(feed.logo == "https://bookshelf.example.com/icon-512.png")
        #expect(feed.authors == [Person(name: "Priya Natarajan", uri: "https://bookshelf.example.com/about")])
        #expect(feed.items.count == 2)
        #expect(feed.items[0].content == TextConstruct(type: .html, value: "<p>Every ten years I reread <em>Middlemarch</em>.</p>"))
        #expect(Fixtures.iso(feed.items[0].published) == "2026-11-18T18:00:00Z")
        #expect(feed.items[0].categories.map(\.term) == ["novels", "eliot"])
        #expect(feed.items[1].identity == "1701")
        #expect(feed.items[1].url == "https://bookshelf.example.com/2026/11/short-note")
        #expect(feed.items[1].content?.type == .text)
        #expect(feed.items[1].updated == nil)
        #expect(feed.warnings.contains { $0.contains("not a date") })
    }

    @Test func jsonFeed11() throws {
        let feed = try Fixtures.feed("jsonfeed-11.json")
        #expect(feed.version == "1.1")
        #expect(feed.language == "de-DE")
        #expect(feed.authors.map(\.name) == ["Lena Vogel", "Tom Weber"])
        let episode = try #require(feed.items.first)
        #expect(episode.plainTitle == "Folge 7: Über Brücken")
        #expect(episode.language == "de-DE")
        #expect(Fixtures.iso(episode.published) == "2026-11-19T05:00:00Z")
        #expect(Fixtures.iso(episode.updated) == "2026-11-19T07:15:00Z")
        #expect(episode.enclosures == [Enclosure(url: "https://cdn.microcast.example.org/7.m4a", type: "audio/x-m4a", length: 23_456_789)])
        #expect(episode.thumbnails.first?.url == "https://microcast.example.org/episodes/7/cover.jpg")
    }
}
