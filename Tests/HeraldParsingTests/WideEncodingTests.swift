import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// Issue 11, item 4: UTF-16 without a byte order mark and UTF-32, detected from the first bytes
/// as XML 1.0 appendix F describes.
@Suite("UTF-16 and UTF-32 documents")
struct WideEncodingTests {
    static let document = """
        <?xml version="1.0" encoding="ENCODING"?>
        <rss version="2.0"><channel><title>日本のニュース</title>
        <item><title>東京で雪が降った 🌨</title><guid>1</guid></item></channel></rss>
        """

    enum Form: String, CaseIterable, CustomTestStringConvertible {
        case utf16BE = "UTF-16BE", utf16LE = "UTF-16LE", utf32BE = "UTF-32BE", utf32LE = "UTF-32LE"
        var testDescription: String { rawValue }

        /// `text` in this form, with or without a byte order mark.
        func encode(_ text: String, bom: Bool) -> Data {
            let scalars = (bom ? [Unicode.Scalar(0xFEFF)!] : []) + text.unicodeScalars
            var bytes: [UInt8] = []
            switch self {
            case .utf16BE, .utf16LE:
                for unit in scalars.flatMap({ Array(String($0).utf16) }) {
                    let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
                    bytes += self == .utf16BE ? pair : pair.reversed()
                }
            case .utf32BE, .utf32LE:
                for scalar in scalars {
                    let quad = (0..<4).map { UInt8((scalar.value >> (24 - 8 * UInt32($0))) & 0xFF) }
                    bytes += self == .utf32BE ? quad : quad.reversed()
                }
            }
            return Data(bytes)
        }
    }

    @Test("UTF-16 without a byte order mark", arguments: [Form.utf16BE, .utf16LE])
    func utf16WithoutBOM(form: Form) throws {
        let text = Self.document.replacingOccurrences(of: "ENCODING", with: "UTF-16")
        let feed = try Parse.bytes(form.encode(text, bom: false))
        #expect(feed.encoding == form.rawValue)
        #expect(feed.plainTitle == "日本のニュース")
        #expect(feed.items.first?.plainTitle == "東京で雪が降った 🌨")
    }

    @Test("UTF-32 with and without a byte order mark", arguments: [Form.utf32BE, .utf32LE], [true, false])
    func utf32(form: Form, bom: Bool) throws {
        let text = Self.document.replacingOccurrences(of: "ENCODING", with: "UTF-32")
        let feed = try Parse.bytes(form.encode(text, bom: bom))
        #expect(feed.encoding == form.rawValue)
        #expect(feed.plainTitle == "日本のニュース")
        #expect(feed.items.first?.plainTitle == "東京で雪が降った 🌨")
    }

    @Test("a UTF-16 document without a declaration or a byte order mark", arguments: [Form.utf16BE, .utf16LE])
    func utf16WithoutDeclaration(form: Form) throws {
        let feed = try Parse.bytes(form.encode("<rss version=\"2.0\"><channel><title>Ünïcödé</title></channel></rss>", bom: false))
        #expect(feed.encoding == form.rawValue)
        #expect(feed.plainTitle == "Ünïcödé")
    }

    @Test("a JSON Feed in UTF-32 without a byte order mark")
    func jsonInUTF32() throws {
        let json = "{\"version\": \"https://jsonfeed.org/version/1.1\", \"title\": \"Café\", \"items\": []}"
        let feed = try Parse.bytes(Form.utf32LE.encode(json, bom: false))
        #expect(feed.format == .json)
        #expect(feed.plainTitle == "Café")
        #expect(feed.encoding == "UTF-32LE")
    }
}
