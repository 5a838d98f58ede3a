import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// Several refresh commands at once on one database, SQLite and PostgreSQL (issue 19: two
    /// `refresh --all` on PostgreSQL never ended and sent 1,300 requests a second). Every process
    /// must end, each feed be requested once across all of them, and every article stored once.
    @Suite("Refreshes at once")
    struct ConcurrentRefreshTests {
        static let feedCount = 32
        static let itemsPerFeed = 3

        /// The stores to run on: SQLite always, PostgreSQL when the test server is set.
        static let databases: [String] = TestPostgres.url == nil ? ["sqlite"] : ["sqlite", "postgres"]

        @Test("2 and 4 refresh --all at once end, and request each feed once between them", arguments: databases, [2, 4])
        func allAtOnce(_ database: String, _ count: Int) async throws {
            try await run(database, Array(repeating: ["refresh", "--all"], count: count))
        }

        @Test("2 and 4 plain refreshes at once end, and request each feed once between them", arguments: databases, [2, 4])
        func dueAtOnce(_ database: String, _ count: Int) async throws {
            try await run(database, Array(repeating: ["refresh"], count: count))
        }

        @Test("refresh, refresh --all, refresh FEED… and a worker at once", arguments: databases)
        func aMixBesideAWorker(_ database: String) async throws {
            try await run(database, [["refresh"], ["refresh", "--all"], ["refresh", "1", "2", "3", "4"], ["refresh", "--all"]],
                          worker: true)
        }

        @Test("a refresh after the others ended checks every feed again")
        func aLaterRefreshChecksAgain() async throws {
            let sandbox = try Sandbox()
            let server = try await LocalHTTPServer.start(latency: .milliseconds(20), origins: 2)
            do {
                let paths = try await Self.subscribe(sandbox, server, feeds: 4)
                #expect(try await sandbox.herald(db: "refresh", "--all").succeeded)
                let again = try await sandbox.herald(db: "refresh", "--all")
                #expect(again.succeeded, "\(again.summary)")
                for path in paths { #expect(server.requestCount(for: path) == 2, "\(path)") }
                // The log shows the last run, with no problem.
                let log = try await sandbox.herald(["log"])
                #expect(log.succeeded && log.stdout.contains("4 feeds") && log.stdout.contains("No problems."), "\(log.summary)")
                try await server.shutdown()
            } catch {
                try? await server.shutdown()
                throw error
            }
        }

        @Test("herald log shows the last run's failed feed and its reason, and --json its records; --db the last run of that database")
        func theLogShowsTheLastRunsProblems() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                _ = try await Self.subscribe(sandbox, server, feeds: 2)
                let list = server.url("/missing.xml") + "\n"
                #expect(try await sandbox.herald(db: "import", "-", stdin: Data(list.utf8)).succeeded)
                _ = try await sandbox.herald(db: "refresh", "--all")
                let log = try await sandbox.herald(["log"])
                #expect(log.succeeded, "\(log.summary)")
                #expect(log.stdout.contains("3 feeds, 2 stored (6 new), 0 unchanged, 1 failed, 0 skipped"), "\(log.stdout)")
                #expect(log.stdout.contains("failed") && log.stdout.contains("404"), "\(log.stdout)")
                let json = try await sandbox.herald(["log", "--json"])
                let records = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]]
                #expect(records?.first?["message"] == "refresh started")
                #expect(records?.contains { $0["message"] == "failed" && $0["reason"]?.contains("404") == true } == true)
                #expect(FileManager.default.fileExists(atPath: sandbox.path("home/.local/state/herald/refresh.log")))

                // Another database refreshed since: `log` shows that run, naming its database;
                // `log --db` the last run of the one named.
                let other = sandbox.path("work/other.db")
                #expect(try await sandbox.herald(["add", server.url("/c/1.xml"), "--db", other]).succeeded)
                _ = try await sandbox.herald(["refresh", "--all", "--db", other])
                let latest = try await sandbox.herald(["log"])
                #expect(latest.stdout.contains("of \(other) by") && latest.stdout.contains("No problems."), "\(latest.stdout)")
                let first = try await sandbox.herald(["log", "--db", sandbox.database])
                #expect(first.stdout.contains("of \(sandbox.database) by") && first.stdout.contains("404"), "\(first.stdout)")
            }
        }

        /// Starts `commands` at once (and a worker, stopped once they ended), then checks the exits,
        /// the requests of each feed and the stored articles.
        private func run(_ database: String, _ commands: [[String]], worker: Bool = false) async throws {
            let sandbox = try Sandbox(database: database == "postgres" ? try TestPostgres.freshDatabase() : nil)
            // Slow enough that the commands overlap: 32 feeds, 4 at once per origin, 600 ms each (2.4 s a run).
            let server = try await LocalHTTPServer.start(latency: .milliseconds(600), origins: 2)
            do {
                let paths = try await Self.subscribe(sandbox, server, feeds: Self.feedCount)
                var processes = try commands.map { try sandbox.start($0 + ["--db", sandbox.database]) }
                if worker {
                    processes.append(try sandbox.start(["worker", "--db", sandbox.database, "--poll", "0.5s"]))
                }
                var results: [ProcessResult] = []
                for process in processes.prefix(commands.count) {
                    results.append(await process.finish(timeout: .seconds(60)))
                }
                if worker, let last = processes.last {
                    // A feed the worker requested is the worker's to store (the others skip it):
                    // let its pass end before stopping it.
                    let deadline = ContinuousClock.now + .seconds(20)
                    while ContinuousClock.now < deadline,
                          try await sandbox.stats().articles < Self.feedCount * Self.itemsPerFeed {
                        try await Task.sleep(for: .milliseconds(200))
                    }
                    last.send(SIGINT)
                    results.append(await last.finish(timeout: .seconds(20)))
                }
                for result in results {
                    #expect(result.succeeded, "\(result.summary)")
                }
                var counts: [String: Int] = [:]
                for path in paths { counts[path] = server.requestCount(for: path) }
                #expect(counts.values.allSatisfy { $0 == 1 }, "requests per feed: \(counts.sorted { $0.key < $1.key })")
                #expect(paths.allSatisfy { server.peakConcurrentRequests(for: $0) <= 1 }, "a feed was fetched twice at once")
                // Icons: each command looks once per address (its own run), so at most one request
                // per command and origin for the site's /favicon.ico (none is served here).
                #expect(server.requestCount(for: "/favicon.ico") <= results.count * 2)
                let rows = try await sandbox.listed()
                #expect(rows.count == Self.feedCount * Self.itemsPerFeed)
                #expect(Set(rows.map { "\($0.feed)/\($0.title)" }).count == rows.count, "every article once")
                try await server.shutdown()
            } catch {
                try? await server.shutdown()
                throw error
            }
        }

        /// Serves `feeds` feeds on the server's origins and imports them; returns their paths.
        private static func subscribe(_ sandbox: Sandbox, _ server: LocalHTTPServer, feeds: Int) async throws -> [String] {
            var list = ""
            var paths: [String] = []
            for index in 0..<feeds {
                let items = (1...itemsPerFeed).map { story in
                    NewsItem(guid: "c\(index)-\(story)", title: "Feed \(index) story \(story)",
                             link: "https://c\(index).example.net/\(story)",
                             date: "Wed, 18 Nov 2026 0\(story):00:00 +0000", html: "<p>Story \(story) of feed \(index).</p>")
                }
                let path = "/c/\(index).xml"
                server.route(path, .feed(NewsFeed.rss(title: "Crowd \(index)", site: "https://c\(index).example.net/", items: items)))
                list += server.url(path, origin: index) + "\n"
                paths.append(path)
            }
            // Setting up, not what is measured: room for a loaded CI machine (a 30 s limit was hit once).
            let imported = try await sandbox.herald(db: "import", "-", stdin: Data(list.utf8), timeout: .seconds(120))
            #expect(imported.succeeded, "\(imported.summary)")
            return paths
        }
    }
}
