import Foundation
import Herald
import HeraldTestSupport
import Testing

/// Keeps the feeds screen's last state.
private actor FeedsScreenState: FeedsDisplayLogic {
    var feeds: FeedsViewModel = .loading
    func display(_ viewModel: FeedsViewModel) { feeds = viewModel }
}

@Suite("Full text at refresh, end to end: real database file, real HTTP server on 127.0.0.1")
struct FullTextEndToEndTests {
    /// A summary-only feed whose items link to pages on `server`.
    static func teaserFeed(_ server: LocalHTTPServer, pages: [String], teaser: String = "Read the rest on the site.") -> String {
        let items = pages.enumerated().map { index, page in
            """
            <item><title>Story \(page)</title><link>\(server.url("/\(page).html"))</link><guid>\(page)</guid>
            <pubDate>\(Self.rfc822(Date().addingTimeInterval(TimeInterval(-index * 60))))</pubDate>
            <description>\(teaser)</description></item>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Teasers</title><link>\(server.url("/"))</link>
            \(items)
            </channel></rss>
            """
    }

    /// An article page with navigation around several paragraphs holding `word`.
    static func articlePage(_ word: String) -> String {
        let paragraph = "The \(word) grows best in cold soil, which is why gardeners plant it in autumn, "
            + "weeks before the first frost, and wait patiently through the winter for the green shoots."
        return """
            <!DOCTYPE html><html lang="en"><head><title>On \(word) | Garden Weekly</title></head><body>
            <nav><a href="/">Home</a> <a href="/about">About</a> <a href="/shop">Shop</a></nav>
            <article><h1>On \(word)</h1>
            \((1...5).map { "<p>\(paragraph) Paragraph \($0) goes on a little longer, with more detail.</p>" }.joined())
            </article><footer>Copyright Garden Weekly</footer></body></html>
            """
    }

    static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    private static func page(_ html: String) -> CannedResponse {
        .feed(html, contentType: "text/html; charset=utf-8")
    }

    @Test("""
        Given a summary-only feed with full text on, when refreshed, then each new article's page is fetched once \
        and kept beside the feed's text, search finds its words, a failing page leaves the feed's text and is \
        tried only a few times, and a feed without full text fetches no page
        """)
    func refreshKeepsFullTexts() async throws {
        let directory = NSTemporaryDirectory() + "herald-fulltext-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await LocalHTTPServer.start()
        server.route("/teasers.xml", .feed(Self.teaserFeed(server, pages: ["garlic", "missing"]), etag: "\"t1\""))
        server.route("/garlic.html", Self.page(Self.articlePage("vernalised garlic")))
        server.route("/missing.html", .error(404))
        server.route("/plain.xml", .feed(Self.teaserFeed(server, pages: ["plainpage"])))
        server.route("/plainpage.html", Self.page(Self.articlePage("parsnip")))
        let herald = try await Herald.open(databasePath: directory + "/herald.db",
                                           environment: ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"])
        let screen = FeedsScreenState()
        let feeds = herald.feedsScreen(display: screen)
        await feeds.feedAdded(url: server.url("/teasers.xml"), title: nil, tags: [], fullText: true)
        await feeds.feedAdded(url: server.url("/plain.xml"), title: nil, tags: [])
        let subscribed = try await herald.feeds()
        #expect(subscribed.first { $0.url.hasSuffix("/teasers.xml") }?.settings.fetchesFullText == true)
        #expect(subscribed.first { $0.url.hasSuffix("/plain.xml") }?.settings.fetchesFullText == false)

        var summary: RefreshSummary?
        var reported: [(kept: Int, failed: Int)] = []
        for await event in herald.refresh(.all) {
            if case let .fullTexts(_, kept, failed) = event { reported.append((kept, failed)) }
            if case .finished(let result) = event { summary = result }
        }
        #expect(summary?.fullTexts == 1)
        #expect(reported.count == 1 && reported.first?.kept == 1 && reported.first?.failed == 1)
        #expect(server.requestCount(for: "/garlic.html") == 1)
        #expect(server.requestCount(for: "/missing.html") == 1)
        #expect(server.requestCount(for: "/plainpage.html") == 0, "full text is off for that feed")

        let ids = try await herald.syncIDs(ArticleFilter())
        var byTitle: [String: ArticleID] = [:]
        for id in ids { byTitle[try await herald.article(id).title] = id }
        let garlic = try #require(byTitle["Story garlic"])
        let missing = try #require(byTitle["Story missing"])
        let kept = try #require(try await herald.keptFullText(of: garlic))
        #expect(kept.text.contains("vernalised garlic grows best"))
        #expect(!kept.text.contains("Copyright"), "the page's chrome is left out")
        #expect(kept.url == server.url("/garlic.html"))
        #expect(try await herald.article(garlic).summary?.value == "Read the rest on the site.", "the feed's text stays")
        #expect(try await herald.keptFullText(of: missing) == nil)

        let hits = try await Self.searchTitles(herald, "vernalised")
        #expect(hits == ["Story garlic"])

        // The sync APIs serve the kept full text as the article's content.
        let entry = try await herald.syncEntry(garlic)
        #expect(entry.html.contains("vernalised garlic grows best"))
        #expect(try await herald.syncEntry(missing).html.contains("Read the rest"))

        // Later refreshes: the kept page is not fetched again; the failing one is tried until its
        // attempts are spent (three in all), then left alone.
        for _ in 0..<4 {
            for await _ in herald.refresh(.all) {}
        }
        #expect(server.requestCount(for: "/garlic.html") == 1)
        #expect(server.requestCount(for: "/missing.html") == 3)
        #expect(server.requestCount(for: "/teasers.xml") == 6, "one request per feed and refresh")
        #expect(server.lastRequest(for: "/teasers.xml")?.header("If-None-Match") == "\"t1\"")
        await herald.shutdown()
        try await server.shutdown()
    }

    @Test("Given an extraction rule naming a feed's URL, when that feed refreshes with full text, then its pages follow the rule and another feed's pages on the same host do not")
    func feedExtractionRule() async throws {
        let directory = NSTemporaryDirectory() + "herald-fulltext-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/config/herald", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await LocalHTTPServer.start()
        server.route("/ruled.xml", .feed(Self.teaserFeed(server, pages: ["chard"])))
        server.route("/chard.html", Self.page(Self.articlePage("rainbow chard")))
        server.route("/free.xml", .feed(Self.teaserFeed(server, pages: ["kale"])))
        server.route("/kale.html", Self.page(Self.articlePage("curly kale")))
        try "extract-keep \(server.url("/ruled.xml")) article h1, footer\n"
            .write(toFile: directory + "/config/herald/config", atomically: true, encoding: .utf8)
        let herald = try await Herald.open(databasePath: directory + "/herald.db",
                                           environment: ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"])
        let feeds = herald.feedsScreen(display: FeedsScreenState())
        await feeds.feedAdded(url: server.url("/ruled.xml"), title: nil, tags: [], fullText: true)
        await feeds.feedAdded(url: server.url("/free.xml"), title: nil, tags: [], fullText: true)
        for await _ in herald.refresh(.all) {}
        var byTitle: [String: ArticleID] = [:]
        for id in try await herald.syncIDs(ArticleFilter()) { byTitle[try await herald.article(id).title] = id }
        let chard = try #require(byTitle["Story chard"])
        let kale = try #require(byTitle["Story kale"])
        let ruled = try #require(try await herald.keptFullText(of: chard))
        #expect(ruled.text.contains("On rainbow chard") && ruled.text.contains("Copyright Garden Weekly"))
        #expect(!ruled.text.contains("grows best"), "the rule's selectors are the article")
        let free = try #require(try await herald.keptFullText(of: kale))
        #expect(free.text.contains("curly kale grows best") && !free.text.contains("Copyright"))
        await herald.shutdown()
        try await server.shutdown()
    }

    @Test("Given an article without a kept full text, when it is asked for, then its page is fetched once and kept")
    func onDemandFullTextIsKept() async throws {
        let directory = NSTemporaryDirectory() + "herald-fulltext-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await LocalHTTPServer.start()
        server.route("/plain.xml", .feed(Self.teaserFeed(server, pages: ["leek"])))
        server.route("/leek.html", Self.page(Self.articlePage("blanched leek")))
        let herald = try await Herald.open(databasePath: directory + "/herald.db",
                                           environment: ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"])
        _ = try await herald.subscribe(to: server.url("/plain.xml"))
        let id = try #require(try await herald.syncIDs(ArticleFilter()).first)
        #expect(try await herald.keptFullText(of: id) == nil)
        let first = try await herald.fullText(of: id)
        let second = try await herald.fullText(of: id)
        #expect(first.text == second.text && first.html == second.html && first.url == second.url)
        #expect(first.text.contains("blanched leek grows best"))
        #expect(server.requestCount(for: "/leek.html") == 1, "kept once fetched")
        #expect(try await Self.searchTitles(herald, "blanched") == ["Story leek"])
        _ = try await herald.fullText(of: id, refetch: true)
        #expect(server.requestCount(for: "/leek.html") == 2)

        server.route("/leek.html", .error(500))
        await #expect(throws: HeraldError.self) { try await herald.fullText(of: id, refetch: true) }
        #expect(try await herald.keptFullText(of: id)?.text == first.text, "a failed refetch keeps the kept text")
        await herald.shutdown()
        try await server.shutdown()
    }

    /// The titles a search finds, through the search screen.
    static func searchTitles(_ herald: Herald, _ query: String) async throws -> [String] {
        let state = SearchState()
        let search = herald.searchScreen(display: state)
        await search.querySubmitted(query)
        return await state.titles
    }
}

/// Keeps the search screen's last hits.
private actor SearchState: SearchDisplayLogic {
    var titles: [String] = []
    func display(_ viewModel: SearchViewModel) {
        titles = viewModel.content?.hits.map(\.title.plainText) ?? []
    }
}
