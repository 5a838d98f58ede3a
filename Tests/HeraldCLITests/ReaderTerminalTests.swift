import Foundation
import Testing

extension CLISuite {
    /// The interactive reader in a real terminal: the real `herald` binary inside tmux, driven by keys.
    @Suite("Reader in a terminal")
    struct ReaderTerminalTests {
        /// A sandbox with a browser script that records the URL it is given, and a terminal on it.
        static func start(width: Int = 100, height: Int = 30) throws -> (Sandbox, TmuxTerminal, String)? {
            if let reason = TmuxTerminal.unavailableReason {
                print("Skipping the reader's terminal tests: \(reason)")
                return nil
            }
            let sandbox = try Sandbox()
            let record = sandbox.path("scratch/opened-url")
            let script = try sandbox.write(Data("#!/bin/sh\nprintf '%s' \"$1\" > '\(record)'\n".utf8), to: "scratch/browser")
            chmod(script, 0o755)
            var environment = sandbox.environment
            environment["BROWSER"] = script
            environment["HERALD_DEMO_FEEDS"] = Locations.fixture("demo").path
            environment.removeValue(forKey: "COLUMNS")
            let terminal = try TmuxTerminal(environment: environment, width: width, height: height)
            return (sandbox, terminal, record)
        }

        /// A shell line printing the canonical-input and echo modes, then `|MODES-<marker>`; the
        /// line as typed never contains that text, so only its output matches.
        static func modes(_ marker: String) -> String {
            "stty -a | tr ' ' '\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo '|MODES-''\(marker)'"
        }

