import Foundation
import Testing

extension CLISuite {
    /// `parse` on the repository's fixture feeds: text report, JSON document, standard input, errors.
    @Suite("Parsing files")
    struct ParseTests {
        /// A fixture and what its report must say.
        struct Case: Sendable, CustomTestStringConvertible {
            let file: String, title: String, kind: String, encoding: String, items: Int, itemTitle: String
            let format: String, version: String
            var testDescription: String { file }
        }

        static let cases: [Case] = [
            Case(file: "wordpress-rss2.xml", title: "Field Notes – A Gardening Blog", kind: "RSS 2.0", encoding: "UTF-8",
                 items: 2, itemTitle: "Autumn garlic: planting & mulching", format: "rss", version: "2.0"),
            Case(file: "atom10-xhtml-xmlbase.xml", title: "Marginalia", kind: "Atom 1.0", encoding: "utf-8",
                 items: 2, itemTitle: "On tabs and spaces", format: "atom", version: "1.0"),
            Case(file: "jsonfeed-11.json", title: "Microcast", kind: "JSON Feed 1.1", encoding: "UTF-8",
                 items: 1, itemTitle: "Folge 7: Über Brücken", format: "json", version: "1.1"),
            Case(file: "windows-1251.xml", title: "Новости дня", kind: "RSS 2.0", encoding: "windows-1251",
                 items: 1, itemTitle: "Привет, мир — ёлка", format: "rss", version: "2.0"),
        ]

        @Test("parse FILE prints a report: title, format, encoding, items", arguments: cases)
        func textReport(_ fixture: Case) async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(["parse", Locations.fixture("feeds/" + fixture.file).path])
            #expect(result.succeeded, "\(result.summary)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == fixture.title)
            let plural = fixture.items == 1 ? "1 item" : "\(fixture.items) items"
            #expect(lines.dropFirst().first == "\(fixture.kind) · \(fixture.encoding) · \(plural)")
            #expect(lines.contains { $0.hasSuffix("  " + fixture.itemTitle) }, "\(result.stdout)")
        }

        @Test("parse FILE --json prints the documented JSON document", arguments: cases)
        func jsonDocument(_ fixture: Case) async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(["parse", Locations.fixture("feeds/" + fixture.file).path, "--json"])
            #expect(result.succeeded, "\(result.summary)")
            let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            #expect(document["format"] as? String == fixture.format)
            #expect(document["version"] as? String == fixture.version)
            #expect((document["encoding"] as? String)?.lowercased() == fixture.encoding.lowercased())
            let feed = try #require(document["feed"] as? [String: Any])
            #expect(feed["plainTitle"] as? String == fixture.title)
            let items = try #require(document["items"] as? [[String: Any]])
            #expect(items.count == fixture.items)
            #expect(items.first?["plainTitle"] as? String == fixture.itemTitle)
        }

        @Test("parse - reads standard input")
        func standardInput() async throws {
            let sandbox = try Sandbox()
            let bytes = try Locations.fixtureData("feeds/atom03.xml")
            let result = try await sandbox.herald(["parse", "-"], stdin: bytes)
            #expect(result.succeeded, "\(result.summary)")
            #expect(result.stdout.hasPrefix("dive into mark\nAtom 0.3 · utf-8 · 1 item\n"), "\(result.stdout)")
        }

        @Test("parse --charset applies the charset a server would declare")
        func declaredCharset() async throws {
            let sandbox = try Sandbox()
            let path = Locations.fixture("feeds/transport-charset-1251.xml").path
            let result = try await sandbox.herald(["parse", path, "--charset", "windows-1251"])
            #expect(result.succeeded, "\(result.summary)")
            #expect(result.stdout.hasPrefix("Новости дня\nRSS 2.0 · windows-1251 · 1 item\n"), "\(result.stdout)")
        }

        @Test("parse of an HTML page exits 1 with 'not a feed'")
        func htmlPage() async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(["parse", Locations.fixture("feeds/html-page.html").path])
            #expect(result.exitedNormally && result.status == 1, "\(result.summary)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("not a feed"))
        }

        @Test("parse of a missing file exits 1 naming it")
        func missingFile() async throws {
            let sandbox = try Sandbox()
            let path = sandbox.path("work/missing.xml")
            let result = try await sandbox.herald(["parse", path])
            #expect(result.status == 1)
            #expect(result.stderr == "herald: Cannot read \(path); check the path.\n")
        }

        @Test("parse refuses entity expansion attacks and external entities without hanging or leaking files",
              arguments: ["billion-laughs.xml", "xxe-passwd.xml"])
        func hostileXML(_ file: String) async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(["parse", Locations.fixture("feeds/" + file).path, "--json"],
                                                  timeout: .seconds(10))
            #expect(!result.timedOut && result.exitedNormally, "\(result.summary)")
            #expect(!result.stdout.contains("root:/root"), "no line of /etc/passwd")
            #expect(result.stdout.utf8.count < 100_000)
        }
    }
}
