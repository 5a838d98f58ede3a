import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// Several `herald` processes on one database at the same time, as a cron refresh and a reader would.
    @Suite("Concurrent processes")
    struct ConcurrentProcessTests {
        @Test("two refreshes and a reader at once: no lock errors, every article stored exactly once")
        func twoRefreshesAndAReader() async throws {
            let sandbox = try Sandbox()
            try await withServer(latency: .milliseconds(20)) { (server) async throws in
                var list = ""
                for index in 1...6 {
                    server.route("/feeds/\(index).xml", .feed(NewsFeed.rss(
                        title: "Quay \(index)", site: "https://quay\(index).example.net/", items: NewsFeed.harbourItems)))
                    list += server.url("/feeds/\(index).xml") + " quays\n"
                }
                #expect(try await sandbox.herald(db: "import", "-", stdin: Data(list.utf8)).succeeded)
                // Each request takes a second from now on, so the two refreshes overlap even when a
                // loaded machine starts the second a few hundred milliseconds after the first (a
                // refresh started after the other ended is rightly granted every feed again).
                server.setLatency(.seconds(1))

                let processes = try [
                    sandbox.start(["refresh", "--all", "--db", sandbox.database]),
                    sandbox.start(["refresh", "--all", "--db", sandbox.database]),
                    sandbox.start(["list", "--db", sandbox.database]),
                    sandbox.start(["stats", "--db", sandbox.database]),
                ]
                var results: [ProcessResult] = []
                for process in processes { results.append(await process.finish(timeout: .seconds(30))) }
                for result in results {
                    #expect(result.succeeded, "\(result.summary)")
                    #expect(!result.stderr.lowercased().contains("locked"), "\(result.stderr)")
                }
                let stored = [results[0].stdout, results[1].stdout].compactMap { output in
                    // "18 new articles", "No new articles", or "…; 6 feeds skipped (…)" when the other
                    // refresh had just fetched them.
                    output.split(separator: "\n").first { $0.contains("new articles") || $0.hasPrefix("No new articles") }
                }
                #expect(stored.count == 2, "both refreshes report: \(stored)")
                let rows = try await sandbox.listed()
                #expect(rows.count == 18)
                #expect(Set(rows.map { "\($0.feed)/\($0.title)" }).count == 18, "no duplicates")
                #expect(try await sandbox.feeds().allSatisfy { $0.errorCount == 0 })
                for index in 1...6 { #expect(server.requestCount(for: "/feeds/\(index).xml") == 1, "each feed requested once") }
            }
        }
    }
}