        @Test("demo opens the reader: move, open a feed and an article, follow a numbered link, star, mark all read, search, refresh, help, resize, suspend and resume, quit with the terminal restored")
        func session() async throws {
            guard let (sandbox, terminal, record) = try Self.start() else { return }
            _ = sandbox
            try terminal.type(Self.modes("BEFORE"))
            #expect(try await terminal.waitFor("|MODES-BEFORE") != nil, "the shell answered: \(terminal.last)")
            try terminal.type("'\(Locations.herald.path)' demo")
            let feeds = try await terminal.waitFor("Herald · Feeds · 6 feeds", timeout: .seconds(60))
            #expect(feeds != nil, "the feeds screen: \(terminal.last)")
            #expect(terminal.last.contains("#demo") && terminal.last.contains("にほんごニュース"))

            // Feeds: All, Unread, Starred, #demo, then the feeds by title: the fifth row is the first feed.
            try terminal.press("j", "j", "j", "j", "Enter")
            #expect(try await terminal.waitFor("Herald · Latency Budget · 6 unread") != nil, "the feed's list: \(terminal.last)")
            try terminal.press("Enter")
            // The whole article, not its first painted lines: the numbered links come last.
            let article = try await terminal.waitFor { screen in
                screen.contains("Feed: Latency Budget") && screen.split(separator: "\n").contains { $0.hasPrefix("[1] ") }
            } ?? terminal.last
            let firstLink = try #require(article.split(separator: "\n").first { $0.hasPrefix("[1] ") })
            try terminal.press("1", "Enter")
            // The script creates the file, then writes the URL: wait for the URL, not the file.
            let opened = try await terminal.waitFor { _ in
                !((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").isEmpty
            }
            #expect(opened != nil, "the browser script ran")
            let url = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            #expect(!url.isEmpty && firstLink.hasSuffix(url), "link [1] \(firstLink) was opened as one argument: \(url)")

            try terminal.press("s")
            #expect(try await terminal.waitFor("State: starred") != nil, "starred: \(terminal.last)")
            try terminal.press("q")
            #expect(try await terminal.waitFor("Herald · Latency Budget · 5 unread") != nil, "back on the list, one read: \(terminal.last)")
            try terminal.press("A")
            #expect(try await terminal.waitFor("Mark all of") != nil, "the confirmation: \(terminal.last)")
            try terminal.press("y")
            #expect(try await terminal.waitFor("Marked 5 articles read") != nil, "marked: \(terminal.last)")
            try terminal.press("q")
            #expect(try await terminal.waitFor("Herald · Feeds · 6 feeds · 33 unread") != nil, "counts updated live: \(terminal.last)")

            try terminal.press("/")
            try terminal.type("postmortems")
            #expect(try await terminal.waitFor("Herald · Search: postmortems") != nil, "results: \(terminal.last)")
            try terminal.press("Enter")
            #expect(try await terminal.waitFor("Feed: ") != nil, "a result opened: \(terminal.last)")
            try terminal.press("q")
            #expect(try await terminal.waitFor("Herald · Search: postmortems") != nil, "back on the results: \(terminal.last)")
            try terminal.press("q")

            try terminal.press("R")
            #expect(try await terminal.waitFor("No new articles") != nil, "the refresh's closing notice: \(terminal.last)")
            try terminal.press("?")
            // The whole help screen, not its first painted lines.
            #expect(try await terminal.waitFor { $0.contains("Keys of this screen") && $0.contains("Refresh all feeds") } != nil,
                    "help: \(terminal.last)")
            try terminal.press("q")

            try terminal.resize(width: 60, height: 16)
            let narrow = try await terminal.waitFor { screen in
                screen.contains("Herald · Feeds") && screen.split(separator: "\n").count <= 16
            }
            #expect(narrow != nil, "re-laid out at 60x16: \(terminal.last)")
            try terminal.resize(width: 30, height: 10)
            #expect(try await terminal.waitFor("Window too small") != nil, "too small: \(terminal.last)")
            try terminal.resize(width: 100, height: 30)
            #expect(try await terminal.waitFor("Herald · Feeds") != nil)

            try terminal.press("C-z")
            #expect(try await terminal.waitFor("Stopped") != nil, "suspended to the shell: \(terminal.last)")
            #expect(try await terminal.waitForShell(), "the shell has the terminal: \(terminal.last)")
            try terminal.type("fg")
            #expect(try await terminal.waitFor("Herald · Feeds · 6 feeds") != nil, "repainted after fg: \(terminal.last)")

            try terminal.press("Q")
            #expect(try await terminal.waitForShell(), "herald exited: \(terminal.last)")
            try terminal.type(Self.modes("AFTER"))
            let restored = try await terminal.waitFor("|MODES-AFTER")
            let lines = (restored ?? terminal.last).split(separator: "\n").map(String.init)
            let before = lines.first { $0.hasSuffix("|MODES-BEFORE") }?.dropLast("BEFORE".count)
            let after = lines.first { $0.hasSuffix("|MODES-AFTER") }?.dropLast("AFTER".count)
            #expect(after != nil && after == before, "the terminal modes after quitting equal those before: \(lines)")
            #expect(after?.contains("icanon") == true && after?.contains("-icanon") == false)
        }

        @Test("a feed with control sequences in its title, author, link, enclosure type and body: the reader shows them inert (no window title, no clipboard write, no cursor move) and offers no data: link")
        func hostileFeedIsInert() async throws {
            guard let (sandbox, terminal, _) = try Self.start(width: 100, height: 30) else { return }
            let fixture = Locations.fixture("feeds/terminal-escapes-everywhere.xml").path
            let added = try await sandbox.herald(["add", "--db", sandbox.database, fixture])
            #expect(added.succeeded, "\(added.summary)")
            let titleBefore = try terminal.paneTitle()
            try terminal.type("'\(Locations.herald.path)' read --db '\(sandbox.database)' --feed 1")
            #expect(try await terminal.waitFor("Herald · Escapes everywhere") != nil, "the feed's list: \(terminal.last)")
            try terminal.press("Enter")
            // The whole article: the numbered links are painted last.
            let article = try await terminal.waitFor {
                $0.contains("Feed: Escapes everywhere") && $0.contains("[1] https://escapes.example.com/link")
            }
            #expect(article != nil, "the article: \(terminal.last)")
            let lines = terminal.last.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first?.hasPrefix(" Herald") == true, "the title bar stays on the first row: \(terminal.last)")
            #expect(terminal.last.contains("Clipboard") && terminal.last.contains("grab"), "the title is shown: \(terminal.last)")
            #expect(terminal.last.contains("[1] https://escapes.example.com/link"), "the web link is offered: \(terminal.last)")
            #expect(!terminal.last.contains("data:text/html"), "the data: link is not: \(terminal.last)")
            #expect(try terminal.paneTitle() == titleBefore, "no OSC 0/2 reached the terminal")
            #expect(try terminal.buffers().isEmpty, "no OSC 52 clipboard write reached the terminal")
            try terminal.press("Q")
            #expect(try await terminal.waitForShell())
        }

