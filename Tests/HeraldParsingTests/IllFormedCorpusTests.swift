import Foundation
import HeraldDomain
import Testing
@testable import HeraldParsing

/// A corpus made here rather than collected: one small feed written in many encodings, declared,
/// undeclared and mislabelled, and broken in the ways real feeds break, each checked for the
/// titles a reader must see. Fixtures/feeds holds the real-world cases; this sweeps their
/// neighbours.
@Suite("Ill-formed and mis-encoded feeds: a generated corpus")
struct IllFormedCorpusTests {
    let parser = LibXMLFeedParser()

    /// An RSS 2.0 feed of these titles (already escaped as XML where needed), in UTF-8.
    static func feed(_ titles: [String], declaration: String? = "UTF-8", itemTail: String = "</item>",
                     end: String = "</channel></rss>") -> String {
        let head = declaration.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? ""
        let items = titles.enumerated().map { index, title in
            "<item><title>\(title)</title><link>https://corpus.example/\(index)</link><guid>corpus-\(index)</guid>\(itemTail)"
        }
        return head + "<rss version=\"2.0\"><channel><title>Corpus</title><link>https://corpus.example/</link>\n"
            + items.joined(separator: "\n") + "\n" + end
    }

    private func titles(_ data: Data, transport: String? = nil) throws -> [String] {
        try parser.parseFeed(data, documentURL: "https://corpus.example/feed", transportCharset: transport)
            .items.map { $0.plainTitle ?? "" }
    }

    private static func encoded(_ text: String, _ encoding: String.Encoding) throws -> Data {
        try #require(text.data(using: encoding), "\(encoding) cannot write \(text)")
    }

    // MARK: Encodings

    /// Titles each encoding can write, with the name a declaration gives it.
    static let encodings: [(name: String, encoding: String.Encoding, titles: [String])] = [
        ("UTF-8", .utf8, ["Café au lait", "Déjà vu “quoted”", "京都の紅葉", "Straße – 5 €", "Добрый вечер"]),
        ("ISO-8859-1", .isoLatin1, ["Café au lait", "Déjà vu", "Straße", "naïve résumé", "Ærø ½"]),
        ("windows-1252", .windowsCP1252, ["Café au lait", "Déjà vu “quoted”", "Straße – 5 €", "Œuvre…", "naïve"]),
        ("windows-1251", .windowsCP1251, ["Добрый вечер", "Привет, мир", "Щука и ёж", "Київ", "Ещё раз"]),
        ("ISO-8859-2", .isoLatin2, ["Łódź", "Žluťoučký kůň", "Gdańsk", "Pécs", "Brno"]),
        ("Shift_JIS", .shiftJIS, ["京都の紅葉", "東京タワー", "さくら", "ニュース", "日本語"]),
    ]

    @Test("Given each encoding declared in the document, then every title reads as written",
          arguments: encodings.map(\.name))
    func declared(_ name: String) throws {
        let (_, encoding, expected) = try #require(Self.encodings.first { $0.name == name })
        let data = try Self.encoded(Self.feed(expected, declaration: name), encoding)
        #expect(try titles(data) == expected)
    }

    @Test("Given each encoding named only by the server (no declaration), then every title reads as written",
          arguments: encodings.map(\.name))
    func transportOnly(_ name: String) throws {
        let (_, encoding, expected) = try #require(Self.encodings.first { $0.name == name })
        let data = try Self.encoded(Self.feed(expected, declaration: nil), encoding)
        #expect(try titles(data, transport: name) == expected)
    }

    @Test("Given the server and the document naming the same encoding, then every title reads as written",
          arguments: encodings.map(\.name))
    func bothAgree(_ name: String) throws {
        let (_, encoding, expected) = try #require(Self.encodings.first { $0.name == name })
        let data = try Self.encoded(Self.feed(expected, declaration: name), encoding)
        #expect(try titles(data, transport: name.lowercased()) == expected)
    }

