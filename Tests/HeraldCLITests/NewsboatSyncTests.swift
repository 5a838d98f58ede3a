import Foundation
import GRDBSQLite
import HeraldTestSupport
import Testing

/// Whether newsboat and tmux are here for the sync tests with a real client; under CI they always
/// run (and a missing program fails them), elsewhere they show as skipped.
enum NewsboatTools {
    static let runnable = ProcessInfo.processInfo.environment["CI"] != nil
        || (FileManager.default.isExecutableFile(atPath: "/usr/bin/newsboat") && TmuxTerminal.unavailableReason == nil)
}

extension CLISuite {
    /// newsboat 2.21 from Debian, a program no one here wrote, syncing with `herald serve` through the
    /// Miniflux API (`urls-source "miniflux"`), the way a person moving their phone and terminal to a
    /// Herald server would set it up.
    @Suite("newsboat syncs through herald serve's Miniflux and Google Reader APIs")
    struct NewsboatSyncTests {
        /// newsboat on this machine, or nil (the test says why and is skipped; under CI it fails).
        static func newsboat() -> URL? {
            for folder in ["/usr/bin", "/usr/local/bin", "/bin"] {
                let url = URL(fileURLWithPath: folder).appendingPathComponent("newsboat")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
            let why = "newsboat is not installed (apt-get install newsboat); the Miniflux sync test with a real client was skipped"
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record(Comment(rawValue: why)) }
            print(why)
            return nil
        }

        /// newsboat set up in the sandbox with a config file, an empty `urls` file and its own cache.
        struct NewsboatClient {
            let executable: URL
            let sandbox: Sandbox
            let configPath: String
            let urlsPath: String
            let cachePath: String

            init(_ executable: URL, sandbox: Sandbox, config: String) throws {
                self.executable = executable
                self.sandbox = sandbox
                configPath = try sandbox.write(Data(config.utf8), to: "home/newsboat/config")
                urlsPath = try sandbox.write(Data(), to: "home/newsboat/urls")
                cachePath = sandbox.path("home/newsboat/cache.db")
            }

            /// `newsboat -x reload` with `extra` commands after it; the result.
            func run(_ commands: [String]) async throws -> ProcessResult {
                let child = try ChildProcess(executable: executable,
                                             arguments: ["-C", configPath, "-u", urlsPath, "-c", cachePath, "-x"] + commands,
                                             environment: sandbox.environment, directory: sandbox.root,
                                             stdin: nil, scratch: sandbox.root.appendingPathComponent("scratch"))
                return await child.finish(timeout: .seconds(60))
            }

            /// `newsboat -x reload print-unread`: "N unread articles".
            func reload() async throws -> String {
                let result = try await run(["reload", "print-unread"])
                #expect(result.succeeded, "newsboat failed: \(result.summary)")
                return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }

            /// Runs newsboat interactively in a real terminal: presses `A` (mark the feed under the
            /// cursor read, which newsboat sends to the server) on the first feed of its list, then
            /// opens the second feed's first article (which newsboat marks read on the server too) and quits.
            /// - Returns: How many unread articles newsboat showed the first feed with, and whether
            ///   the second had one to read; nil when tmux is missing.
            func markFirstFeedReadAndReadOneMore() async throws -> (marked: Int, readOne: Bool)? {
                if let reason = TmuxTerminal.unavailableReason {
                    if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record(Comment(rawValue: reason)) }
                    print("newsboat's interactive sync was not tried: \(reason)")
                    return nil
                }
                let terminal = try TmuxTerminal(environment: sandbox.environment)
                try terminal.type("\(executable.path) -C '\(configPath)' -u '\(urlsPath)' -c '\(cachePath)'")
                let started = try await terminal.waitFor("Your feeds")
                let screen = try terminal.screen()
                let list = try #require(started, "newsboat did not start: \(screen)")
                // Rows such as "   1 N       (2/3) City".
                func unread(_ row: String, in screen: String) throws -> Int {
                    let line = try #require(screen.split(separator: "\n").first { $0.hasPrefix(row) }, Comment(rawValue: screen))
                    let counts = try #require(line.firstMatch(of: /\((\d+)\/(\d+)\)/), Comment(rawValue: String(line)))
                    return try #require(Int(counts.1))
                }
                let first = try unread("   1 ", in: list)
                let second = try unread("   2 ", in: list)
                try terminal.press("A")
                let marked = try await terminal.waitFor { $0.split(separator: "\n").contains { $0.hasPrefix("   1 ") && $0.contains("(0/") } }
                let afterMarking = try terminal.screen()
                #expect(marked != nil, "the feed was not marked read: \(afterMarking)")
                if second > 0 {
                    // "2" and Enter go to the second row; Enter opens its articles, Enter the first.
                    try terminal.press("2", "Enter")
                    try await Task.sleep(for: .milliseconds(300))
                    try terminal.press("Enter")
                    let articles = try await terminal.waitFor("Articles in feed")
                    let listScreen = try terminal.screen()
                    #expect(articles != nil, "the second feed did not open: \(listScreen)")
                    let before = try await sandbox.stats().unread
                    try terminal.press("Enter")
                    let opened = try await terminal.waitFor("Article '")
                    let articleScreen = try terminal.screen()
                    #expect(opened != nil, "no article opened: \(articleScreen)")
                    try terminal.press("q")
                    _ = try await terminal.waitFor("Articles in feed")
                    // newsboat tells the server as the article is left, from a thread of its own
                    // that quitting at once would cut short: the list stays until Herald has it (a
                    // person takes longer), at most 15 seconds.
                    let clock = ContinuousClock()
                    let deadline = clock.now + .seconds(15)
                    while try await sandbox.stats().unread == before, clock.now < deadline {
                        try await Task.sleep(for: .milliseconds(100))
                    }
                    try terminal.press("q")
                    _ = try await terminal.waitFor("Your feeds")
                }
                try terminal.press("q")
                let quit = try await terminal.waitForShell()
                let afterQuitting = try terminal.screen()
                #expect(quit, "newsboat did not quit: \(afterQuitting)")
                return (first, second > 0)
            }
        }

