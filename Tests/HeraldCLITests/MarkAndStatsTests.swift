import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `mark` and `stats` on a real database file.
    @Suite("Marking and statistics")
    struct MarkAndStatsTests {
        @Test("mark read, unread, star, unstar, read --feed and read --all change the counts stats reports")
        func markAndCount() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                var stats = try await sandbox.stats()
                #expect(stats.feeds == 1 && stats.articles == 3 && stats.unread == 3 && stats.starred == 0 && stats.failingFeeds == 0)
                #expect(stats.databaseBytes > 0)
                let ids = try await sandbox.listed().map { String($0.id) }

                let read = try await sandbox.herald(db: "mark", "read", ids[0], ids[1])
                #expect(read.stdout == "Marked 2 articles read\n", "\(read.summary)")
                let star = try await sandbox.herald(db: "mark", "star", ids[2])
                #expect(star.stdout == "Starred 1 article\n")
                stats = try await sandbox.stats()
                #expect(stats.unread == 1 && stats.starred == 1)
                #expect(try await sandbox.listed("--starred").map { String($0.id) } == [ids[2]])
                #expect(try await sandbox.listed("--unread").map { String($0.id) } == [ids[2]])

                #expect(try await sandbox.herald(db: "mark", "unread", ids[0]).stdout == "Marked 1 article unread\n")
                #expect(try await sandbox.herald(db: "mark", "unstar", ids[2]).stdout == "Unstarred 1 article\n")
                stats = try await sandbox.stats()
                #expect(stats.unread == 2 && stats.starred == 0)

                let byFeed = try await sandbox.herald(db: "mark", "read", "--feed", "Harbour Gazette")
                #expect(byFeed.stdout == "Marked 2 articles read\n", "\(byFeed.summary)")
                #expect(try await sandbox.stats().unread == 0)
                #expect(try await sandbox.herald(db: "mark", "unread", ids[0], ids[1], ids[2]).succeeded)
                let all = try await sandbox.herald(db: "mark", "read", "--all")
                #expect(all.stdout == "Marked 3 articles read\n")
                #expect(try await sandbox.listed("--unread").isEmpty)

                let text = try await sandbox.herald(db: "stats")
                let lines = text.stdout.split(separator: "\n").map(String.init)
                #expect(lines.first == "Database:  " + sandbox.database)
                #expect(lines.contains("Feeds:     1") && lines.contains("Articles:  3") && lines.contains("Unread:    0"))
                #expect(lines.contains { $0.hasPrefix("Size:      ") && $0.hasSuffix("KB") })
            }
        }

        @Test("mark refuses unknown ids and contradictory targets")
        func markErrors() async throws {
            let sandbox = try Sandbox()
            let unknown = try await sandbox.herald(db: "mark", "star", "999")
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains("There is no article 999"), "\(unknown.summary)")
            let mixed = try await sandbox.herald(db: "mark", "star", "--all")
            #expect(mixed.status == 64, "a usage error")
            #expect(mixed.stderr.contains("--feed and --all only work with `mark read`"))
            let nothing = try await sandbox.herald(db: "mark", "read")
            #expect(nothing.status == 64)
        }
    }
}
