import Foundation
import Herald
import HeraldTestSupport
import Testing

/// Keeps the last state of each screen the test drives.
private actor Screens: FeedsDisplayLogic, ArticleListDisplayLogic, ArticleDetailDisplayLogic, SearchDisplayLogic {
    var feeds: FeedsViewModel = .loading
    var list: ArticleListViewModel = .loading
    var detail: ArticleDetailViewModel = .loading
    var search: SearchViewModel = .loading
    func display(_ viewModel: FeedsViewModel) { feeds = viewModel }
    func display(_ viewModel: ArticleListViewModel) { list = viewModel }
    func display(_ viewModel: ArticleDetailViewModel) { detail = viewModel }
    func display(_ viewModel: SearchViewModel) { search = viewModel }
    func displayNextUnread(_ id: ArticleID, within filter: ArticleFilter) {}
    func displayExternalLink(_ url: String) {}
}

@Suite("The Herald facade end to end: real database file, real HTTP server on 127.0.0.1")
struct FacadeEndToEndTests {
    static func feed(items: [(id: String, title: String, body: String)]) -> String {
        let entries = items.map { item in
            """
            <item><title>\(item.title)</title><link>https://news.example/\(item.id)</link>
            <guid isPermaLink="false">\(item.id)</guid><pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate>
            <description><![CDATA[<p>\(item.body)</p><p>Second paragraph with <a href="/more">a link</a>.</p>]]></description></item>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Example News</title><link>https://news.example/</link>
            <description>Test feed</description>
            \(entries)
            </channel></rss>
            """
    }

    @Test("Given a refresh still fetching, when the engine shuts down, then the refresh ends cancelled, at once, and no feed is marked failed")
    func shutdownStopsARunningRefreshFirst() async throws {
        let directory = NSTemporaryDirectory() + "herald-facade-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await LocalHTTPServer.start()
        let document = Self.feed(items: [("s1", "Slow harbour news", "The ferry is late.")])
        server.route("/slow.xml", .feed(document))
        let environment = ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"]
        let database = directory + "/herald.db"
        let herald = try await Herald.open(databasePath: database, environment: environment)
        await herald.feedsScreen(display: Screens()).feedAdded(url: server.url("/slow.xml"), title: nil, tags: [])
        let refresh = try await RefreshInFlight.start(herald, server: server, path: "/slow.xml", document: document,
                                                      requestsBefore: 1)
        #expect(server.requestCount(for: "/slow.xml") == 2, "the refresh's fetch is in flight")
        let started = ContinuousClock.now
        await herald.shutdown()
        #expect(ContinuousClock.now - started < .seconds(10), "the fetch was cancelled, not waited for")
        let summary = await refresh.summary.value
        #expect(summary?.cancelled == true, "\(String(describing: summary))")
        #expect(summary?.failed == 0)
        try await server.shutdown()

        let reopened = try await Herald.open(databasePath: database, environment: environment)
        let feeds = try await reopened.feeds()
        #expect(feeds.count == 1 && feeds.allSatisfy { $0.fetchState.errorCount == 0 }, "\(feeds.map(\.fetchState))")
        await reopened.shutdown()
    }

    @Test("Given a subscription, when refreshed and read through the screens, then list, detail and search agree with the database")
    func subscribeRefreshListReadSearch() async throws {
        let directory = NSTemporaryDirectory() + "herald-facade-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await LocalHTTPServer.start()
        server.route("/feed.xml", .feed(Self.feed(items: [
            ("a1", "Lighthouse keepers vote to automate", "The lighthouse union agreed to new rules."),
            ("a2", "Harbour reopens after storm", "Ferries resume service on Monday."),
        ]), etag: "\"v1\""))
        let environment = ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"]
        let herald = try await Herald.open(databasePath: directory + "/herald.db", environment: environment)
        let screens = Screens()

        let feeds = herald.feedsScreen(display: screens)
        await feeds.feedAdded(url: server.url("/feed.xml"), title: nil, tags: ["local"])
        guard case .loaded(let feedContent) = await screens.feeds else {
            Issue.record("feeds screen did not load: \(await screens.feeds)")
            return
        }
        #expect(feedContent.groups.flatMap(\.rows).map(\.title) == ["Example News"])
        #expect(feedContent.groups.flatMap(\.rows).first?.unreadCount == 2)

        await feeds.refreshRequested(.all)
        #expect(server.requestCount(for: "/feed.xml") == 2)
        #expect(server.lastRequest(for: "/feed.xml")?.header("If-None-Match") == "\"v1\"")

        let list = herald.articleListScreen(ArticleFilter(unreadOnly: true), display: screens)
        await list.viewAppeared()
        let rows = try #require(await screens.list.content?.rows)
        #expect(Set(rows.map(\.title)) == ["Lighthouse keepers vote to automate", "Harbour reopens after storm"])

        let first = try #require(rows.first)
        let detail = herald.articleScreen(first.id, within: ArticleFilter(unreadOnly: true), display: screens)
        await detail.viewAppeared()
        let content = try #require(await screens.detail.content)
        #expect(content.body.count == 2)
        #expect(content.links.contains { $0.contains("https://news.example/more") })
        #expect(try await herald.article(first.id).state.isRead)

        let search = herald.searchScreen(display: screens)
        await search.querySubmitted("lighthouse")
        let hits = try #require(await screens.search.content?.hits)
        #expect(hits.map(\.title.plainText) == ["Lighthouse keepers vote to automate"])
        #expect(hits.first?.snippet.segments.contains { $0.isMatch } == true)

        let stats = try await herald.statistics()
        #expect(stats.feeds == 1 && stats.articles == 2 && stats.unread == 1)
        await herald.shutdown()
        try await server.shutdown()
    }

    @Test("Given a feed that fails, when refreshed, then the feeds screen flags it and the Container queues nothing fatal")
    func failingFeedIsFlagged() async throws {
        let directory = NSTemporaryDirectory() + "herald-facade-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await LocalHTTPServer.start()
        server.route("/ok.xml", .feed(Self.feed(items: [("b1", "Fine", "Fine body")])))
        let herald = try await Herald.open(databasePath: directory + "/herald.db",
                                     environment: ["HOME": directory, "XDG_CONFIG_HOME": directory])
        let screens = Screens()
        let feeds = herald.feedsScreen(display: screens)
        await feeds.feedAdded(url: server.url("/ok.xml"), title: "Will break", tags: [])
        server.route("/ok.xml", .error(500))
        await feeds.refreshRequested(.all)
        let rows = try #require(await screens.feeds.content?.groups.flatMap(\.rows))
        guard case .failing(let error, _) = rows.first?.health else {
            Issue.record("expected a failing feed, got \(String(describing: rows.first?.health))")
            return
        }
        #expect(error.contains("500"))
        #expect(try await herald.statistics().articles == 1)
        await herald.shutdown()
        try await server.shutdown()
    }
}