        /// Two feeds on the test server added to the sandbox's database (Harbour, 3 articles, tagged
        /// `local`, the first titled `firstTitle`; City, 2), a password for alice, and `herald serve`
        /// started on a free port.
        /// - Returns: The server process and its port.
        static func serveTwoFeeds(_ sandbox: Sandbox, _ server: LocalHTTPServer, password: String,
                                  firstTitle: String = "Harbour news 1") async throws -> (ChildProcess, Int) {
            let harbour = (1...3).map { index in
                NewsItem(guid: "h-\(index)", title: index == 1 ? firstTitle : "Harbour news \(index)",
                         link: "https://harbour.example/\(index)",
                         date: "Wed, \(10 + index) Nov 2026 08:00:00 +0000", html: "<p>Harbour story \(index).</p>")
            }
            let city = (1...2).map { index in
                NewsItem(guid: "c-\(index)", title: "City news \(index)", link: "https://city.example/\(index)",
                         date: "Thu, \(10 + index) Nov 2026 09:00:00 +0000", html: "<p>City story \(index).</p>")
            }
            server.route("/harbour.xml", .feed(NewsFeed.rss(title: "Harbour", site: "https://harbour.example/", items: harbour)))
            server.route("/city.xml", .feed(NewsFeed.rss(title: "City", site: "https://city.example/", items: city)))
            #expect(try await sandbox.herald(db: "add", server.url("/harbour.xml"), "--tag", "local").succeeded)
            #expect(try await sandbox.herald(db: "add", server.url("/city.xml")).succeeded)
            let set = try await sandbox.herald(["user", "password", "alice", "--db", sandbox.database],
                                               stdin: Data((password + "\n").utf8))
            #expect(set.succeeded, "\(set.summary)")
            let serve = try sandbox.start(["serve", "--port", "0", "--db", sandbox.database])
            guard let bound = try? await serve.servedPort() else {
                serve.send(SIGKILL)
                throw SetUpFailure(description: "serve printed no address: \(serve.stderrSoFar)")
            }
            return (serve, bound)
        }

        /// What kept a sync test from setting up.
        struct SetUpFailure: Error, CustomStringConvertible {
            let description: String
        }