        @Test("f in an article switches to the full article of its page (fetched once, then kept) and back to the feed's text")
        func fullTextKey() async throws {
            guard let (sandbox, terminal, _) = try Self.start(width: 100, height: 40) else { return }
            let page = try Locations.fixtureData("pages/garden-article.html")
            try await withServer { server in
                server.route("/2026/10/garlic/", .feed([UInt8](page), contentType: "text/html; charset=utf-8"))
                let items = [NewsItem(guid: "g-1", title: "Planting garlic", link: server.url("/2026/10/garlic/"),
                                      date: "Fri, 30 Oct 2026 07:15:00 +0000", html: "<p>A teaser about garlic.</p>")]
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Field Notes", site: server.url("/"), items: items)))
                #expect(try await sandbox.herald(db: "add", server.url("/feed.xml")).succeeded)
                try terminal.type("'\(Locations.herald.path)' read --db '\(sandbox.database)' --feed 1")
                #expect(try await terminal.waitFor("Herald · Field Notes") != nil, "the feed's list: \(terminal.last)")
                try terminal.press("Enter")
                #expect(try await terminal.waitFor("A teaser about garlic.") != nil, "the feed's text: \(terminal.last)")
                try terminal.press("f")
                let full = try await terminal.waitFor {
                    $0.contains("Text: the full article from its page") && $0.contains("Garlic is one of the easiest crops")
                }
                #expect(full != nil, "full text: \(terminal.last)")
                #expect(!terminal.last.contains("A teaser about garlic."))
                try terminal.press("f")
                let feedText = try await terminal.waitFor {
                    $0.contains("A teaser about garlic.") && $0.contains("Text: the feed's (f: the full article, kept)")
                }
                #expect(feedText != nil, "back to the feed's text: \(terminal.last)")
                try terminal.press("f")
                #expect(try await terminal.waitFor("Text: the full article from its page") != nil, "\(terminal.last)")
                #expect(server.requestCount(for: "/2026/10/garlic/") == 1, "fetched once, then kept")
                try terminal.press("Q")
                #expect(try await terminal.waitForShell())
            }
        }

        @Test("herald read --search opens the results; Ctrl-C quits; herald on a pipe prints help and exits 0")
        func deepLinkAndPipe() async throws {
            guard let (sandbox, terminal, _) = try Self.start(width: 80, height: 24) else { return }
            let demo = try await sandbox.herald(["demo", "--db", sandbox.database])
            #expect(demo.succeeded, "\(demo.summary)")
            try terminal.type("'\(Locations.herald.path)' read --db '\(sandbox.database)' --search 'title:postmortems'")
            #expect(try await terminal.waitFor("Herald · Search: title:postmortems") != nil, "deep link: \(terminal.last)")
            try terminal.press("C-c")
            #expect(try await terminal.waitForShell(), "herald exited: \(terminal.last)")
            try terminal.type("echo EXIT=$?")
            #expect(try await terminal.waitFor("EXIT=0") != nil, "Ctrl-C quits cleanly: \(terminal.last)")

            let piped = try await sandbox.herald([])
            #expect(piped.succeeded && piped.stdout.contains("USAGE"), "\(piped.summary)")
        }
    }
}
