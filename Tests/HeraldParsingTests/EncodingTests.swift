import Foundation
import HeraldDomain
import HeraldParsing
import Testing

@Suite("Character encodings")
struct EncodingTests {
    @Test(arguments: [
        ("windows-1251.xml", "windows-1251", "Новости дня", "Привет, мир — ёлка"),
        ("koi8-r.xml", "KOI8-R", "Новости дня", "Съешь же ещё этих мягких французских булок"),
        ("windows-1252.xml", "windows-1252", "Café “Français”", "Naïve résumé ‘quotes’ …"),
        ("iso-8859-2.xml", "ISO-8859-2", "Wiadomości", "Zażółć gęślą jaźń"),
        ("utf16-bom.xml", "UTF-16LE", "日本のニュース", "東京で雪が降った"),
    ])
    func declaredEncodingsDecodeCorrectly(file: String, encoding: String, title: String, itemTitle: String) throws {
        let feed = try Fixtures.feed(file)
        #expect(feed.encoding == encoding)
        #expect(feed.plainTitle == title)
        #expect(feed.items.first?.plainTitle == itemTitle)
        #expect(!feed.recovered)
    }

    @Test func transportCharsetIsUsedWhenTheDocumentDeclaresNone() throws {
        let feed = try Fixtures.feed("transport-charset-1251.xml", charset: "windows-1251")
        #expect(feed.encoding == "windows-1251")
        #expect(feed.plainTitle == "Новости дня")
    }

    @Test func transportCharsetWinsOverTheDeclaration() throws {
        // The body is windows-1251 but declares KOI8-R in this copy; the server's charset wins.
        var bytes = try Fixtures.data("feeds/windows-1251.xml")
        let declaration = Data("encoding=\"windows-1251\"".utf8)
        let range = try #require(bytes.range(of: declaration))
        bytes.replaceSubrange(range, with: Data("encoding=\"KOI8-R\"".utf8))
        let feed = try LibXMLFeedParser().parseFeed(bytes, documentURL: nil, transportCharset: "windows-1251")
        #expect(feed.plainTitle == "Новости дня")
    }
}
