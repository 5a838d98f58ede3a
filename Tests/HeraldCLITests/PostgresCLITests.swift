import Foundation
import HeraldTestSupport
import Testing

/// The test PostgreSQL server (scripts/postgres), with a new schema for one test.
enum TestPostgres {
    static let url = ProcessInfo.processInfo.environment["HERALD_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The server's URL with a schema of its own.
    static func freshDatabase() throws -> String {
        let base = try #require(url, "HERALD_TEST_POSTGRES_URL is not set")
        let schema = "cli_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        // A whole suite in parallel loads the machine; the first command migrates the new schema.
        return base + (base.contains("?") ? "&" : "?") + "schema=" + schema + "&connect_timeout=90"
    }
}

extension CLISuite {
    /// `--db postgres://…`, users and refresh workers, through the real executable.
    @Suite("PostgreSQL from the command line", .enabled(if: TestPostgres.url != nil, "HERALD_TEST_POSTGRES_URL is not set"))
    struct PostgresCLITests {
        @Test("--db postgres:// stores there; each --user has their own feeds and state; unknown users and SQLite users are refused")
        func usersThroughTheCommandLine() async throws {
            let sandbox = try Sandbox(database: try TestPostgres.freshDatabase())
            try await withServer { server in
                server.route("/harbour.xml", .feed(NewsFeed.harbour))
                let feed = server.url("/harbour.xml")
                for name in ["alice", "bob"] {
                    let added = try await sandbox.herald(["user", "add", name, "--db", sandbox.database])
                    #expect(added.succeeded, "\(added.summary)")
                }
                let again = try await sandbox.herald(["user", "add", "bob", "--db", sandbox.database])
                #expect(!again.succeeded && again.stderr.contains("already a user bob"), "\(again.summary)")

                let added = try await sandbox.herald(db: "add", feed, "--user", "alice")
                #expect(added.succeeded, "\(added.summary)")
                let aliceList = try await sandbox.herald(db: "list", "--user", "alice")
                #expect(aliceList.stdout.contains("Harbour") || aliceList.stdout.split(separator: "\n").count >= 3, "\(aliceList.summary)")
                let bobList = try await sandbox.herald(db: "feeds", "--user", "bob")
                #expect(bobList.succeeded && !bobList.stdout.contains("Harbour"), "\(bobList.summary)")

                let users = try await sandbox.herald(["user", "list", "--db", sandbox.database, "--user", "alice"])
                #expect(users.stdout.contains("alice") && users.stdout.contains("1 feed (you)"), "\(users.summary)")
                #expect(users.stdout.contains("bob") && users.stdout.contains("0 feeds"))

                let unknown = try await sandbox.herald(db: "list", "--user", "mallory")
                #expect(!unknown.succeeded && unknown.stderr.contains("herald user add mallory"), "\(unknown.summary)")
                let sqlite = try await sandbox.herald(["list", "--db", sandbox.path("work/one.db"), "--user", "alice"])
                #expect(!sqlite.succeeded && sqlite.stderr.contains("one person's news"), "\(sqlite.summary)")
            }
        }

