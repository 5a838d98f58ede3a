import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `remove`, with and without confirmation.
    @Suite("Removing")
    struct RemoveTests {
        @Test("remove without --yes on a non-terminal refuses; with --yes it unsubscribes and deletes the articles")
        func removeFeed() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                server.route("/market.xml", .feed(NewsFeed.rss(title: "Market Report", site: "https://market.example.net/",
                                                               items: [NewsFeed.harbourItems[2]])))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                #expect(try await sandbox.herald(db: "add", server.url("/market.xml")).succeeded)

                let refused = try await sandbox.herald(db: "remove", "Harbour Gazette", stdin: Data("y\n".utf8))
                #expect(refused.status == 1, "\(refused.summary)")
                #expect(refused.stderr.contains("Run again with --yes"))
                #expect(try await sandbox.feeds().count == 2)

                let removed = try await sandbox.herald(db: "remove", "Harbour Gazette", "--yes")
                #expect(removed.succeeded, "\(removed.summary)")
                #expect(removed.stdout.contains("Removed Harbour Gazette"))
                #expect(try await sandbox.feeds().map(\.title) == ["Market Report"])
                #expect(try await sandbox.listed().map(\.feed) == ["Market Report"])
                #expect(try await sandbox.stats().articles == 1)

                let again = try await sandbox.herald(db: "remove", "Harbour Gazette", "--yes")
                #expect(again.status == 1)
                #expect(again.stderr.contains("No feed matches"))
            }
        }

        @Test("remove on a terminal asks: n keeps the feed, y removes it",
              .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux script for a pseudo-terminal"))
        func removeAsksOnATerminal() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                let command = "\(Locations.herald.path) remove 'Harbour Gazette' --db \(sandbox.database)"
                func answer(_ text: String) async throws -> ProcessResult {
                    try await ChildProcess(executable: URL(fileURLWithPath: "/usr/bin/script"),
                                           arguments: ["-qec", command, "/dev/null"], environment: sandbox.environment,
                                           directory: sandbox.root, stdin: Data(text.utf8),
                                           scratch: sandbox.root.appendingPathComponent("scratch")).finish(timeout: .seconds(20))
                }
                let kept = try await answer("n\n")
                #expect(kept.stdout.contains("Remove “Harbour Gazette”? The feed and all its articles"), "\(kept.summary)")
                #expect(kept.stdout.contains("[y/N] Kept."))
                #expect(try await sandbox.feeds().count == 1)
                let removed = try await answer("y\n")
                #expect(removed.stdout.contains("Removed Harbour Gazette"), "\(removed.summary)")
                #expect(try await sandbox.feeds().isEmpty)
            }
        }
    }
}