    @Test("Given a byte order mark, then it wins over a declaration that says otherwise")
    func byteOrderMarks() throws {
        let expected = Self.encodings[0].titles
        let utf8 = Data([0xEF, 0xBB, 0xBF]) + (try Self.encoded(Self.feed(expected, declaration: "ISO-8859-1"), .utf8))
        let readUTF8 = try titles(utf8)
        #expect(readUTF8 == expected)
        for (encoding, bom) in [(String.Encoding.utf16LittleEndian, Data([0xFF, 0xFE])),
                                (.utf16BigEndian, Data([0xFE, 0xFF]))] {
            let data = bom + (try Self.encoded(Self.feed(expected, declaration: "UTF-16"), encoding))
            #expect(try titles(data) == expected, "\(encoding)")
        }
    }

    @Test("Given text in windows-1252 with no declaration and no charset, then it is read as windows-1252, with a warning")
    func undeclaredWindows1252() throws {
        let expected = Self.encodings[2].titles
        let data = try Self.encoded(Self.feed(expected, declaration: nil), .windowsCP1252)
        let feed = try parser.parseFeed(data, documentURL: nil, transportCharset: nil)
        #expect(feed.items.map { $0.plainTitle ?? "" } == expected)
        #expect(!feed.warnings.isEmpty)
    }

    @Test("Given UTF-8 labelled as Latin-1, and Cyrillic labelled as Latin-1, then the bytes win, with a warning")
    func mislabelled() throws {
        let utf8Titles = Self.encodings[0].titles
        let utf8 = try Self.encoded(Self.feed(utf8Titles, declaration: "ISO-8859-1"), .utf8)
        let first = try parser.parseFeed(utf8, documentURL: nil, transportCharset: nil)
        #expect(first.items.map { $0.plainTitle ?? "" } == utf8Titles)
        #expect(!first.warnings.isEmpty)
        let cyrillic = Self.encodings[3].titles
        let data = try Self.encoded(Self.feed(cyrillic, declaration: "ISO-8859-1"), .windowsCP1251)
        let second = try parser.parseFeed(data, documentURL: nil, transportCharset: nil)
        #expect(second.items.map { $0.plainTitle ?? "" } == cyrillic)
        #expect(!second.warnings.isEmpty)
    }

    @Test("Given a declared encoding nobody knows, then the feed is read (as UTF-8 when it is) and the warning names it")
    func unknownDeclaration() throws {
        let expected = Self.encodings[0].titles
        let feed = try parser.parseFeed(try Self.encoded(Self.feed(expected, declaration: "utf-9"), .utf8),
                                        documentURL: nil, transportCharset: nil)
        #expect(feed.items.map { $0.plainTitle ?? "" } == expected)
        #expect(feed.warnings.contains { $0.contains("utf-9") })
    }

    // MARK: Broken markup

    static let plain = ["First story", "Second story", "Third story", "Fourth story", "Fifth story"]

    /// Broken variants of the plain feed, with the titles a reader must get from each.
    static let broken: [(name: String, text: String, expected: [String])] = [
        ("unescaped ampersands", feed(["Fish & chips", "AT&T news", "R&D", "a && b", "Q&A"]),
         ["Fish & chips", "AT&T news", "R&D", "a && b", "Q&A"]),
        ("HTML entities XML does not define", feed(["Caf&eacute;", "One&nbsp;two", "Wait&hellip;", "A &mdash; B", "&copy; 2026"]),
         ["Café", "One two", "Wait…", "A — B", "© 2026"]),
        ("double-encoded entities", feed(["Wait&amp;hellip;", "Caf&amp;eacute;", "Fish &amp;amp; chips", "&amp;#8220;Q&amp;#8221;", "x"]),
         ["Wait…", "Café", "Fish & chips", "“Q”", "x"]),
        ("items never closed", feed(plain, itemTail: ""), plain),
        ("no end of channel or document", feed(plain, end: ""), plain),
        ("junk after the root", feed(plain, end: "</channel></rss>\n<p>trailing junk</p>\u{0}garbage"), plain),
        ("leading blank lines before the declaration", "\n\n   " + feed(plain), plain),
        ("a less-than sign in text", feed(["a < b", "x <3 y", "Third story", "Fourth story", "Fifth story"]),
         ["a < b", "x <3 y", "Third story", "Fourth story", "Fifth story"]),
        ("control characters in titles", feed(["Bell\u{7} rings", "Null\u{0}byte", "Esc\u{1B}[31mred", "Fourth story", "Fifth story"]),
         ["Bell rings", "Nullbyte", "Esc[31mred", "Fourth story", "Fifth story"]),
        ("CRLF line endings", feed(plain).replacingOccurrences(of: "\n", with: "\r\n"), plain),
        ("an unquoted attribute", feed(plain).replacingOccurrences(of: "<guid>", with: "<guid isPermaLink=false>"), plain),
        ("a DOCTYPE naming a remote DTD", feed(plain).replacingOccurrences(
            of: "<rss", with: "<!DOCTYPE rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\" \"http://my.netscape.com/publish/formats/rss-0.91.dtd\">\n<rss"),
         plain),
    ]

