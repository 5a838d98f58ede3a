import Foundation
import Testing

extension CLISuite {
    /// What a new user types by mistake, answered with what to do instead (from a review of the
    /// CLI run as written in its docs).
    @Suite("herald's answers to common mistakes")
    struct CLIHintsTests {
        static let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
            <outline text="Gazette" type="rss" xmlUrl="https://gazette.example/feed.xml"/>
            </body></opml>
            """

        @Test("an OPML file given to add or parse points to herald import")
        func opmlToAddOrParse() async throws {
            let sandbox = try Sandbox()
            let path = try sandbox.write(Data(Self.opml.utf8), to: "subscriptions.opml")
            let added = try await sandbox.herald(db: "add", path)
            #expect(!added.succeeded)
            #expect(added.stderr.contains("list of subscriptions (OPML)") && added.stderr.contains("herald import"),
                    "\(added.summary)")
            let parsed = try await sandbox.herald(["parse", path])
            #expect(!parsed.succeeded)
            #expect(parsed.stderr.contains("herald import"), "\(parsed.summary)")
        }

        @Test("an empty database: list and refresh say how to add the first feeds")
        func emptyDatabase() async throws {
            let sandbox = try Sandbox()
            for arguments in [["list"], ["refresh"]] {
                let result = try await sandbox.herald(arguments + ["--db", sandbox.database])
                #expect(result.succeeded, "\(result.summary)")
                #expect(result.stdout.contains("herald add URL") && result.stdout.contains("herald import"), "\(result.summary)")
            }
        }

        @Test("show --width N wraps the article at N columns, above the 100 the terminal's width is capped at")
        func showWidth() async throws {
            let sandbox = try Sandbox()
            let paragraph = String(repeating: "The harbour master counts the boats at dawn and writes them down. ", count: 8)
            let feed = try sandbox.write(Data(("<rss version=\"2.0\"><channel><title>F</title><item><guid>1</guid><title>A</title>"
                                               + "<description>\(paragraph)</description></item></channel></rss>").utf8), to: "feed.xml")
            _ = try await sandbox.herald(db: "add", URL(fileURLWithPath: feed).absoluteString)
            let wide = try await sandbox.herald(db: "show", "1", "--width", "150")
            #expect(wide.succeeded, "\(wide.summary)")
            let longest = wide.stdout.split(separator: "\n").map(\.count).max() ?? 0
            #expect(longest > 100 && longest <= 150, "longest line \(longest): \(wide.stdout)")
            let narrow = try await sandbox.herald(db: "show", "1", "--width", "40")
            #expect((narrow.stdout.split(separator: "\n").map(\.count).max() ?? 0) <= 40, "\(narrow.stdout)")
        }

        @Test("serve refuses a port above 65535 as a usage error instead of serving on another")
        func servePortRange() async throws {
            let sandbox = try Sandbox()
            let served = try await sandbox.herald(db: "serve", "--port", "99999")
            #expect(served.status == 64, "\(served.summary)")
            #expect(served.stderr.contains("0 to 65535"), "\(served.summary)")
        }

        @Test("progress goes to standard error: with standard output a terminal and standard error a file, refresh writes plain lines there")
        func progressToAFile() async throws {
            let script = URL(fileURLWithPath: "/usr/bin/script")
            guard FileManager.default.isExecutableFile(atPath: script.path) else {
                let why = "script (bsdutils) is not installed; the progress-to-a-file test was skipped"
                if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record(Comment(rawValue: why)) }
                return print(why)
            }
            let sandbox = try Sandbox()
            let feed = try sandbox.write(Data(#"<rss version="2.0"><channel><title>F</title><item><guid>1</guid><title>A</title></item></channel></rss>"#.utf8),
                                         to: "feed.xml")
            _ = try await sandbox.herald(db: "add", URL(fileURLWithPath: feed).absoluteString)
            let errors = sandbox.path("refresh-errors.log")
            // `script` gives the child a terminal for standard output; its standard error is a file.
            let command = "'\(Locations.herald.path)' refresh --all --db '\(sandbox.database)' 2>'\(errors)'"
            let child = try ChildProcess(executable: script, arguments: ["-qec", command, "/dev/null"],
                                         environment: sandbox.environment.merging(["TERM": "xterm"]) { $1 },
                                         directory: sandbox.root, stdin: nil,
                                         scratch: sandbox.root.appendingPathComponent("scratch"))
            let result = await child.finish(timeout: .seconds(60))
            #expect(result.succeeded, "\(result.summary)")
            let written = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            #expect(!written.contains("\u{1B}"), "escape codes in the file: \(written.debugDescription)")
            #expect(written.contains("["), "the plain progress lines: \(written.debugDescription)")
        }
    }
}
