import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `add`, `feeds`, `list` and `show` on a feed served over HTTP by a real local server.
    @Suite("Subscribing and reading")
    struct SubscribeAndReadTests {
        @Test("add an http feed; feeds counts it; list, list --unread --json, show and show --json read it")
        func addListAndShow() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                let added = try await sandbox.herald(db: "add", server.url("/gazette.xml"), "--tag", "local")
                #expect(added.succeeded, "\(added.summary)")
                #expect(added.stdout.contains("Subscribed to Harbour Gazette"))

                let feeds = try await sandbox.herald(db: "feeds")
                #expect(feeds.succeeded)
                #expect(feeds.stdout.contains("1 feed · 3 unread"), "\(feeds.stdout)")
                #expect(feeds.stdout.contains("local (3 unread)"))
                #expect(feeds.stdout.split(separator: "\n").contains { $0.contains("3 unread") && $0.contains("Harbour Gazette") })

                let list = try await sandbox.herald(db: "list")
                #expect(list.succeeded)
                let titles = NewsFeed.harbourItems.map(\.title)
                let rowsText = list.stdout.split(separator: "\n").filter { line in titles.contains { line.contains($0) } }
                #expect(rowsText.count == 3, "\(list.stdout)")

                let unread = try await sandbox.listed("--unread")
                #expect(unread.map(\.title) == titles, "newest first")
                #expect(Set(unread.map(\.id)).count == 3)
                #expect(unread.allSatisfy { !$0.read && !$0.starred && $0.feed == "Harbour Gazette" })
                #expect(unread.first?.date == ISO8601DateFormatter().date(from: "2026-11-18T07:15:00Z"))
                #expect(unread.first?.url == NewsFeed.harbourItems[0].link)

                let newest = try #require(unread.first)
                let shown = try await sandbox.herald(db: "show", String(newest.id))
                #expect(shown.succeeded, "\(shown.summary)")
                let lines = shown.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                #expect(lines.first == "Lighthouse keepers restore the old foghorn")
                #expect(lines.contains("Feed: Harbour Gazette"))
                #expect(lines.contains("Link: " + NewsFeed.harbourItems[0].link))
                #expect(lines.allSatisfy { $0.count <= 100 }, "the body is wrapped to COLUMNS=100")
                let start = try #require(lines.firstIndex { $0.hasPrefix("After two winters of silence") })
                let end = try #require(lines.firstIndex { $0.hasSuffix("kept in the town archive.") })
                #expect(end - start >= 2, "the 230-character paragraph wraps over three lines:\n\(shown.stdout)")
                #expect(lines.contains("Links:"))
                #expect(lines.contains("[1] https://harbour.example.net/history/foghorn"))
                #expect(lines.contains("[2] https://harbour.example.net/volunteer"))
                #expect(lines.contains { $0.contains("history of the foghorn[1] or join the volunteers[2].") })

                let stillUnread = try await sandbox.listed("--unread")
                #expect(stillUnread.count == 2)
                #expect(!stillUnread.contains { $0.id == newest.id }, "show marks the article read")

                let json = try await sandbox.herald(db: "show", String(newest.id), "--json")
                #expect(json.succeeded)
                let article = try CLIDocuments.decode(CLIDocuments.Article.self, from: json)
                #expect(article.id == newest.id)
                #expect(article.title == newest.title)
                #expect(article.identity == "harbour-1041")
                #expect(article.read)
                #expect(article.published == newest.date)
                let body = article.content?.value ?? article.summary?.value ?? ""
                #expect(body.contains("history/foghorn"))
            }
        }

        @Test("add of a web page subscribes to the main feed it advertises with <link rel=alternate>")
        func addDiscoversFeedOfPage() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                // The real blog home page fixture, rebased onto the local server: it advertises a comments
                // feed first, then the site's RSS feed, a JSON feed and an Atom feed (whose link is dead).
                let page = try String(decoding: Locations.fixtureData("html/blog-home.html"), as: UTF8.self)
                    .replacingOccurrences(of: "https://fieldnotes.example.org/", with: server.url("/"))
                server.route("/blog/", .feed(page, contentType: "text/html; charset=utf-8"))
                server.route("/blog/feed/", .feed(String(decoding: try Locations.fixtureData("feeds/wordpress-rss2.xml"), as: UTF8.self)))
                server.route("/blog/comments/feed/", .feed(NewsFeed.rss(
                    title: "Comments on Field Notes", site: server.url("/blog/"), items: [])))

                let added = try await sandbox.herald(db: "add", server.url("/blog/"))
                #expect(added.succeeded, "\(added.summary)")
                #expect(added.stdout.contains("Field Notes"))
                let feeds = try await sandbox.feeds()
                #expect(feeds.map(\.url) == [server.url("/blog/feed/")], "the site feed, not the comments feed")
                #expect(feeds.first?.unread == 2)
                #expect(server.requestCount(for: "/blog/comments/feed/") == 0)
                #expect(try await sandbox.listed().map(\.title) == ["Autumn garlic: planting & mulching", "Saving bean seed"])
            }
        }

        @Test("a file:// podcast feed: show lists its enclosures with type and size")
        func podcastEnclosures() async throws {
            let sandbox = try Sandbox()
            let url = Locations.fixture("feeds/podcast-itunes.xml").absoluteString
            #expect(try await sandbox.herald(db: "add", url).succeeded)
            let newest = try #require(try await sandbox.listed().first)
            #expect(newest.title == "Episode 42: Bread Without Knead")
            let shown = try await sandbox.herald(db: "show", String(newest.id))
            let lines = shown.stdout.split(separator: "\n").map(String.init)
            let heading = try #require(lines.firstIndex(of: "Enclosures:"), "\(shown.stdout)")
            #expect(lines.dropFirst(heading + 1).first == "audio/mpeg, 46.0 MB: https://cdn.example.fm/kitchen-table/ep42.mp3?source=rss")
        }

        @Test("list --limit pages: the JSON cursor appears only when more articles follow")
        func listLimitAndCursor() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                let firstPage = try await sandbox.herald(db: "list", "--json", "--limit", "2")
                let page = try CLIDocuments.decode(CLIDocuments.Page.self, from: firstPage)
                #expect(page.articles.count == 2)
                #expect(page.next?.id == page.articles.last?.id && page.next?.date == page.articles.last?.date)
                let text = try await sandbox.herald(db: "list", "--limit", "2")
                let lastID = try #require(page.articles.last?.id)
                #expect(text.stdout.hasSuffix("… more articles: add --after \(lastID) for the next page\n"), "\(text.stdout)")
                let whole = try await sandbox.herald(db: "list", "--json", "--limit", "3")
                let all = try CLIDocuments.decode(CLIDocuments.Page.self, from: whole)
                #expect(all.next == nil)
                // The next page continues exactly where the first stopped: no overlap, nothing skipped.
                let second = try await sandbox.herald(db: "list", "--json", "--limit", "2", "--after", String(lastID))
                let rest = try CLIDocuments.decode(CLIDocuments.Page.self, from: second)
                #expect(page.articles.map(\.id) + rest.articles.map(\.id) == all.articles.map(\.id))
                #expect(rest.next == nil)
            }
        }

        @Test("list fits a terminal narrower than its fixed columns")
        func narrowTerminal() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/gazette.xml")).succeeded)
                let result = try await sandbox.herald(db: "list", environment: ["COLUMNS": "40"])
                let rows = result.stdout.split(separator: "\n").map(String.init).dropFirst()
                #expect(rows.count == 3)
                for row in rows { #expect(DisplayColumns.of(row) <= 40, "\(row)") }
            }
        }

        @Test("add of a URL that redirects permanently subscribes to the target")
        func addFollowsPermanentRedirect() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/old.xml", .redirect(to: server.url("/gazette.xml"), status: 301))
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "add", server.url("/old.xml")).succeeded)
                #expect(try await sandbox.feeds().map(\.url) == [server.url("/gazette.xml")])
                #expect(try await sandbox.listed().count == 3)
            }
        }

        @Test("add of a URL nobody answers fails with exit 1 and says why on stderr")
        func addDeadURL() async throws {
            let sandbox = try Sandbox()
            let closed = try await LocalHTTPServer.start()
            let deadURL = closed.url("/feed.xml")
            try await closed.shutdown()

            let added = try await sandbox.herald(db: "add", deadURL)
            #expect(added.exitedNormally && added.status == 1, "\(added.summary)")
            #expect(added.stdout.isEmpty)
            #expect(added.stderr.hasPrefix("herald: "))
            #expect(added.stderr.lowercased().contains("connect"), "\(added.stderr)")
            #expect(try await sandbox.feeds().isEmpty, "nothing is subscribed")
            #expect(added.stderr.contains("Nothing was subscribed"), "\(added.stderr)")
            #expect(!added.stderr.contains("retrying later"), "\(added.stderr)")
        }

        @Test("add of a local file path subscribes to it as a file:// feed")
        func addLocalPath() async throws {
            let sandbox = try Sandbox()
            let path = Locations.fixture("feeds/wordpress-rss2.xml").path
            let added = try await sandbox.herald(db: "add", path)
            #expect(added.succeeded, "\(added.summary)")
            let feeds = try await sandbox.feeds()
            #expect(feeds.map(\.url) == [URL(fileURLWithPath: path).absoluteString])
        }

        @Test("add of a page that is neither a feed nor leads to one fails clearly")
        func addPageWithoutFeed() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/about", .feed("<!DOCTYPE html><html><head><title>About us</title></head><body><p>We bake bread.</p></body></html>",
                                             contentType: "text/html; charset=utf-8"))
                let added = try await sandbox.herald(db: "add", server.url("/about"))
                #expect(added.exitedNormally && added.status == 1, "\(added.summary)")
                #expect(added.stderr.contains(server.url("/about")), "\(added.stderr)")
                #expect(server.requestCount(for: "/feed") == 1, "common feed paths are tried")
                #expect(try await sandbox.feeds().isEmpty)
            }
        }
    }
}
