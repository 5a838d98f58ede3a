import Foundation
import GRDBSQLite
import Testing

extension CLISuite {
    /// A newsboat user moves in: the real newsboat 2.21 builds its cache.db from the test server,
    /// articles are marked read through newsboat (`-I`) and flagged in its cache, then
    /// `herald import --from newsboat` takes feeds, tags, read state and flags, and Herald's own
    /// refresh of the same feeds afterwards changes none of it.
    @Suite("herald import --from newsboat")
    struct NewsboatImportTests {
        /// A feed whose items have no guid: one with a link and a date (newsboat keys it by both),
        /// one with a link only.
        static func cityFeed() -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>City</title><link>https://city.example/</link><description>City news</description>
            <item><title>Tram line opens</title><link>https://city.example/tram</link><pubDate>Thu, 12 Nov 2026 09:00:00 +0000</pubDate>
              <description>The new tram line opened.</description></item>
            <item><title>Library hours</title><link>https://city.example/library</link>
              <description>The library opens later.</description></item>
            </channel></rss>
            """
        }

        /// The user's `exec:` script: a feed on its standard output.
        static let weatherScript = """
            #!/bin/sh
            cat <<'FEED'
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Weather</title><link>https://weather.example/</link><description>Local weather</description>
            <item><guid>w-1</guid><title>Sunny all day</title><link>https://weather.example/today</link>
              <pubDate>Fri, 13 Nov 2026 06:00:00 +0000</pubDate><description>Sun.</description></item>
            </channel></rss>
            FEED

            """

        @Test("feeds, tags, titles, read state and flags come over; a refresh in Herald keeps them; twice adds nothing")
        func movingIn() async throws {
            guard let newsboat = NewsboatSyncTests.newsboat() else { return }
            let sandbox = try Sandbox()
            try await withServer { server in
                let harbour = (1...3).map { index in
                    NewsItem(guid: "h-\(index)", title: "Harbour news \(index)", link: "https://harbour.example/\(index)",
                             date: "Wed, \(10 + index) Nov 2026 08:00:00 +0000", html: "<p>Harbour story \(index).</p>")
                }
                server.route("/harbour.xml", .feed(NewsFeed.rss(title: "Harbour", site: "https://harbour.example/", items: harbour)))
                server.route("/city.xml", .feed(Self.cityFeed()))
                let urls = """
                    # my feeds
                    \(server.url("/harbour.xml")) local "~Harbour Desk"
                    \(server.url("/city.xml")) local town
                    "query:Harbour headlines:title =~ \\"Harbour\\" and unread = \\"yes\\""
                    "query:Everything new:unread = \\"yes\\""
                    "query:Old:age > 30"
                    "exec:~/bin/weather-feed"
                    """
                let urlsPath = try sandbox.write(Data((urls + "\n").utf8), to: "home/.newsboat/urls")
                // The exec: source is a script of the user's: newsboat runs it, then Herald does.
                let script = try sandbox.write(Data(Self.weatherScript.utf8), to: "home/bin/weather-feed")
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
                let newsboatConfig = """
                    # newsboat's own settings
                    bind-key ^D pagedown
                    bind-key x open-search articlelist
                    bind-key X select-tag feedlist
                    bind-key E edit-urls feedlist
                    ignore-article "*" "title =~ \\"Sponsored\\""
                    notify-program "~/bin/notify"