    @Test("Given a feed broken as real ones are, then every title a reader needs is there", arguments: broken.map(\.name))
    func brokenMarkup(_ name: String) throws {
        let (_, text, expected) = try #require(Self.broken.first { $0.name == name })
        let read = try titles(Data(text.utf8))
        #expect(read == expected)
    }

    @Test("Given what was repaired to keep reading, then the feed's warnings say so, once each")
    func repairsAreReported() throws {
        let broken = Self.feed(["a < b", "Null\u{0}byte", "Third story"], itemTail: "")
        let feed = try parser.parseFeed(Data(broken.utf8), documentURL: nil, transportCharset: nil)
        #expect(feed.items.map { $0.plainTitle ?? "" } == ["a < b", "Nullbyte", "Third story"])
        #expect(feed.recovered)
        #expect(feed.warnings.contains("The document holds 1 NUL byte, which XML forbids; removed."))
        #expect(feed.warnings.contains("The document holds 1 “<” that starts no markup (as in “a < b”); read as text."))
        #expect(feed.warnings.filter { $0.contains("is not closed before the next one starts") }.count == 1)
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data(Self.feed(["Café"], declaration: "ISO-8859-1").utf8)
        let marked = try parser.parseFeed(bom, documentURL: nil, transportCharset: nil)
        #expect(marked.warnings.contains("The document starts with a UTF-8 byte order mark but declares \"ISO-8859-1\"; read as UTF-8."))
        #expect(marked.encoding == "UTF-8")
        // CDATA keeps its "<" and its bytes as they are.
        let cdata = Self.feed(["<![CDATA[x < y & z]]>", "a < b"])
        #expect(try titles(Data(cdata.utf8)) == ["x < y & z", "a < b"])
    }

    @Test("Given a byte that is not UTF-8 inside one title, then that title is repaired and the others are intact")
    func invalidByte() throws {
        var data = Data(Self.feed(Self.plain).utf8)
        let range = try #require(data.range(of: Data("Third".utf8)))
        data.replaceSubrange(range.lowerBound..<(range.lowerBound + 1), with: [0xFF])
        let read = try titles(data)
        #expect(read.count == 5)
        #expect(read.enumerated().allSatisfy { $0.offset == 2 || $0.element == Self.plain[$0.offset] })
        #expect(read[2].hasSuffix("hird story"))
    }

    @Test("Given the feed cut at every seventh byte, then each cut either is refused with a parse error or keeps every item it fully holds, and no title is invented")
    func truncations() throws {
        let full = Data(Self.feed(Self.plain).utf8)
        let itemEnds = full.ranges(of: Data("</item>".utf8)).map(\.upperBound)
        for cut in stride(from: 1, to: full.count, by: 7) {
            let prefix = full.prefix(cut)
            let complete = itemEnds.filter { $0 <= cut }.count
            let read: [String]
            do {
                read = try titles(Data(prefix))
            } catch {
                #expect(complete == 0, "cut at \(cut) of \(full.count): \(error)")
                continue
            }
            #expect(read.count >= complete, "cut at \(cut): \(read)")
            #expect(read.allSatisfy { title in Self.plain.contains { $0.hasPrefix(title) } }, "cut at \(cut): \(read)")
        }
    }
}