        @Test("Full text on PostgreSQL: a refresh through the shared queue keeps each new article's page once; show --full and search read it")
        func fullTextOnPostgres() async throws {
            let sandbox = try Sandbox(database: try TestPostgres.freshDatabase())
            let page = try Locations.fixtureData("pages/garden-article.html")
            try await withServer { server in
                server.route("/2026/10/garlic/", .feed([UInt8](page), contentType: "text/html; charset=utf-8"))
                let items = [NewsItem(guid: "g-1", title: "Planting garlic", link: server.url("/2026/10/garlic/"),
                                      date: "Fri, 30 Oct 2026 07:15:00 +0000", html: "<p>A teaser about garlic.</p>")]
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Field Notes", site: server.url("/"), items: items)))
                let added = try await sandbox.herald(db: "add", server.url("/feed.xml"), "--full-text")
                #expect(added.succeeded, "\(added.summary)")
                let refreshed = try await sandbox.herald(db: "refresh", "--all")
                #expect(refreshed.succeeded && refreshed.stdout.contains("1 full text kept"), "\(refreshed.summary)")
                #expect(server.requestCount(for: "/2026/10/garlic/") == 1)
                let listed = try await sandbox.herald(db: "list", "--json")
                let json = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [String: Any])
                let id = try #require((json["articles"] as? [[String: Any]])?.first?["id"] as? Int)
                let shown = try await sandbox.herald(db: "show", String(id), "--full")
                #expect(shown.stdout.contains("vernalisation"), "\(shown.summary)")
                #expect(server.requestCount(for: "/2026/10/garlic/") == 1, "show --full reads the kept text")
                let found = try await sandbox.herald(db: "search", "vernalisation")
                #expect(found.stdout.contains("Planting garlic"), "\(found.summary)")
                #expect(try await sandbox.herald(db: "refresh", "--all").succeeded)
                #expect(server.requestCount(for: "/2026/10/garlic/") == 1, "a kept page is not fetched again")
            }
        }

        @Test("herald migrate copies a SQLite database into PostgreSQL with its state, verified by counts; again, it adds nothing")
        func migrateFromSQLite() async throws {
            let local = try Sandbox()
            let postgres = try TestPostgres.freshDatabase()
            try await withServer { server in
                server.route("/harbour.xml", .feed(NewsFeed.harbour))
                #expect(try await local.herald(db: "add", server.url("/harbour.xml"), "--tag", "town").succeeded)
                let rows = try await local.listed()
                #expect(rows.count == 3)
                #expect(try await local.herald(db: "mark", "star", String(rows[0].id)).succeeded)
                #expect(try await local.herald(db: "mark", "read", String(rows[1].id)).succeeded)

                let migrated = try await local.herald(["migrate", "--from", local.database, "--to", postgres, "--user", "default"])
                #expect(migrated.succeeded, "\(migrated.summary)")
                #expect(migrated.stdout.contains("Copied 1 feeds, 3 new articles"), "\(migrated.stdout)")
                #expect(migrated.stdout.contains("3 articles, 1 read, 1 starred"), "\(migrated.stdout)")

                let copied = try await local.herald(["list", "--db", postgres, "--user", "default", "--json"])
                let copiedRows = try CLIDocuments.decode(CLIDocuments.Page.self, from: copied).articles
                #expect(copiedRows.map(\.title) == rows.map(\.title))
                #expect(copiedRows.map(\.starred) == [true, false, false])
                #expect(copiedRows.map(\.read) == [false, true, false])
                let found = try await local.herald(["search", "harbour", "--db", postgres, "--user", "default"])
                #expect(found.succeeded && !found.stdout.isEmpty, "\(found.summary)")

                let again = try await local.herald(["migrate", "--from", local.database, "--to", postgres, "--user", "default"])
                #expect(again.succeeded && again.stdout.contains("0 new articles (3 were already there)"), "\(again.summary)")
                let missing = try await local.herald(["migrate", "--from", local.path("none.db"), "--to", postgres])
                #expect(!missing.succeeded && missing.stderr.contains("no database there"), "\(missing.summary)")
            }
        }