        /// The titles of the articles in newsboat's cache, read with SQLite.
        static func titles(inCache path: String) throws -> [String] {
            var handle: OpaquePointer?
            guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let database = handle else {
                throw SetUpFailure(description: "cannot open newsboat's cache \(path)")
            }
            defer { sqlite3_close(database) }
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(database, "SELECT title FROM rss_item ORDER BY title", -1, &statement, nil) == SQLITE_OK else {
                throw SetUpFailure(description: String(cString: sqlite3_errmsg(database)))
            }
            defer { sqlite3_finalize(statement) }
            var titles: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                titles.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
            }
            return titles
        }

        /// `A` in newsboat on its first feed and an article of the second opened, then Herald's
        /// unread count and newsboat's next reload both say those are read.
        static func expectReadingInNewsboatReachesHerald(_ client: NewsboatClient, unreadBefore: Int) async throws {
            guard let (marked, readOne) = try await client.markFirstFeedReadAndReadOneMore() else { return }
            #expect(marked > 0 && readOne)
            let left = unreadBefore - marked - (readOne ? 1 : 0)
            let stats = try await client.sandbox.herald(db: "stats")
            #expect(stats.stdout.contains("Unread:    \(left)\n"), "\(stats.stdout)")
            #expect(try await client.reload() == "\(left) unread articles")
        }

        @Test("newsboat -x reload print-unread equals Herald's unread count, and an article read in Herald is read in newsboat after the next reload; A and opening an article in newsboat mark them read in Herald", .enabled(if: NewsboatTools.runnable, "newsboat or tmux is not installed (apt-get install newsboat tmux)"))
        func newsboatSeesHeraldsUnreadState() async throws {
            guard let newsboat = Self.newsboat() else { return }
            let sandbox = try Sandbox()
            try await withServer { server in
                let password = "newsboat moves in"
                let (serve, bound) = try await Self.serveTwoFeeds(sandbox, server, password: password)
                defer { serve.send(SIGKILL) }
                // The documented form of the URL, with its trailing slash (newsboat then asks for `//v1/…`).
                let config = """
                    urls-source "miniflux"
                    miniflux-url "http://127.0.0.1:\(bound)/"
                    miniflux-login "alice"
                    miniflux-password "\(password)"
                    """
                let client = try NewsboatClient(newsboat, sandbox: sandbox, config: config)
                #expect(try await client.reload() == "5 unread articles")
                let ids = try await sandbox.listed().map(\.id)
                #expect(ids.count == 5)
                #expect(try await sandbox.herald(db: "mark", "read", String(ids[0])).succeeded)
                #expect(try await client.reload() == "4 unread articles")
                #expect(try await sandbox.herald(db: "mark", "unread", String(ids[0])).succeeded)
                #expect(try await client.reload() == "5 unread articles")
                try await Self.expectReadingInNewsboatReachesHerald(client, unreadBefore: 5)

                // A wrong password: newsboat gets a 401 and finds no feeds (it exits non-zero, having synced nothing).
                try Data(config.replacingOccurrences(of: password, with: "wrong").utf8)
                    .write(to: URL(fileURLWithPath: client.configPath))
                #expect(try await !client.run(["reload"]).succeeded)
                serve.send(SIGINT)
                _ = await serve.finish(timeout: .seconds(10))
            }
        }

        @Test("newsboat's FeedHQ source reads Google Reader's Atom streams: every feed and article arrives (a title with markup characters intact), read and unread in Herald reach newsboat at the next reload, and A and opening an article in newsboat mark them read in Herald", .enabled(if: NewsboatTools.runnable, "newsboat or tmux is not installed (apt-get install newsboat tmux)"))
        func newsboatSyncsThroughGoogleReaderAtom() async throws {
            guard let newsboat = Self.newsboat() else { return }
            let sandbox = try Sandbox()
            try await withServer { server in
                let password = "feedhq was google reader"
                let (serve, bound) = try await Self.serveTwoFeeds(sandbox, server, password: password,
                                                                  firstTitle: "Fish &amp; chips &lt;cheap&gt;")
                defer { serve.send(SIGKILL) }
                // The special feeds (starred, shared, friends) would be asked of feedhq.org: off.
                let client = try NewsboatClient(newsboat, sandbox: sandbox, config: """
                    urls-source "feedhq"
                    feedhq-url "http://127.0.0.1:\(bound)"
                    feedhq-login "alice"
                    feedhq-password "\(password)"
                    feedhq-show-special-feeds no
                    """)
                #expect(try await client.reload() == "5 unread articles")
                // newsboat's own cache holds what it read from the Atom: the title unescaped once.
                let titles = try Self.titles(inCache: client.cachePath)
                #expect(titles.contains("Fish & chips <cheap>") && titles.count == 5, "\(titles)")
                let ids = try await sandbox.listed().map(\.id)
                #expect(ids.count == 5)
                #expect(try await sandbox.herald(db: "mark", "read", String(ids[0]), String(ids[1])).succeeded)
                #expect(try await client.reload() == "3 unread articles")
                #expect(try await sandbox.herald(db: "mark", "unread", String(ids[0])).succeeded)
                #expect(try await client.reload() == "4 unread articles")
                try await Self.expectReadingInNewsboatReachesHerald(client, unreadBefore: 4)
                serve.send(SIGINT)
                _ = await serve.finish(timeout: .seconds(10))
            }
        }
    }
}
