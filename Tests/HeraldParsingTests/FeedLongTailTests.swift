// The feed long tail of issue 23: languages, iTunes subcategories, channel authors.
import Foundation
import HeraldDomain
import Testing
@testable import HeraldParsing

/// Languages written with an underscore (`en_US`, the POSIX locale form) become BCP 47 tags.
@Suite("Feed languages")
struct LanguageTagTests {
    @Test func rssLanguageAndXmlLangAreNormalised() throws {
        let feed = try Parse.xml("""
            <rss version="2.0"><channel><title>T</title><language> en_US </language>
            <item><title>A</title><guid>a</guid></item></channel></rss>
            """)
        #expect(feed.language == "en-US")
        #expect(feed.items.first?.language == "en-US")
        let atom = try Parse.xml("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="pt_BR"><title>T</title><id>urn:t</id>
            <entry xml:lang="de_AT"><title>A</title><id>urn:a</id></entry></feed>
            """)
        #expect(atom.language == "pt-BR")
        #expect(atom.items.first?.language == "de-AT")
    }

    @Test func dublinCoreAndJSONFeedLanguagesToo() throws {
        let dc = try Parse.xml("""
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
            <dc:language>fr_CA</dc:language></channel></rss>
            """)
        #expect(dc.language == "fr-CA")
        let json = try Parse.bytes(Data(#"{"version": "https://jsonfeed.org/version/1.1", "title": "T", "language": "es_MX", "items": []}"#.utf8))
        #expect(json.language == "es-MX")
    }

    @Test func wellFormedTagsAreLeftAlone() {
        #expect(LanguageTag.normalized("en-GB") == "en-GB")
        #expect(LanguageTag.normalized("zh-Hant-TW") == "zh-Hant-TW")
        #expect(LanguageTag.normalized("") == "")
    }
}

/// The channel's iTunes categories keep their subcategories.
@Suite("iTunes categories")
struct ITunesCategoryTests {
    @Test func subcategoriesAreKeptWithTheirParent() throws {
        let feed = try Parse.xml("""
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Pod</title>
            <itunes:category text="Technology"><itunes:category text="Podcasting"/></itunes:category>
            <itunes:category text="Science"/></channel></rss>
            """)
        let itunes = feed.categories.filter { $0.scheme == "itunes" }
        #expect(itunes.map(\.term) == ["Technology", "Podcasting", "Science"])
        #expect(itunes[1].label == "Technology › Podcasting")
        #expect(itunes[0].label == nil)
    }
}

/// A channel's own `<author>` (outside RSS 2.0, common all the same) is the feed's author.
@Suite("Channel authors")
struct ChannelAuthorTests {
    @Test func aChannelAuthorIsKeptWithNameAndEmailApart() throws {
        let feed = try Parse.xml("""
            <rss version="2.0"><channel><title>T</title><author>editor@example.org (Jane Doe)</author>
            <managingEditor>boss@example.org (Bo Boss)</managingEditor>
            <item><title>A</title><guid>1</guid><author>writer@example.org (Ann Writer)</author></item></channel></rss>
            """)
        #expect(feed.authors == [Person(name: "Jane Doe", email: "editor@example.org"), Person(name: "Bo Boss", email: "boss@example.org")])
        #expect(feed.items.first?.authors == [Person(name: "Ann Writer", email: "writer@example.org")])
    }
}
