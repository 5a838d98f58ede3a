import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `on-new-articles` (newsboat's `notify-program`) with real scripts and real refreshes.
    @Suite("The on-new-articles hook")
    struct RefreshHookTests {
        static func item(_ number: Int, server: LocalHTTPServer) -> NewsItem {
            NewsItem(guid: "n-\(number)", title: "Notice \(number)", link: server.url("/n/\(number)"),
                     date: "Fri, 30 Oct 2026 07:\(10 + number):00 +0000", html: "<p>Notice \(number).</p>")
        }

        @Test("A refresh that stored new articles runs the command without a shell, the counts as arguments and environment; one that stored none does not")
        func runsWithCounts() async throws {
            let sandbox = try Sandbox()
            let record = sandbox.path("scratch/hook-ran")
            let script = try sandbox.write(Data("""
                #!/bin/sh
                printf '%s|' "$@" > '\(record)'
                printf '%s|%s|%s|%s' "$HERALD_NEW_ARTICLES" "$HERALD_UPDATED_FEEDS" "$HERALD_FAILED_FEEDS" "${SECRET:-clean}" >> '\(record)'
                """.utf8), to: "scratch/notify")
            chmod(script, 0o755)
            _ = try sandbox.write(Data("on-new-articles = '\(script)' \"two words\" $HOME\n".utf8), to: "config/herald/config")
            try await withServer { server in
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Notices", site: server.url("/"),
                                                             items: [Self.item(1, server: server)])))
                #expect(try await sandbox.herald(db: "add", server.url("/feed.xml")).succeeded)
                #expect(!FileManager.default.fileExists(atPath: record), "subscribing is not a refresh")
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Notices", site: server.url("/"),
                                                             items: (1...3).map { Self.item($0, server: server) })))
                let refreshed = try await sandbox.herald(db: "refresh", "--all", environment: ["SECRET": "leaked"])
                #expect(refreshed.succeeded, "\(refreshed.summary)")
                let ran = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
                #expect(ran == "two words|$HOME|2|1|2|1|0|clean", "\(ran)")
                try FileManager.default.removeItem(atPath: record)
                #expect(try await sandbox.herald(db: "refresh", "--all").succeeded)
                #expect(!FileManager.default.fileExists(atPath: record), "no new articles, no hook")
            }
        }

        @Test("A command that hangs is stopped at its time limit, the refresh ends, and the refresh log says so")
        func hangingCommandIsStopped() async throws {
            let sandbox = try Sandbox()
            let script = try sandbox.write(Data("#!/bin/sh\nsleep 120\n".utf8), to: "scratch/hang")
            chmod(script, 0o755)
            _ = try sandbox.write(Data("on-new-articles = \(script)\non-new-articles-timeout = 1s\n".utf8),
                                  to: "config/herald/config")
            try await withServer { server in
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Notices", site: server.url("/"),
                                                             items: [Self.item(1, server: server)])))
                #expect(try await sandbox.herald(db: "add", server.url("/feed.xml")).succeeded)
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Notices", site: server.url("/"),
                                                             items: (1...2).map { Self.item($0, server: server) })))
                let started = ContinuousClock.now
                let refreshed = try await sandbox.herald(db: "refresh", "--all")
                #expect(refreshed.succeeded, "\(refreshed.summary)")
                #expect(ContinuousClock.now - started < .seconds(60), "not the script's 120 s")
                let log = try await sandbox.herald(["log"])
                #expect(log.stdout.contains("on-new-articles") && log.stdout.contains("stopped after 1 s"), "\(log.summary)")
            }
        }

        @Test("A command Herald cannot find is a line in the refresh log, not a failed refresh; a bad line is a config error")
        func missingCommand() async throws {
            let sandbox = try Sandbox()
            _ = try sandbox.write(Data("on-new-articles = no-such-notifier --loud\n".utf8), to: "config/herald/config")
            try await withServer { server in
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Notices", site: server.url("/"),
                                                             items: [Self.item(1, server: server)])))
                #expect(try await sandbox.herald(db: "add", server.url("/feed.xml")).succeeded)
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Notices", site: server.url("/"),
                                                             items: (1...2).map { Self.item($0, server: server) })))
                #expect(try await sandbox.herald(db: "refresh", "--all").succeeded)
                let log = try await sandbox.herald(["log"])
                #expect(log.stdout.contains("no-such-notifier"), "\(log.summary)")
            }
            _ = try sandbox.write(Data("on-new-articles = notify \"unclosed\n".utf8), to: "config/herald/config")
            let refused = try await sandbox.herald(db: "stats")
            #expect(!refused.succeeded && refused.stderr.contains("unclosed quote"), "\(refused.summary)")
        }
    }
}
