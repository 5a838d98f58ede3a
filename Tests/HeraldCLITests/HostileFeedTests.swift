import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// Feeds whose text carries terminal control sequences: nothing the CLI prints may contain them.
    @Suite("Hostile feeds")
    struct HostileFeedTests {
        /// A JSON Feed (where control characters are legal as \u escapes) that tries to clear the screen,
        /// write the clipboard with OSC 52, ring the bell, hide text and use a C1 CSI.
        static let hostileJSONFeed = #"""
            {
              "version": "https://jsonfeed.org/version/1.1",
              "title": "Evil \u001b[2J\u001b[H Feed \u0007",
              "home_page_url": "https://evil.example.com/",
              "items": [
                {
                  "id": "evil-1",
                  "title": "Clipboard \u001b]52;c;cm0gLXJmIH4=\u0007 grab \u001b[31mred\u001b[0m",
                  "url": "https://evil.example.com/1",
                  "content_html": "<p>Body \u001b]52;c;cm0gLXJmIH4=\u0007 with <a href=\"https://evil.example.com/\u001b[2Jx\">a link \u001b[5m</a>, a bell \u0007 and a C1 CSI \u009b2J.</p>",
                  "date_published": "2026-11-18T10:00:00Z",
                  "authors": [{ "name": "Mallory \u001b[8m" }],
                  "tags": ["news\u001b[1m"]
                }
              ]
            }
            """#

        /// An RSS feed whose titles carry the escapes as character references inside escaped HTML.
        static let hostileRSS = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel>
              <title>Escapes&amp;#x1B;]0;pwned&amp;#x07; Feed</title>
              <link>https://escapes.example.com/</link>
              <item><title>Red &amp;#27;[31mwarning&amp;#27;[0m &amp;#x1b;[2J cleared</title><guid>esc-1</guid>
                <description>&lt;p&gt;Hello &amp;#x1B;]52;c;Zm9v&amp;#x07; clipboard&lt;/p&gt;</description></item>
            </channel></rss>
            """

        @Test("list, show, feeds and search print no ESC, BEL or C1 CSI from a hostile feed")
        func noEscapesReachTheTerminal() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/evil.json", .feed(Self.hostileJSONFeed, contentType: "application/feed+json"))
                server.route("/escapes.xml", .feed(Self.hostileRSS))
                #expect(try await sandbox.herald(db: "add", server.url("/evil.json")).succeeded)
                #expect(try await sandbox.herald(db: "add", server.url("/escapes.xml")).succeeded)
                #expect(try await sandbox.herald(db: "add", Locations.fixture("feeds/terminal-escapes.xml").absoluteString).succeeded)
                let rows = try await sandbox.listed()
                let ids = rows.map { String($0.id) }
                #expect(ids.count == 3)

                var runs: [[String]] = [["list"], ["feeds"], ["search", "clipboard"], ["search", "red"], ["stats"]]
                runs += ids.map { ["show", $0] }
                for arguments in runs {
                    let result = try await sandbox.herald([arguments[0], "--db", sandbox.database] + arguments.dropFirst())
                    #expect(result.succeeded, "\(arguments): \(result.summary)")
                    for (byte, name) in [(UInt8(0x1B), "ESC"), (0x07, "BEL"), (0x9B, "CSI")] {
                        // 0x9B appears in UTF-8 only as the second byte of U+009B (C2 9B) or inside other
                        // characters; look for the encoded C1 control itself.
                        let found = name == "CSI"
                            ? result.stdout.unicodeScalars.contains { $0.value == 0x9B }
                            : result.stdoutData.contains(byte) || result.stderrData.contains(byte)
                        #expect(!found, "\(arguments) printed \(name):\n\(result.stdout)")
                    }
                }
                let evil = try #require(rows.first { $0.url == "https://evil.example.com/1" })
                let shown = try await sandbox.herald(db: "show", String(evil.id))
                #expect(shown.stdout.contains("Clipboard") && shown.stdout.contains("grab"), "\(shown.stdout)")
            }
        }

        @Test("every --json output prints no raw ESC, BEL or C1 control (U+0080-U+009F), though the values keep them escaped",
              arguments: [["list", "--json"], ["show", "1", "--json"], ["feeds", "--json"], ["search", "Clipboard", "--json"]])
        func jsonHasNoRawControls(arguments: [String]) async throws {
            let sandbox = try Sandbox()
            let added = try await sandbox.herald(db: "add", Locations.fixture("feeds/terminal-escapes-everywhere.xml").path)
            #expect(added.succeeded, "\(added.summary)")
            let result = try await sandbox.herald([arguments[0], "--db", sandbox.database] + arguments.dropFirst())
            #expect(result.succeeded, "\(result.summary)")
            let raw = result.stdout.unicodeScalars.filter { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) }
            #expect(raw.isEmpty, "\(arguments) printed \(raw.map { String($0.value, radix: 16) }):\n\(result.stdout)")
            #expect((try? JSONSerialization.jsonObject(with: result.stdoutData)) != nil, "still JSON: \(result.stdout)")
        }

        @Test("show --json prints no raw ESC or BEL either")
        func jsonEscapes() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/evil.json", .feed(Self.hostileJSONFeed, contentType: "application/feed+json"))
                #expect(try await sandbox.herald(db: "add", server.url("/evil.json")).succeeded)
                let id = try #require(try await sandbox.listed().first?.id)
                let result = try await sandbox.herald(db: "show", String(id), "--json")
                #expect(!result.stdoutData.contains(0x1B) && !result.stdoutData.contains(0x07))
                let article = try CLIDocuments.decode(CLIDocuments.Article.self, from: result)
                #expect(article.title.hasPrefix("Clipboard") && !article.title.unicodeScalars.contains { $0.value < 0x20 })
            }
        }
    }
}
