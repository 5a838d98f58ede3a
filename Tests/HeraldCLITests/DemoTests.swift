import Foundation
import Testing

extension CLISuite {
    /// `herald demo` on a fresh HOME: the bundled feeds, no network, a separate database.
    @Suite("Demo")
    struct DemoTests {
        /// The feed files of Fixtures/demo, the way the demo picks them.
        static func demoFiles() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: Locations.fixture("demo").path)
                .filter { ["rss", "atom", "xml", "rdf", "json"].contains(URL(fileURLWithPath: $0).pathExtension) }
        }

        @Test("demo on a fresh HOME subscribes the bundled feeds, lists their articles; a second run adds nothing")
        func demoTwice() async throws {
            let sandbox = try Sandbox()
            let fileCount = try Self.demoFiles().count
            let demoDatabase = sandbox.path("data/herald/demo.db")

            let first = try await sandbox.herald(["demo", "--limit", "40"])
            #expect(first.succeeded, "\(first.summary)")
            let lines = first.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "Demo database: \(demoDatabase)")
            #expect(lines.contains("Imported \(fileCount) feeds"), "\(first.stdout)")
            let stored = try #require(lines.first { $0.hasSuffix(" new articles") })
            let count = try #require(Int(stored.split(separator: " ")[0]))
            #expect(count >= fileCount)
            for feed in ["The Herald Log", "Le Journal du Code", "Новости Новоречинска", "にほんごニュース", "Latency Budget"] {
                #expect(first.stdout.contains(feed), "\(feed) is listed")
            }
            #expect(lines.contains { $0.hasPrefix("Read one: herald show ID --db \(demoDatabase)") })
            #expect(!FileManager.default.fileExists(atPath: sandbox.path("data/herald/herald.db")), "the user's database is untouched")

            let afterFirst = try await sandbox.herald(["stats", "--json", "--db", demoDatabase])
            let statsFirst = try CLIDocuments.decode(CLIDocuments.Stats.self, from: afterFirst)
            #expect(statsFirst.feeds == fileCount && statsFirst.articles == count && statsFirst.failingFeeds == 0)

            // Run outside a checkout, the demo uses the feeds built into the binary, written out once.
            let written = try FileManager.default.contentsOfDirectory(atPath: sandbox.path("data/herald/demo-feeds"))
            #expect(written.count == fileCount)
            for name in written {
                #expect(FileManager.default.contents(atPath: sandbox.path("data/herald/demo-feeds/" + name))
                        == FileManager.default.contents(atPath: Locations.fixture("demo/" + name).path),
                        "\(name): the embedded copy is Fixtures/demo's (run scripts/embed-demo-feeds)")
            }
            let second = try await sandbox.herald(["demo"])
            #expect(second.succeeded, "\(second.summary)")
            #expect(second.stdout.contains("Imported 0 feeds (\(fileCount) already subscribed)"), "\(second.stdout)")
            #expect(second.stdout.contains("No new articles"))
            let afterSecond = try await sandbox.herald(["stats", "--json", "--db", demoDatabase])
            let statsSecond = try CLIDocuments.decode(CLIDocuments.Stats.self, from: afterSecond)
            #expect(statsSecond.feeds == statsFirst.feeds && statsSecond.articles == statsFirst.articles)
            #expect(statsSecond.unread == statsFirst.unread && statsSecond.failingFeeds == 0)
        }

        @Test("list, feeds and search fit the terminal width with Cyrillic, German and Japanese titles")
        func layoutFitsColumns() async throws {
            let sandbox = try Sandbox()
            let database = sandbox.path("work/demo.db")
            #expect(try await sandbox.herald(["demo", "--db", database]).succeeded)
            let narrow = ["COLUMNS": "60"]
            for arguments in [["list", "--limit", "50"], ["feeds"], ["search", "Linux"], ["search", "京都*"]] {
                let result = try await sandbox.herald(arguments + ["--db", database], environment: narrow)
                #expect(result.succeeded, "\(arguments): \(result.summary)")
                for line in result.stdout.split(separator: "\n").map(String.init) {
                    #expect(DisplayColumns.of(line) <= 60, "\(arguments): \(line)")
                }
            }
            let japanese = try await sandbox.herald(["search", "京都*", "--json", "--db", database])
            let kyoto = try CLIDocuments.decode([CLIDocuments.Hit].self, from: japanese)
            #expect(!kyoto.isEmpty && kyoto.allSatisfy { $0.article.feed == "にほんごニュース" }, "\(kyoto)")
        }

        @Test("a Japanese word inside a title is found by search")
        func japaneseWordSearch() async throws {
            let sandbox = try Sandbox()
            let database = sandbox.path("work/demo.db")
            #expect(try await sandbox.herald(["demo", "--db", database]).succeeded)
            let result = try await sandbox.herald(["search", "紅葉", "--json", "--db", database])
            let hits = try CLIDocuments.decode([CLIDocuments.Hit].self, from: result)
            #expect(hits.contains { $0.article.title.contains("京都の紅葉") })
        }

        @Test("demo with a folder that has no feeds fails clearly")
        func demoWithoutFeeds() async throws {
            let sandbox = try Sandbox()
            let empty = sandbox.path("work/empty")
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            let result = try await sandbox.herald(["demo", "--feeds", empty])
            #expect(result.status != 0, "\(result.summary)")
            #expect(result.status == 1, "\(result.summary)")
            #expect(result.stderr.hasPrefix("herald: No feed files"), "\(result.summary)")
        }
    }
}
