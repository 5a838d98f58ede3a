import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// Ctrl-C during `refresh`: a clean stop that keeps every feed already stored.
    @Suite("Interrupting a refresh")
    struct InterruptTests {
        @Test("SIGINT after the fast feeds are stored stops the refresh cleanly; their articles stay, the database is sound")
        func interruptKeepsStoredFeeds() async throws {
            let sandbox = try Sandbox()
            try sandbox.write(Data("refresh-per-host = 8\n".utf8), to: "config/herald/config")
            try await withServer { (server) async throws in
                try await Self.subscribeFastAndSlow(sandbox, server)
                let started = ContinuousClock.now
                let refresh = try sandbox.start(["refresh", "--all", "--db", sandbox.database])
                // A second process reads the same database while the refresh writes (WAL).
                #expect(try await Self.waitForArticles(6, in: sandbox), "the two fast feeds are stored before Ctrl-C")
                #expect((1...3).allSatisfy { server.requestCount(for: "/slow/\($0).xml") == 1 }, "the slow feeds are in flight")
                refresh.send(SIGINT)
                let result = await refresh.finish(timeout: .seconds(10))
                #expect(ContinuousClock.now - started < .seconds(20), "no waiting for the slow feeds")
                #expect(result.exitedNormally && result.status == 0, "\(result.summary)")
                #expect(result.stderr.contains("Refresh stopped; every feed fetched before Ctrl-C is stored."))
                #expect((result.stdout + result.stderr).contains("Refresh cancelled: 6 new articles"),
                        "the cancel went through the refresh port and its summary: \(result.summary)")

                let rows = try await sandbox.listed()
                #expect(Set(rows.map(\.feed)) == ["Fast 1", "Fast 2"])
                #expect(rows.count == 6)
                let stats = try await sandbox.stats()
                #expect(stats.articles == 6 && stats.feeds == 5)
                #expect(try await sandbox.feeds().allSatisfy { $0.errorCount == 0 }, "cancelled feeds are not failures")
                #expect(try await Self.integrity(of: sandbox) == "ok\n")
                // The stop is not a problem of the run: the ledger calls it cut short are not failures.
                let log = try await sandbox.herald(["log"])
                #expect(log.status == 0 && !log.stdout.contains("ledger"), "\(log.stdout)\(log.stderr)")
            }
        }

        @Test("SIGINT after the fast feeds are stored: the config's block rule still hides what they brought, and the hook does not run")
        func interruptStillAppliesTheRules() async throws {
            let sandbox = try Sandbox()
            let hookRan = sandbox.path("scratch/hook-ran")
            try sandbox.write(Data("""
                refresh-per-host = 8
                rule block * title:foghorn
                on-new-articles = /usr/bin/touch \(hookRan)

                """.utf8), to: "config/herald/config")
            try await withServer { (server) async throws in
                try await Self.subscribeFastAndSlow(sandbox, server)
                let refresh = try sandbox.start(["refresh", "--all", "--db", sandbox.database])
                #expect(try await Self.waitForArticles(6, in: sandbox), "the two fast feeds are stored before Ctrl-C")
                refresh.send(SIGINT)
                let result = await refresh.finish(timeout: .seconds(10))
                #expect(result.exitedNormally && result.status == 0, "\(result.summary)")
                let shown = try await sandbox.listed()
                #expect(shown.count == 4 && !shown.contains { $0.title.contains("foghorn") },
                        "the foghorn stories of both fast feeds are hidden: \(shown.map(\.title))")
                let hidden = try await sandbox.listed("--hidden")
                #expect(hidden.count == 2 && hidden.allSatisfy { $0.title.contains("foghorn") }, "\(hidden.map(\.title))")
                #expect(!FileManager.default.fileExists(atPath: hookRan), "Ctrl-C does not wait for the hook")
            }
        }

        @Test("kill -9 after the fast feeds are stored leaves a sound database with those feeds intact")
        func killKeepsCommittedFeeds() async throws {
            let sandbox = try Sandbox()
            try sandbox.write(Data("refresh-per-host = 8\n".utf8), to: "config/herald/config")
            try await withServer { (server) async throws in
                try await Self.subscribeFastAndSlow(sandbox, server)
                let refresh = try sandbox.start(["refresh", "--all", "--db", sandbox.database])
                #expect(try await Self.waitForArticles(6, in: sandbox))
                refresh.send(SIGKILL)
                let result = await refresh.finish(timeout: .seconds(10))
                #expect(!result.exitedNormally && result.status == SIGKILL)
                #expect(try await sandbox.listed().count == 6)
                #expect(try await Self.integrity(of: sandbox) == "ok\n")
                for index in 1...3 { server.route("/slow/\(index).xml", .feed(NewsFeed.harbour)) }
                let again = try await sandbox.herald(db: "refresh", "--all")
                #expect(again.succeeded, "the next refresh works: \(again.summary)")
                #expect(try await sandbox.stats().articles == 15)
            }
        }

        /// Two fast feeds (3 articles each) and three that answer only after 30 s, subscribed by import.
        static func subscribeFastAndSlow(_ sandbox: Sandbox, _ server: LocalHTTPServer) async throws {
            var list = ""
            for index in 1...2 {
                server.route("/fast/\(index).xml", .feed(NewsFeed.rss(
                    title: "Fast \(index)", site: "https://fast\(index).example.net/", items: NewsFeed.harbourItems)))
                list += server.url("/fast/\(index).xml") + " fast\n"
            }
            for index in 1...3 {
                server.route("/slow/\(index).xml", CannedResponse.feed(NewsFeed.harbour).delayed(by: .seconds(30)))
                list += server.url("/slow/\(index).xml") + " slow\n"
            }
            let imported = try await sandbox.herald(db: "import", "-", stdin: Data(list.utf8))
            guard imported.succeeded else { throw CLIFailure(imported) }
        }

        /// Polls `stats` from a second process until `count` articles are stored (at most 15 s).
        static func waitForArticles(_ count: Int, in sandbox: Sandbox) async throws -> Bool {
            let started = ContinuousClock.now
            while ContinuousClock.now - started < .seconds(15) {
                if try await sandbox.stats().articles >= count { return true }
                try await Task.sleep(for: .milliseconds(50))
            }
            return false
        }

        /// `PRAGMA integrity_check` through the sqlite3 shell ("ok\n" when sound; "ok\n" is assumed
        /// when the shell is missing, since `stats` and `list` already opened the file).
        static func integrity(of sandbox: Sandbox) async throws -> String {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { return "ok\n" }
            let check = try ChildProcess(executable: URL(fileURLWithPath: "/usr/bin/sqlite3"),
                                         arguments: [sandbox.database, "PRAGMA integrity_check;"],
                                         environment: sandbox.environment, directory: sandbox.root,
                                         stdin: nil, scratch: sandbox.root.appendingPathComponent("scratch"))
            return await check.finish(timeout: .seconds(10)).stdout
        }
    }
}
