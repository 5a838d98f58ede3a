import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `refresh` against a real local server: validators, failures and permanent redirects.
    @Suite("Refreshing")
    struct RefreshTests {
        @Test("refresh sends the stored ETag: the server answers 304 and nothing new is stored")
        func conditionalRefresh() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour, etag: "\"gazette-v1\""))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                #expect(server.lastRequest(for: "/gazette.xml")?.header("If-None-Match") == nil)
                let before = try await sandbox.listed()

                for round in 1...2 {
                    let refreshed = try await sandbox.herald(db: "refresh", "--all")
                    #expect(refreshed.succeeded, "\(refreshed.summary)")
                    #expect(refreshed.stdout.contains("No new articles"), "round \(round): \(refreshed.stdout)")
                    #expect(server.lastRequest(for: "/gazette.xml")?.header("If-None-Match") == "\"gazette-v1\"")
                }
                #expect(server.requestCount(for: "/gazette.xml") == 3)
                #expect(try await sandbox.listed() == before)
                let feed = try #require(try await sandbox.feeds().first)
                #expect(feed.errorCount == 0 && feed.lastError == nil && feed.lastSuccess != nil)
            }
        }

        @Test("refresh stores new items once the feed changes, and only those")
        func refreshAddsNewItems() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                let older = Array(NewsFeed.harbourItems.dropFirst())
                server.route("/gazette.xml", .feed(NewsFeed.rss(title: "Harbour Gazette", site: "https://harbour.example.net/",
                                                                items: older), etag: "\"v1\""))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                #expect(try await sandbox.listed().count == 2)
                server.route("/gazette.xml", .feed(NewsFeed.harbour, etag: "\"v2\""))
                let refreshed = try await sandbox.herald(db: "refresh", "--all")
                #expect(refreshed.stdout.contains("1 new article"), "\(refreshed.summary)")
                let titles = try await sandbox.listed().map(\.title)
                #expect(titles == NewsFeed.harbourItems.map(\.title))
            }
        }

        @Test("a feed whose server answers 500 is shown failing with its error by feeds")
        func failingFeedIsVisible() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                server.route("/gazette.xml", .error(500))
                let refreshed = try await sandbox.herald(db: "refresh", "--all")
                #expect(refreshed.exitedNormally, "\(refreshed.summary)")
                #expect(refreshed.stdout.contains("1 feed failed"), "\(refreshed.stdout)")

                let feeds = try await sandbox.herald(db: "feeds")
                let lines = feeds.stdout.split(separator: "\n").map(String.init)
                let row = try #require(lines.firstIndex { $0.contains("Harbour Gazette") }, "\(feeds.stdout)")
                #expect(lines.count > row + 2)
                #expect(lines[row + 1].trimmingCharacters(in: .whitespaces).hasPrefix("! "), "\(feeds.stdout)")
                #expect(lines[row + 1].contains("500"), "\(feeds.stdout)")
                #expect(lines[row + 2].contains("retry"), "\(feeds.stdout)")

                let feed = try #require(try await sandbox.feeds().first)
                #expect(feed.errorCount == 1)
                #expect(feed.lastError?.contains("500") == true)
                #expect(feed.nextDue != nil)
                #expect(try await sandbox.listed().count == 3, "stored articles stay")
                #expect(try await sandbox.stats().failingFeeds == 1)
            }
        }

        @Test("a 301 seen on two consecutive refreshes moves the feed; articles and read state stay")
        func permanentRedirectMovesFeed() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/old/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/old/gazette.xml")).succeeded)
                let articles = try await sandbox.listed()
                let read = try #require(articles.last)
                let starred = try #require(articles.first)
                #expect(try await sandbox.herald(db: "mark", "read", String(read.id)).succeeded)
                #expect(try await sandbox.herald(db: "mark", "star", String(starred.id)).succeeded)

                server.route("/old/gazette.xml", .redirect(to: server.url("/new/gazette.xml"), status: 301))
                server.route("/new/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "refresh", "--all").succeeded)
                #expect(try await sandbox.feeds().map(\.url) == [server.url("/old/gazette.xml")], "one sighting is not enough")
                #expect(try await sandbox.herald(db: "refresh", "--all").succeeded)
                let feeds = try await sandbox.feeds()
                #expect(feeds.map(\.url) == [server.url("/new/gazette.xml")])
                #expect(server.requestCount(for: "/new/gazette.xml") == 2)

                let after = try await sandbox.listed()
                #expect(after.map(\.id) == articles.map(\.id), "same articles, nothing duplicated")
                #expect(after.first { $0.id == read.id }?.read == true)
                #expect(after.first { $0.id == starred.id }?.starred == true)
                #expect(after.allSatisfy { $0.feedID == feeds[0].id })
            }
        }

        @Test("a temporary redirect (302) never changes the stored URL")
        func temporaryRedirectKeepsURL() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                server.route("/gazette.xml", .redirect(to: "/mirror/gazette.xml", status: 302))
                server.route("/mirror/gazette.xml", .feed(NewsFeed.harbour))
                for _ in 1...2 { #expect(try await sandbox.herald(db: "refresh", "--all").succeeded) }
                #expect(try await sandbox.feeds().map(\.url) == [server.url("/gazette.xml")])
                #expect(server.requestCount(for: "/mirror/gazette.xml") == 2)
            }
        }
    }
}
