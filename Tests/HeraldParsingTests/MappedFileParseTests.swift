import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// `parseFeed(fileAtPath:)` maps the file and lets go of its pages as libxml2 consumes them; the
/// feed must be the one parsing the same bytes from memory gives, also when a document is read
/// twice (broken, or re-decoded) after its first pages were let go.
@Suite("Parsing a mapped file")
struct MappedFileParseTests {
    /// Writes `bytes` to a temporary file, parses it both ways and compares.
    private func expectSameFeed(_ bytes: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-mapped-\(UUID().uuidString).xml").path
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let parser = LibXMLFeedParser()
        let mapped = try #require(try parser.parseFeed(fileAtPath: path, documentURL: "https://m.example/", transportCharset: nil),
                                  sourceLocation: sourceLocation)
        let inMemory = try parser.parseFeed(bytes, documentURL: "https://m.example/", transportCharset: nil)
        #expect(mapped == inMemory, sourceLocation: sourceLocation)
    }

    /// An RSS document of `items` items, about 1 kB each, with `extra` inside every description.
    private static func rss(items: Int, extra: String = "", encoding: String = "UTF-8") -> String {
        var out = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<rss version=\"2.0\"><channel><title>Mapped</title>\n"
        for n in 0..<items {
            out += "<item><title>Item \(n) &amp; more</title><guid>g\(n)</guid><link>/p/\(n)</link>"
            out += "<description>&lt;p&gt;\(String(repeating: "word ", count: 180))\(extra)&lt;/p&gt;</description></item>\n"
        }
        return out + "</channel></rss>\n"
    }

    @Test("a large well-formed document gives the same feed as from memory")
    func largeDocument() throws {
        try expectSameFeed(Data(Self.rss(items: 2_000).utf8))
    }

    @Test("a large broken document, read a second time after its pages were let go, gives the same feed")
    func largeBrokenDocument() throws {
        let feed = Self.rss(items: 2_000, extra: "AT&T <b>never closed")
        try expectSameFeed(Data(feed.utf8))
        let parsed = try LibXMLFeedParser().parseFeed(Data(feed.utf8), documentURL: nil, transportCharset: nil)
        #expect(parsed.recovered && parsed.items.count == 2_000)
    }

    @Test("a large Latin-1 document declared as UTF-8, re-read in another encoding, gives the same feed")
    func largeMislabelledDocument() throws {
        var bytes = Data(Self.rss(items: 2_000, extra: "Gen_ve").utf8)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "_") { bytes[index] = 0xE8 }  // è in ISO-8859-1
        try expectSameFeed(bytes)
        let parsed = try LibXMLFeedParser().parseFeed(bytes, documentURL: nil, transportCharset: nil)
        #expect(parsed.items.first?.summary?.value.contains("Genève") == true)
    }

    @Test("every fixture gives the same feed mapped as from memory", arguments: StreamingJSONTests.fixtureNames)
    func fixture(_ name: String) throws {
        let bytes = try Fixtures.data("feeds/" + name)
        guard (try? LibXMLFeedParser().parseFeed(bytes, documentURL: nil, transportCharset: nil)) != nil else { return }
        try expectSameFeed(bytes)
    }

    @Test("a named pipe is read, not mapped, and gives the same feed")
    func namedPipe() throws {
        let bytes = Data(Self.rss(items: 300).utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-fifo-\(UUID().uuidString)").path
        try #require(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        DispatchQueue.global().async {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(descriptor)
        }
        let parser = LibXMLFeedParser()
        let fromPipe = try #require(try parser.parseFeed(fileAtPath: path, documentURL: nil, transportCharset: nil))
        #expect(fromPipe == (try parser.parseFeed(bytes, documentURL: nil, transportCharset: nil)))
        #expect(fromPipe.items.count == 300)
    }

    @Test("a missing file or a directory gives nil, not an error")
    func unreadable() throws {
        let parser = LibXMLFeedParser()
        #expect(try parser.parseFeed(fileAtPath: "/nonexistent/feed.xml", documentURL: nil, transportCharset: nil) == nil)
        #expect(try parser.parseFeed(fileAtPath: FileManager.default.temporaryDirectory.path, documentURL: nil, transportCharset: nil) == nil)
    }
}
