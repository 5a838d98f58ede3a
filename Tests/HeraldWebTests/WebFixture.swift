import Foundation
import Herald
@testable import HeraldWeb
import HeraldTestSupport
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Testing

/// A real engine on a real database file, fed by a real HTTP server on 127.0.0.1: a healthy feed
/// (with a hostile article), and a feed that fails.
struct WebFixture {
    let directory: String
    let herald: Herald
    let server: LocalHTTPServer

    /// A feed of `count` articles, newest first; article 1 carries hostile markup everywhere.
    static func feed(count: Int) -> String {
        var items: [String] = []
        for index in 1...count {
            let day = String(format: "%02d", 1 + (count - index) % 28)
            let hour = String(format: "%02d", (count - index) / 28)
            let title = index == 1 ? "Lighthouse &lt;script&gt;alert(1)&lt;/script&gt; \u{9D}0;pwned\u{9C} keepers" : "Harbour story \(index)"
            let body = index == 1
                ? "<p>Keepers <b>vote</b>.</p><script>alert('xss')</script><img src=x onerror=alert(1)>"
                    + "<a href=\"javascript:alert(1)\">click</a><iframe src=\"https://evil.example\"></iframe>"
                    + "<a href=\"/more\">more</a>"
                : "<p>Ferries resume service number \(index).</p>"
            items.append("""
                <item><title>\(title)</title><link>\(index == 1 ? "javascript:alert(document.cookie)" : "https://news.example/\(index)")</link>
                <guid isPermaLink="false">item-\(index)</guid><pubDate>\(day) Nov 2026 \(hour):00:00 GMT</pubDate>
                <description><![CDATA[\(body)]]></description></item>
                """)
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Example News</title><link>https://news.example/</link>
            <description>Test feed</description>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }

    /// An engine with the two feeds subscribed and refreshed (or none, when `empty`).
    static func make(articles: Int = 5, empty: Bool = false) async throws -> WebFixture {
        let directory = NSTemporaryDirectory() + "herald-web-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let server = try await LocalHTTPServer.start()
        server.route("/feed.xml", .feed(feed(count: articles)))
        server.route("/broken.xml", .feed(feed(count: 1)))
        let herald = try await Herald.open(databasePath: directory + "/herald.db",
                                     environment: ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"])
        let fixture = WebFixture(directory: directory, herald: herald, server: server)
        if !empty {
            let screen = WebScreen()
            let feeds = herald.feedsScreen(display: screen)
            await feeds.feedAdded(url: server.url("/feed.xml"), title: nil, tags: ["news"])
            await feeds.feedAdded(url: server.url("/broken.xml"), title: "Broken Feed", tags: [])
            server.route("/broken.xml", .error(500))
            await feeds.refreshRequested(.all)
            await fixture.clearContainer()
        }
        return fixture
    }

    /// Dismisses the notices and errors setting up left in the Container.
    func clearContainer() async {
        let state = await herald.container.state
        for notice in state.notices { await herald.container.dismissNotice(notice.id) }
        for _ in state.errors { await herald.container.dismissError() }
    }

    /// Runs `body` against the application through Hummingbird's router test client.
    func test(token: String? = nil, pageSize: Int = 50,
              _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let application = try WebServer.application(herald: herald, token: token, pageSize: pageSize)
        try await application.test(.router, body)
    }

    func tearDown() async throws {
        await herald.shutdown()
        try await server.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The article ids of the healthy feed, newest first.
    func articleIDs() async throws -> [ArticleID] {
        let feeds = try await herald.feeds()
        let healthy = try #require(feeds.first { $0.displayTitle == "Example News" })
        let screen = WebScreen()
        let list = herald.articleListScreen(ArticleFilter(scope: .feed(healthy.id)), pageSize: 500, display: screen)
        await list.viewAppeared()
        guard case .articleList(let viewModel) = screen.viewModel else { return [] }
        return viewModel.content?.rows.map(\.id) ?? []
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The CSRF token of the page (every page carries it on `body`).
    var csrfToken: String? {
        guard let range = text.range(of: "data-csrf=\"") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// A URL-encoded form body.
func formBody(_ fields: [(String, String)]) -> ByteBuffer {
    let text = fields.map { name, value in
        name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
    }.joined(separator: "&")
    return ByteBuffer(string: text)
}

/// The headers of a form POST.
let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
