import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// Issue 11, items 2, 3 and 5: labels that lie, and labels iconv does not know.
@Suite("Encoding fallbacks")
struct EncodingFallbackTests {
    // MARK: Item 2: the chosen encoding does not decode the bytes

    @Test("the server says UTF-8, the bytes and the declaration are ISO-8859-1")
    func transportUTF8ButLatin1Bytes() throws {
        let feed = try Fixtures.feed("mislabelled-utf8-latin1.xml", charset: "utf-8")
        #expect(feed.plainTitle == "Élections à Genève")
        #expect(feed.items.map(\.plainTitle) == ["Le canton vote à nouveau", "Fête de l'Escalade"])
        #expect(feed.encoding == "ISO-8859-1")
        #expect(feed.warnings.first == "The document is labelled UTF-8 by the server but its bytes are not UTF-8; read as ISO-8859-1, as its XML declaration says.")
    }

    @Test("declared UTF-8 with ISO-8859-1 bytes falls back to windows-1252")
    func declaredUTF8ButLatin1Bytes() throws {
        let feed = try Fixtures.feed("invalid-utf8.xml")
        #expect(feed.plainTitle == "Café")
        #expect(feed.items.first?.plainTitle == "Crème")
        #expect(feed.encoding == "windows-1252")
        #expect(feed.warnings.first == "The document is declared as UTF-8 but its bytes are not UTF-8; read as windows-1252.")
    }

    @Test("no label with windows-1252 bytes falls back to windows-1252")
    func unlabelledWindows1252() throws {
        let feed = try Fixtures.feed("undeclared-windows-1252.xml")
        #expect(feed.plainTitle == "Café “Français”")
        #expect(feed.items.first?.plainTitle == "Naïve résumé ‘quotes’ …")
        #expect(feed.subtitle?.value == "Crème brûlée – €5")
        #expect(feed.encoding == "windows-1252")
        #expect(feed.warnings.first?.contains("not labelled but its bytes are not UTF-8; read as windows-1252") == true)
    }

    @Test("the server says UTF-8 without a declaration, the bytes are windows-1252")
    func transportUTF8NoDeclaration() throws {
        let data = try Fixtures.data("feeds/undeclared-windows-1252.xml")
        let feed = try Parse.bytes(data, charset: "UTF-8")
        #expect(feed.plainTitle == "Café “Français”")
        #expect(feed.encoding == "windows-1252")
    }

    @Test("bytes windows-1252 leaves undefined fall back to ISO-8859-1, and the control character they make is dropped")
    func undefinedWindows1252Bytes() throws {
        var data = Data("<rss version=\"2.0\"><channel><title>Caf".utf8)
        data += [0xE9, 0x20, 0x81, 0x92, 0x61]
        data += Data("</title></channel></rss>".utf8)
        let feed = try Parse.bytes(data)
        #expect(feed.encoding == "ISO-8859-1")
        #expect(feed.title?.value == "Café \u{2019}a")
    }