        @Test("Ctrl-C stops a worker after its feeds in flight and releases their claims: another worker fetches them at once, though the lease is ten minutes")
        func interruptedWorkerReleasesItsClaims() async throws {
            let sandbox = try Sandbox(database: try TestPostgres.freshDatabase())
            try await withServer { server in
                var list = ""
                for index in 1...3 {
                    let items = (1...2).map { story in
                        NewsItem(guid: "s\(index)-\(story)", title: "Slow \(index) story \(story)",
                                 link: "https://s\(index).example.net/\(story)",
                                 date: "Wed, 18 Nov 2026 0\(story):00:00 +0000", html: "<p>Story \(story).</p>")
                    }
                    server.route("/slow/\(index).xml", CannedResponse.feed(NewsFeed.rss(
                        title: "Slow \(index)", site: "https://s\(index).example.net/", items: items)).delayed(by: .seconds(3)))
                    list += server.url("/slow/\(index).xml") + "\n"
                }
                #expect(try await sandbox.herald(db: "import", "-", stdin: Data(list.utf8)).succeeded)
                let worker = try sandbox.start(["worker", "--db", sandbox.database, "--lease", "10m", "--poll", "0.3s"])
                let deadline = ContinuousClock.now + .seconds(15)
                while ContinuousClock.now < deadline, !(1...3).allSatisfy({ server.requestCount(for: "/slow/\($0).xml") == 1 }) {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect((1...3).allSatisfy { server.requestCount(for: "/slow/\($0).xml") == 1 }, "the three feeds are in flight")
                worker.send(SIGINT)
                let stopped = await worker.finish(timeout: .seconds(15))
                #expect(stopped.succeeded, "\(stopped.summary)")
                #expect(try await sandbox.stats().articles == 0, "fetches in flight at Ctrl-C end without writing")

                // Claims left held would keep every feed from the next worker for ten minutes.
                let next = try await sandbox.herald(db: "worker", "--once", "--lease", "10m")
                #expect(next.succeeded, "\(next.summary)")
                #expect(try await sandbox.stats().articles == 6, "\(next.summary)")
                #expect((1...3).allSatisfy { server.requestCount(for: "/slow/\($0).xml") == 2 })
            }
        }

        @Test("three workers share 48 feeds on four hosts, one killed at a random moment: no feed fetched twice at once, every article stored once")
        func workersShareTheQueueAndSurviveAKill() async throws {
            let sandbox = try Sandbox(database: try TestPostgres.freshDatabase())
            let server = try await LocalHTTPServer.start(latency: .milliseconds(300), origins: 4)
            do {
                var list = ""
                for index in 0..<48 {
                    let items = (1...3).map { story in
                        NewsItem(guid: "w\(index)-\(story)", title: "Feed \(index) story \(story)",
                                 link: "https://w\(index).example.net/\(story)",
                                 date: "Wed, 18 Nov 2026 0\(story):00:00 +0000", html: "<p>Story \(story) of feed \(index).</p>")
                    }
                    server.route("/w/\(index).xml", .feed(NewsFeed.rss(title: "Wire \(index)", site: "https://w\(index).example.net/", items: items)))
                    list += server.url("/w/\(index).xml", origin: index) + "\n"
                }
                let imported = try await sandbox.herald(db: "import", "-", stdin: Data(list.utf8))
                #expect(imported.succeeded, "\(imported.summary)")
                let arguments = ["worker", "--db", sandbox.database, "--lease", "2s", "--poll", "0.3s"]
                let workers = try (0..<3).map { _ in try sandbox.start(arguments) }
                try await Task.sleep(for: .milliseconds(Int.random(in: 150...1_200)))
                workers[0].send(SIGKILL)

                var stored = 0
                let deadline = ContinuousClock.now + .seconds(40)
                while ContinuousClock.now < deadline {
                    stored = try await sandbox.stats().articles
                    if stored >= 144 { break }
                    try await Task.sleep(for: .milliseconds(300))
                }
                for worker in workers.dropFirst() { worker.send(SIGINT) }
                for worker in workers.dropFirst() {
                    let result = await worker.finish(timeout: .seconds(20))
                    #expect(result.succeeded, "\(result.summary)")
                }
                _ = await workers[0].finish(timeout: .seconds(5))

                #expect(stored == 144)
                for index in 0..<48 {
                    #expect(server.peakConcurrentRequests(for: "/w/\(index).xml") <= 1, "a feed was fetched twice at once")
                }
                for index in 0..<48 { #expect(server.requestCount(for: "/w/\(index).xml") >= 1) }
                let rows = try await sandbox.listed()
                #expect(rows.count == 144)
                #expect(Set(rows.map(\.title)).count == 144, "every article once")
                #expect(try await sandbox.feeds().allSatisfy { $0.errorCount == 0 })
                try await server.shutdown()
            } catch {
                try? await server.shutdown()
                throw error
            }
        }
    }
}