                    """
                let configPath = try sandbox.write(Data(newsboatConfig.utf8), to: "home/.newsboat/config")
                let cachePath = sandbox.path("home/.newsboat/cache.db")

                func newsboatRun(_ arguments: [String]) async throws {
                    let child = try ChildProcess(executable: newsboat,
                                                 arguments: ["-C", configPath, "-u", urlsPath, "-c", cachePath] + arguments,
                                                 environment: sandbox.environment, directory: sandbox.root,
                                                 stdin: nil, scratch: sandbox.root.appendingPathComponent("scratch"))
                    let result = await child.finish(timeout: .seconds(60))
                    #expect(result.succeeded, "newsboat failed: \(result.summary)")
                }
                try await newsboatRun(["-x", "reload"])
                // Read in newsboat: two harbour stories and the dated city story (keyed by link and date).
                let read = ["h-1", "h-3", "https://city.example/tramThu, 12 Nov 2026 09:00:00 +0000"]
                let readList = try sandbox.write(Data((read.joined(separator: "\n") + "\n").utf8), to: "scratch/read.txt")
                try await newsboatRun(["-I", readList])
                // Flagged in newsboat (its flags live in the cache): `s` is starred, `x` is not.
                try Self.execute(cachePath, "UPDATE rss_item SET flags = 's' WHERE guid = 'h-2'")
                try Self.execute(cachePath, "UPDATE rss_item SET flags = 'x' WHERE guid = 'h-3'")
                // Deleted in newsboat (`delete-read-articles-on-quit`): it stays in the cache while the
                // feed carries it, so that it does not come back.
                try Self.execute(cachePath, "UPDATE rss_item SET deleted = 1 WHERE guid = 'h-1'")
                #expect(server.requestCount(for: "/harbour.xml") == 1)

                let imported = try await sandbox.herald(db: "import", "--from", "newsboat")
                #expect(imported.succeeded, "\(imported.summary)")
                #expect(imported.stdout.contains("Subscriptions: 3 added, 0 already there."), "\(imported.stdout)")
                #expect(imported.stdout.contains("Articles from newsboat's cache: 6 (3 marked read, 1 starred, 1 deleted in newsboat kept hidden)."), "\(imported.stdout)")
                #expect(imported.stdout.contains("Script sources added"), "\(imported.stdout)")
                // newsboat's key bindings the reader has go to Herald's config; the others are listed.
                #expect(imported.stdout.contains("Key bindings added to"), "\(imported.stdout)")
                #expect(imported.stdout.contains("  bind-key ^D pagedown\n  bind-key x search articlelist\n  bind-key X select-tag feedlist"),
                        "\(imported.stdout)")
                #expect(imported.stdout.contains("bind-key E edit-urls feedlist (`edit-urls` is not an action"),
                        "\(imported.stdout)")
                // newsboat's ignore-article line is a block rule in Herald's config, applied at once.
                #expect(imported.stdout.contains("Rules added to"), "\(imported.stdout)")
                #expect(imported.stdout.contains("  rule block * title:Sponsored\n"), "\(imported.stdout)")
                #expect(imported.stdout.contains("The rules changed nothing."), "\(imported.stdout)")
                #expect(imported.stdout.contains("notify-program"), "\(imported.stdout)")
                let heraldConfig = (try? String(contentsOfFile: sandbox.path("config/herald/config"), encoding: .utf8)) ?? ""
                #expect(heraldConfig.contains("# From newsboat's config"), "\(heraldConfig)")
                #expect(heraldConfig.contains("bind-key ^D pagedown\nbind-key x search articlelist\n"), "\(heraldConfig)")
                #expect(heraldConfig.contains("\nrule block * title:Sponsored\n"), "\(heraldConfig)")
                #expect(imported.stdout.contains("Harbour headlines: title:Harbour"), "\(imported.stdout)")
                #expect(imported.stdout.contains("Old (age > 30): age > has no Herald equivalent"), "\(imported.stdout)")
                #expect(imported.stdout.contains("exec:~/bin/weather-feed"), "\(imported.stdout)")
                // Nothing was fetched by the import: the articles came from newsboat's cache.
                #expect(server.requestCount(for: "/harbour.xml") == 1)

                let before = try await Self.articles(sandbox)
                #expect(before.count == 5, "the deleted article is hidden")
                #expect(before.filter { !($0["read"] as? Bool ?? true) }.map { $0["title"] as? String ?? "" }.sorted()
                        == ["Harbour news 2", "Library hours", "Sunny all day"])
                #expect(before.filter { $0["starred"] as? Bool ?? false }.map { $0["title"] as? String ?? "" } == ["Harbour news 2"])
                let feeds = try await sandbox.herald(db: "feeds", "--json")
                #expect(feeds.stdout.contains("Harbour Desk"), "\(feeds.stdout)")
                #expect(feeds.stdout.contains("\"town\""), "\(feeds.stdout)")

                // Herald fetches the same feeds itself: nothing is added twice, nothing turns unread.
                let refresh = try await sandbox.herald(db: "refresh", "--all")
                #expect(refresh.succeeded, "\(refresh.summary)")
                let after = try await Self.articles(sandbox)
                #expect(after.count == 5, "the deleted article did not come back: \(after.map { $0["title"] ?? "" })")
                #expect(after.filter { !($0["read"] as? Bool ?? true) }.count == 3)
                let listed = try await sandbox.herald(db: "feeds")
                #expect(listed.stdout.contains("Weather"), "\(listed.stdout)")
                #expect(!listed.stdout.contains("The command"), "the script feed refreshed: \(listed.stdout)")

                // A second import adds nothing.
                let again = try await sandbox.herald(db: "import", "--from", "newsboat")
                #expect(again.stdout.contains("Subscriptions: 0 added, 3 already there."), "\(again.stdout)")
                #expect(!again.stdout.contains("Key bindings added"), "nothing added twice: \(again.stdout)")
                #expect(!again.stdout.contains("Rules added"), "nothing added twice: \(again.stdout)")
                let configAgain = (try? String(contentsOfFile: sandbox.path("config/herald/config"), encoding: .utf8)) ?? ""
                #expect(configAgain == heraldConfig)
                #expect(again.stdout.contains("(0 marked read, 0 starred)"), "\(again.stdout)")
                #expect(try await Self.articles(sandbox).count == 5)
                let searches = try await sandbox.herald(db: "search", "Harbour", "--json")
                #expect(searches.succeeded, "\(searches.summary)")
            }
        }

        @Test("no newsboat folder is a clear error")
        func noFolder() async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(db: "import", "--from", "newsboat")
            #expect(!result.succeeded)
            #expect(result.stderr.contains("No newsboat urls file in"), "\(result.stderr)")
            #expect(result.stderr.contains("herald import --from newsboat DIR"), "\(result.stderr)")
        }

        static func articles(_ sandbox: Sandbox) async throws -> [[String: Any]] {
            let listed = try await sandbox.herald(db: "list", "--json", "--limit", "100")
            let json = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [String: Any])
            return try #require(json["articles"] as? [[String: Any]])
        }

        /// Runs one statement on a SQLite file (newsboat's cache, as newsboat would change it).
        static func execute(_ path: String, _ sql: String) throws {
            var handle: OpaquePointer?
            guard sqlite3_open(path, &handle) == SQLITE_OK, let database = handle else {
                throw CLIFailureForTests("cannot open \(path)")
            }
            defer { sqlite3_close(database) }
            guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK, sqlite3_changes(database) == 1 else {
                throw CLIFailureForTests("\(sql): \(String(cString: sqlite3_errmsg(database)))")
            }
        }
    }
}

/// A failure of a test's own setup step.
struct CLIFailureForTests: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
