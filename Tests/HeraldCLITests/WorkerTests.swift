import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `herald worker` through the engine's worker use case: its failures and totals come from the
    /// Container, worded by the presenter, like every other refresh's.
    @Suite("herald worker")
    struct WorkerTests {
        @Test("--once refreshes what is due, prints each failing feed on standard error and the pass's totals on standard output")
        func onePass() async throws {
            let sandbox = try Sandbox()
            try await withServer { server in
                let items = (1...2).map { index in
                    NewsItem(guid: "w-\(index)", title: "Working \(index)", link: server.url("/w/\(index)"),
                             date: "Fri, 20 Nov 2026 0\(index):00:00 +0000", html: "<p>Story \(index).</p>")
                }
                server.route("/working.xml", .feed(NewsFeed.rss(title: "Working", site: server.url("/"), items: items)))
                server.route("/broken.xml", .error(500))
                let list = server.url("/working.xml") + " \"~Working\"\n" + server.url("/broken.xml") + " \"~Broken\"\n"
                #expect(try await sandbox.herald(db: "import", "-", stdin: Data(list.utf8)).succeeded)
                let pass = try await sandbox.herald(db: "worker", "--once")
                #expect(pass.succeeded, "\(pass.summary)")
                #expect(pass.stdout.contains("2 feeds: 1 stored (2 new articles), 0 unchanged, 1 failed, 0 skipped"), "\(pass.summary)")
                #expect(pass.stderr.contains("Broken: The server answered with an error (500)"), "\(pass.summary)")
                let idle = try await sandbox.herald(db: "worker", "--once")
                #expect(idle.stdout.isEmpty, "nothing due, nothing said: \(idle.summary)")
                #expect(server.requestCount(for: "/working.xml") == 1)
            }
        }
    }
}
