import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// What `refresh` and `feeds` tell the user about feeds that go away, turn into web pages, or are
    /// compressed; and the retention policy `refresh` applies.
    @Suite("Feed health and retention")
    struct FeedHealthTests {
        @Test("a feed answering 410 Gone is flagged gone by feeds and feeds --json")
        func goneFeed() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                server.route("/gazette.xml", .error(410))
                #expect(try await sandbox.herald(db: "refresh", "--all").exitedNormally)
                let feed = try #require(try await sandbox.feeds().first)
                #expect(feed.gone)
                let text = try await sandbox.herald(db: "feeds")
                #expect(text.stdout.contains("✗ "), "\(text.stdout)")
                let due = try await sandbox.herald(db: "refresh")
                #expect(due.succeeded)
                #expect(server.requestCount(for: "/gazette.xml") == 2, "a gone feed is not polled by a due refresh")
                #expect(try await sandbox.listed().count == 3, "its articles stay")
            }
        }

        @Test("a feed URL that starts serving an HTML page is shown failing, not silently empty")
        func feedTurnedIntoPage() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                server.route("/gazette.xml", .feed(String(decoding: try Locations.fixtureData("feeds/html-page.html"), as: UTF8.self),
                                                   contentType: "text/html; charset=utf-8"))
                let refreshed = try await sandbox.herald(db: "refresh", "--all")
                #expect(refreshed.stdout.contains("1 feed failed"), "\(refreshed.summary)")
                let feed = try #require(try await sandbox.feeds().first)
                #expect(feed.errorCount == 1)
                #expect(feed.lastError?.contains("HTML") == true, "\(feed.lastError ?? "no error")")
            }
        }

        @Test("a 503 with Retry-After: the feed is retried no sooner than the server asked")
        func retryAfterHonoured() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                server.route("/gazette.xml", .error(503, retryAfter: "7200"))
                let before = Date()
                #expect(try await sandbox.herald(db: "refresh", "--all").exitedNormally)
                let feed = try #require(try await sandbox.feeds().first)
                #expect(feed.errorCount == 1)
                let due = try #require(feed.nextDue)
                #expect(due.timeIntervalSince(before) >= 7200 - 2, "next due \(due)")
                #expect(try await sandbox.herald(db: "refresh").succeeded)
                #expect(server.requestCount(for: "/gazette.xml") == 2, "a due refresh leaves it alone")
            }
        }

        @Test("a gzip-encoded feed is subscribed and read")
        func gzipFeed() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", CannedResponse.feed(NewsFeed.harbour).encoded(.gzip))
                let added = try await sandbox.herald(db: "add", server.url("/gazette.xml"))
                #expect(added.succeeded, "\(added.summary)")
                #expect(server.lastRequest(for: "/gazette.xml")?.header("Accept-Encoding")?.contains("gzip") == true)
                #expect(try await sandbox.listed().map(\.title) == NewsFeed.harbourItems.map(\.title))
            }
        }

        @Test("refresh applies keep-articles from the config file and never removes starred articles")
        func retentionKeepsStarred() async throws {
            let sandbox = try Sandbox()
            try sandbox.write(Data("keep-articles = 1\n".utf8), to: "config/herald/config")
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                let rows = try await sandbox.listed()
                let oldest = try #require(rows.last)
                #expect(try await sandbox.herald(db: "mark", "star", String(oldest.id)).succeeded)
                let refreshed = try await sandbox.herald(db: "refresh", "--all")
                #expect(refreshed.stdout.contains("1 old article removed by the retention policy"), "\(refreshed.summary)")
                #expect(try await sandbox.listed().map(\.id) == [rows[0].id, oldest.id])
            }
        }

        @Test("add of a feed already subscribed changes nothing")
        func addTwice() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                let again = try await sandbox.herald(db: "add", server.url("/gazette.xml"), "--tag", "other")
                #expect(again.succeeded)
                #expect(again.stdout.contains("Already subscribed to Harbour Gazette"), "\(again.stdout)")
                #expect(try await sandbox.feeds().map(\.tags) == [[]])
                #expect(server.requestCount(for: "/gazette.xml") == 1)
            }
        }
    }
}
