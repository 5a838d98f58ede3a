import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// The hand-written, streamed JSON document against `JSONEncoder`'s for the same feed.
@Suite("Streaming JSON writer")
struct StreamingJSONTests {
    /// Every fixture feed that parses.
    static let fixtureNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.root.appendingPathComponent("feeds").path)) ?? []
        return names.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") || $0.hasSuffix(".rdf") || $0.hasSuffix(".gz") }.sorted()
    }()

    @Test("the fixture directory is found")
    func fixturesFound() {
        #expect(Self.fixtureNames.count > 20)
    }

    @Test("each fixture's document is byte-identical to JSONEncoder's", arguments: fixtureNames)
    func fixtureMatchesEncoder(_ name: String) throws {
        guard let feed = try? Fixtures.feed(name, documentURL: "https://example.org/feeds/" + name) else { return }
        let streamed = ParsedFeedJSON.encode(feed)
        let reference = try ReferenceFeedJSON.encode(feed)
        #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
    }

    /// A feed with every kind of value: escapes, empty objects and lists, numbers, nested objects.
    static func awkwardFeed() -> ParsedFeed {
        let controls = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
        let odd = "quote \" backslash \\ slash / del \u{7F} seps \u{2028}\u{2029} nbsp \u{A0} emoji 🦆 bidi \u{202E} C1 \u{80}\u{9B}\u{9D}\u{9F} ©§ " + controls
        var feed = ParsedFeed(format: .rss, version: "2.0", encoding: "windows-1252", recovered: true,
                              warnings: ["first", odd, ""], id: odd,
                              title: TextConstruct(type: .html, value: odd, language: "fr-CA"), plainTitle: odd,
                              subtitle: TextConstruct(type: .text, value: ""), rights: TextConstruct(type: .xhtml, value: "<b>x</b>"),
                              links: [Link(href: "https://e.org/a?b=1&c=\"2\"", rel: "self", type: "application/rss+xml",
                                           title: odd, hreflang: "en", length: 0)],
                              language: "en", updated: Date(timeIntervalSince1970: 1_779_562_800.75),
                              published: Date(timeIntervalSince1970: -86_401), authors: [Person(), Person(name: odd, email: "a@b.c", uri: "https://u/")],
                              contributors: [Person(email: "x@y.z")], categories: [Category(term: odd, scheme: "s", label: "l"), Category(term: "t")],
                              generator: Generator(), image: FeedImage(url: "https://i/", title: "t", link: "https://l/", width: 88, height: -1),
                              icon: "https://i.ico", logo: "https://l.png", updateHint: UpdateHint(ttlMinutes: 60, syndicationInterval: 1_800.5))
        feed.items = [
            ParsedItem(identity: odd, id: "", title: TextConstruct(type: .text, value: "Vec<T> & \"more\""), plainTitle: "Vec<T>",
                       links: [Link(href: "https://e.org/1", length: Int64.max)], authors: [Person(name: "Ana")],
                       contributors: [Person()], published: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 253_402_300_799),
                       summary: TextConstruct(type: .html, value: "<p>\r\n\t</p>", language: ""), content: TextConstruct(type: .xhtml, value: odd),
                       enclosures: [Enclosure(url: "https://a.mp3", type: "audio/mpeg", length: 123), Enclosure(url: "u")],
                       thumbnails: [Thumbnail(url: "https://t/", width: 1, height: 2), Thumbnail(url: "v")],
                       categories: [Category(term: "c")], comments: "https://c/", commentsFeed: "https://cf/", commentCount: -3,
                       source: ItemSource(), language: "de"),
            ParsedItem(identity: "hash:0123456789abcdef"),
            ParsedItem(identity: "x", source: ItemSource(title: "T", url: "https://s/", id: "i")),
        ]
        return feed
    }

    @Test("escapes, empty objects and lists, numbers and dates match JSONEncoder")
    func awkwardValuesMatchEncoder() throws {
        let feed = Self.awkwardFeed()
        let streamed = String(decoding: ParsedFeedJSON.encode(feed), as: UTF8.self)
        let reference = String(decoding: try ReferenceFeedJSON.encode(feed), as: UTF8.self)
        #expect(streamed == reference)
        #expect(streamed.contains(#"\u001f"#) && streamed.contains(#"\b"#) && streamed.contains(#"\\"#))
    }

    @Test("an empty feed matches JSONEncoder, and whole-number intervals have no fraction")
    func emptyFeedMatchesEncoder() throws {
        var feed = ParsedFeed(format: .atom, version: "1.0")
        feed.updateHint = UpdateHint(syndicationInterval: 3_600)
        let streamed = String(decoding: ParsedFeedJSON.encode(feed), as: UTF8.self)
        #expect(streamed == String(decoding: try ReferenceFeedJSON.encode(feed), as: UTF8.self))
        #expect(streamed.contains("\"updateInterval\" : 3600\n"))
        #expect(streamed.contains("\"items\" : [\n\n  ]"))
    }

    @Test("writing to a file descriptor gives the same document and a newline, across many flushes")
    func fileDescriptorOutput() throws {
        var feed = Self.awkwardFeed()
        let item = feed.items[0]
        feed.items = Array(repeating: item, count: 400)  // several 256 kB chunks
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-json-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        try ParsedFeedJSON.write(feed, toFileDescriptor: descriptor)
        close(descriptor)
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(written.count > 512 * 1024)
        #expect(written == ParsedFeedJSON.encode(feed) + Data("\n".utf8))
    }

    @Test("a descriptor that cannot be written to is reported, not ignored")
    func unwritableDescriptor() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: JSONWriteError(code: EBADF)) {
            try ParsedFeedJSON.write(ParsedFeed(format: .rss, version: "2.0"), toFileDescriptor: descriptor)
        }
    }
}
