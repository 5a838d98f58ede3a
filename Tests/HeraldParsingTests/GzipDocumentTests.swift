import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// Issue 11, item 6: gzip bytes served without `Content-Encoding` are inflated within the
/// fetcher's size and ratio limits.
@Suite("Gzip documents without Content-Encoding")
struct GzipDocumentTests {
    @Test("a gzip document is inflated and parsed like the plain one")
    func inflated() throws {
        let compressed = try Fixtures.data("feeds/gzip-without-content-encoding.xml.gz")
        #expect(compressed.prefix(2) == Data([0x1F, 0x8B]))
        let feed = try Parse.bytes(compressed)
        let plain = try Fixtures.feed("wordpress-rss2.xml")
        #expect(feed.warnings == ["The document is gzip-compressed but was not served with Content-Encoding: gzip; "
                                  + "it was inflated (\(compressed.count) to 3176 bytes)."] + plain.warnings)
        #expect(!feed.recovered)
        #expect(feed.plainTitle == plain.plainTitle)
        #expect(feed.items == plain.items)
    }

    @Test("two concatenated gzip members are one document")
    func concatenatedMembers() throws {
        let whole = try Fixtures.data("feeds/wordpress-rss2.xml")
        let middle = whole.count / 2
        let first = try gzipMember(Data(whole.prefix(middle)))
        let second = try gzipMember(Data(whole.dropFirst(middle)))
        let feed = try Parse.bytes(first + second)
        #expect(feed.items.count == 2)
        #expect(!feed.recovered)
    }

    @Test("a bomb beyond the ratio limit is refused")
    func bombIsRefused() throws {
        let bomb = try Fixtures.data("feeds/gzip-bomb.xml.gz")
        #expect(throws: FeedParseError.unsafeDocument(reason: "gzip data that expands more than 40 times")) {
            try Parse.bytes(bomb)
        }
        let generous = LibXMLFeedParser(limits: ParserLimits(maxDecompressionRatio: 2_000))
        #expect(try generous.parseFeed(bomb, documentURL: nil, transportCharset: nil).plainTitle == "Bomb")
    }

    @Test("an inflated size beyond the limit is refused as too large")
    func inflatedSizeLimit() throws {
        let compressed = try Fixtures.data("feeds/gzip-without-content-encoding.xml.gz")
        let parser = LibXMLFeedParser(limits: ParserLimits(maxInflatedBytes: 2_000))
        #expect(throws: FeedParseError.tooLarge(limit: 2_000)) {
            try parser.parseFeed(compressed, documentURL: nil, transportCharset: nil)
        }
    }

    @Test("truncated gzip data keeps what it held")
    func truncated() throws {
        let compressed = try Fixtures.data("feeds/gzip-without-content-encoding.xml.gz")
        let feed = try Parse.bytes(compressed.prefix(compressed.count * 3 / 4))
        #expect(feed.recovered)
        #expect(feed.plainTitle == "Field Notes – A Gardening Blog")
        #expect(feed.warnings.contains("The gzip data ends early; the part it held was read."))
    }

    @Test("gzip data damaged from the start is unreadable")
    func damaged() throws {
        var compressed = try Fixtures.data("feeds/gzip-without-content-encoding.xml.gz")
        for index in 10..<40 { compressed[index] = 0xFF }
        #expect(throws: FeedParseError.unreadable(reason: "the gzip data is damaged")) {
            try Parse.bytes(compressed)
        }
    }

    /// `bytes` as one gzip member with stored (uncompressed) DEFLATE blocks.
    private func gzipMember(_ bytes: Data) throws -> Data {
        var out = Data([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 0xFF])
        var rest = bytes[...]
        repeat {
            let block = rest.prefix(65_535)
            rest = rest.dropFirst(block.count)
            let length = UInt16(block.count)
            out.append(rest.isEmpty ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += block
        } while !rest.isEmpty
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        for value in [crc, UInt32(bytes.count)] {
            out += (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) }
        }
        return out
    }
}