    @Test("UTF-8 with a few damaged bytes is repaired, not re-read as windows-1252")
    func damagedUTF8IsRepaired() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>Crème brûlée à la carte ".utf8)
        data.append(0xE9)
        data += Data("</title></channel></rss>".utf8)
        let feed = try Parse.bytes(data)
        #expect(feed.recovered)
        #expect(feed.encoding == "UTF-8")
        #expect(feed.plainTitle == "Crème brûlée à la carte \u{FFFD}")
        #expect(feed.warnings.contains { $0.contains("not valid UTF-8") })
    }

    @Test("a valid UTF-8 document is read once, with no warning")
    func validUTF8HasNoWarning() throws {
        let feed = try Parse.xml("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel><title>Crème</title></channel></rss>",
                                 charset: "utf-8")
        #expect(feed.plainTitle == "Crème")
        #expect(feed.warnings.isEmpty)
    }

    // MARK: Item 3: a wrong single-byte label

    @Test("windows-1251 labelled ISO-8859-1 is re-read as windows-1251")
    func cyrillic1251LabelledLatin1() throws {
        let feed = try Fixtures.feed("cyrillic-1251-labelled-latin1.xml")
        #expect(feed.plainTitle == "Новости дня")
        #expect(feed.items.map(\.plainTitle) == ["Правительство обсудило новый бюджет", "Погода в Москве"])
        #expect(feed.encoding == "windows-1251")
        #expect(feed.warnings.first == "The document is labelled ISO-8859-1 but its letters are Cyrillic; read as windows-1251.")
    }

    @Test("KOI8-R labelled windows-1252 is re-read as KOI8-R")
    func cyrillicKOI8RLabelled1252() throws {
        let feed = try Fixtures.feed("cyrillic-koi8r-labelled-1252.xml")
        #expect(feed.plainTitle == "Новости дня")
        #expect(feed.items.last?.plainTitle == "Погода в Москве")
        #expect(feed.encoding == "KOI8-R")
    }

    @Test("windows-1251 bytes the server calls ISO-8859-1 are re-read as windows-1251")
    func cyrillicTransportLatin1() throws {
        let feed = try Fixtures.feed("transport-charset-1251.xml", charset: "iso-8859-1")
        #expect(feed.plainTitle == "Новости дня")
        #expect(feed.encoding == "windows-1251")
    }

    @Test("French, German, Spanish and Icelandic in ISO-8859-1 stay ISO-8859-1", arguments: [
        ("latin1-fr.xml", "Élections à Genève : ce qu'il faut savoir", "Fête de l'Escalade : où aller ?"),
        ("latin1-de.xml", "Nachrichten für Österreich", "Wetter: Schnee in Kärnten und Tirol"),
        ("latin1-es.xml", "Noticias de España", "Año récord de turismo en Andalucía"),
        ("latin1-is.xml", "Fréttir frá Íslandi", "Eldgos á Reykjanesskaga"),
    ])
    func latinLanguagesAreNotCyrillic(file: String, title: String, lastItem: String) throws {
        let feed = try Fixtures.feed(file)
        #expect(feed.encoding == "ISO-8859-1")
        #expect(feed.plainTitle == title)
        #expect(feed.items.last?.plainTitle == lastItem)
        #expect(feed.warnings.isEmpty)
        let served = try Parse.bytes(try Fixtures.data("feeds/" + file), charset: "ISO-8859-1")
        #expect(served.encoding == "ISO-8859-1")
        #expect(served.plainTitle == title)
    }

    @Test("UTF-8 bytes labelled ISO-8859-1 are read as UTF-8")
    func utf8LabelledLatin1() throws {
        let feed = try Parse.xml("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss version=\"2.0\"><channel><title>Crème brûlée</title></channel></rss>")
        #expect(feed.plainTitle == "Crème brûlée")
        #expect(feed.encoding == "UTF-8")
        #expect(feed.warnings.first == "The document is labelled ISO-8859-1 but its bytes are UTF-8; read as UTF-8.")
    }

    // MARK: Item 5: a declared encoding iconv does not know

    @Test("an unknown declared encoding with UTF-8 bytes is read as UTF-8")
    func bogusDeclarationUTF8() throws {
        let feed = try Parse.xml("<?xml version=\"1.0\" encoding=\"bogus\"?><rss version=\"2.0\"><channel><title>Crème</title></channel></rss>")
        #expect(feed.plainTitle == "Crème")
        #expect(feed.encoding == "UTF-8")
        #expect(feed.warnings.first == "The document declares the unknown encoding \"bogus\"; read as UTF-8.")
    }

    @Test("an unknown declared encoding with Latin-1 bytes is read as windows-1252")
    func bogusDeclarationLatin1() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"bogus\"?><rss version=\"2.0\"><channel><title>Cr".utf8)
        data.append(0xE8)
        data += Data("me</title></channel></rss>".utf8)
        let feed = try Parse.bytes(data)
        #expect(feed.plainTitle == "Crème")
        #expect(feed.encoding == "windows-1252")
        #expect(feed.warnings.first == "The document declares the unknown encoding \"bogus\"; read as windows-1252.")
    }

    @Test("an unknown declared encoding yields to the transport charset")
    func bogusDeclarationTransport() throws {
        var data = try Fixtures.data("feeds/windows-1251.xml")
        let range = try #require(data.range(of: Data("encoding=\"windows-1251\"".utf8)))
        data.replaceSubrange(range, with: Data("encoding=\"bogus\"".utf8))
        let feed = try Parse.bytes(data, charset: "windows-1251")
        #expect(feed.plainTitle == "Новости дня")
        #expect(feed.encoding == "windows-1251")
        #expect(feed.warnings.first == "The document declares the unknown encoding \"bogus\"; read as windows-1251, as the server says.")
    }
}
