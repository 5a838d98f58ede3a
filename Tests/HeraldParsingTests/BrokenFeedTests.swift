import Foundation
import HeraldDomain
import HeraldParsing
import Testing

@Suite("Broken feeds are recovered")
struct BrokenFeedTests {
    @Test func unescapedAmpersandsAreKept() throws {
        let feed = try Fixtures.feed("broken-unescaped-amp.xml")
        #expect(feed.recovered)
        #expect(feed.plainTitle == "Tom & Jerry's Blog")
        #expect(feed.items.map(\.plainTitle) == ["AT&T raises prices & nobody is surprised", "Second post"])
        #expect(feed.warnings.contains { $0.contains("unescaped '&'") })
    }

    @Test func undefinedHTMLEntitiesBecomeCharacters() throws {
        let feed = try Fixtures.feed("broken-html-entities.xml")
        #expect(feed.recovered)
        #expect(feed.plainTitle == "Café Society")
        #expect(feed.title?.value == "Café\u{A0}Society")
        #expect(feed.subtitle?.value == "Le café — tous les jours")
        #expect(feed.items.first?.plainTitle == "Résumé … © 2026")
        #expect(feed.items.first?.summary?.value == "<p>Crème</p>")
        #expect(feed.warnings.contains { $0.contains("&nbsp;") })
    }

    @Test func unclosedTagsKeepEveryItem() throws {
        let feed = try Fixtures.feed("broken-unclosed-tags.xml")
        #expect(feed.recovered)
        #expect(feed.items.map(\.url) == ["https://unclosed.example.com/1", "https://unclosed.example.com/2", "https://unclosed.example.com/3"])
        #expect(feed.items[0].summary?.value.hasPrefix("Text with <b>bold never closed") == true)
    }

    @Test func truncatedDocumentKeepsTheItemsReadSoFar() throws {
        let feed = try Fixtures.feed("broken-truncated.xml")
        #expect(feed.recovered)
        #expect(feed.items.count == 3)
        #expect(feed.items.map(\.plainTitle) == ["Complete item one", "Complete item two", "Partial item three"])
        #expect(feed.items[2].summary?.value.hasPrefix("This description is cut off") == true)
        #expect(feed.warnings.contains { $0.contains("truncated") })
    }

    @Test func junkAfterTheRootIsIgnored() throws {
        let feed = try Fixtures.feed("broken-junk-after-root.xml")
        #expect(feed.recovered)
        #expect(feed.items.map(\.plainTitle) == ["Only item"])
        #expect(!feed.warnings.isEmpty)
    }

    @Test func nonNumericEnclosureLengthKeepsTheItem() throws {
        let feed = try Fixtures.feed("bad-enclosure-length.xml", documentURL: "https://enclosures.example.com/feed.xml")
        #expect(feed.items.count == 3)
        #expect(feed.items[0].enclosures == [Enclosure(url: "https://enclosures.example.com/a.mp3", type: "audio/mpeg", length: nil)])
        #expect(feed.items[1].enclosures.first?.url == "https://enclosures.example.com/media/b.mp3")
        #expect(feed.items[2].enclosures.first?.length == 1234)
        #expect(feed.warnings.contains { $0.contains("\"unknown\" is not a number") })
    }

    @Test func terminalEscapesNeverReachPlainTitles() throws {
        let feed = try Fixtures.feed("terminal-escapes.xml")
        #expect(feed.plainTitle == "Escapes Feed")
        #expect(feed.items.first?.plainTitle == "Red text and reversed")
    }
}

@Suite("Unsafe and foreign documents")
struct SafetyTests {
    @Test func billionLaughsIsRefusedQuickly() throws {
        let start = ContinuousClock.now
        let error = try Fixtures.error("billion-laughs.xml")
        guard case .unsafeDocument(let reason)? = error else {
            Issue.record("expected unsafeDocument, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("entit"))
        #expect(ContinuousClock.now - start < .seconds(10)) // expansion would take minutes and gigabytes
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let feed = try Fixtures.feed("xxe-passwd.xml")
        #expect(feed.plainTitle == "Harmless title")
        let item = try #require(feed.items.first)
        #expect(item.summary?.value.contains("root:x:0:0 should never appear:") == true)
        #expect(item.summary?.value.contains("/bin/") == false)
        #expect(feed.warnings.contains { $0.contains("file:///etc/passwd") && $0.contains("not loaded") })
    }

    @Test func htmlPageIsNotAFeed() throws {
        #expect(try Fixtures.error("html-page.html") == .notAFeed(detected: "an HTML page"))
    }

    @Test func emptyAndOversizedDocuments() throws {
        let parser = LibXMLFeedParser(limits: ParserLimits(maxDocumentBytes: 1024))
        #expect(throws: FeedParseError.empty) { try parser.parseFeed(Data("  \n ".utf8), documentURL: nil, transportCharset: nil) }
        let big = Data(repeating: UInt8(ascii: " "), count: 2048)
        #expect(throws: FeedParseError.tooLarge(limit: 1024)) { try parser.parseFeed(big, documentURL: nil, transportCharset: nil) }
    }

    @Test func deepNestingIsRefused() throws {
        let depth = 300
        let xml = "<rss version=\"2.0\"><channel>" + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth) + "</channel></rss>"
        #expect(throws: FeedParseError.self) {
            try LibXMLFeedParser().parseFeed(Data(xml.utf8), documentURL: nil, transportCharset: nil)
        }
    }

    @Test func otherXMLAndJSONAreNotFeeds() throws {
        let parser = LibXMLFeedParser()
        #expect(throws: FeedParseError.notAFeed(detected: "an XML document whose root element is <svg>")) {
            try parser.parseFeed(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), documentURL: nil, transportCharset: nil)
        }
        #expect(throws: FeedParseError.notAFeed(detected: "a JSON document that is not a JSON Feed")) {
            try parser.parseFeed(Data("{\"version\": 2}".utf8), documentURL: nil, transportCharset: nil)
        }
    }
}
