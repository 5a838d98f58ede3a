import Foundation
import Herald
import HeraldTestSupport
import Testing

/// Keeps the feeds screen's last state.
private actor IconFeedsScreen: FeedsDisplayLogic {
    var feeds: FeedsViewModel = .loading
    func display(_ viewModel: FeedsViewModel) { feeds = viewModel }
}

@Suite("Feed icons at refresh, end to end: real database file, real HTTP servers on 127.0.0.1")
struct FeedIconEndToEndTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
    static let gif: [UInt8] = Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)

    static func feed(_ title: String, site: String, image: String? = nil) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>\(title)</title><link>\(site)</link>
        \(image.map { "<image><url>\($0)</url><title>\(title)</title><link>\(site)</link></image>" } ?? "")
        <item><title>\(title) story</title><guid>\(title)-1</guid><description>Words.</description></item>
        </channel></rss>
        """
    }

    static func image(_ bytes: [UInt8], _ type: String) -> CannedResponse {
        .feed(bytes, contentType: type)
    }

    static func open(_ directory: String, config: String? = nil) async throws -> Herald {
        if let config {
            try FileManager.default.createDirectory(atPath: directory + "/config/herald", withIntermediateDirectories: true)
            try Data(config.utf8).write(to: URL(fileURLWithPath: directory + "/config/herald/config"))
        }
        return try await Herald.open(databasePath: directory + "/herald.db",
                                     environment: ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"])
    }

    @Test("""
        Given feeds that declare an image, feeds of one site without one and a site with no icon, when refreshed \
        twice, then the declared image and the site's favicon are kept (the favicon asked once for the whole site), \
        the site without one is asked once, and the second refresh asks for no icon
        """)
    func refreshKeepsIcons() async throws {
        let directory = NSTemporaryDirectory() + "herald-icons-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let site = try await LocalHTTPServer.start()
        let bare = try await LocalHTTPServer.start()
        site.route("/declared.xml", .feed(Self.feed("Declared", site: site.url("/"), image: site.url("/logo.png"))))
        site.route("/logo.png", Self.image(Self.png, "image/png"))
        site.route("/one.xml", .feed(Self.feed("One", site: site.url("/"))))
        site.route("/two.xml", .feed(Self.feed("Two", site: site.url("/"))))
        site.route("/favicon.ico", Self.image(Self.gif, "image/vnd.microsoft.icon"))
        bare.route("/bare.xml", .feed(Self.feed("Bare", site: bare.url("/"))))
        bare.route("/favicon.ico", .feed("<!DOCTYPE html><html><body>Not an image</body></html>", contentType: "image/x-icon"))
        let herald = try await Self.open(directory)
        let feeds = herald.feedsScreen(display: IconFeedsScreen())
        for (server, path) in [(site, "/declared.xml"), (site, "/one.xml"), (site, "/two.xml"), (bare, "/bare.xml")] {
            await feeds.feedAdded(url: server.url(path), title: nil, tags: [])
        }
        for await _ in herald.refresh(.all) {}

        let byURL = Dictionary(uniqueKeysWithValues: try await herald.feeds().map { ($0.url, $0.id) })
        let icons = Dictionary(uniqueKeysWithValues: try await herald.feedIcons().map { ($0.feedID, $0) })
        let declaredID = try #require(byURL[site.url("/declared.xml")])
        let declared = try #require(icons[declaredID])
        #expect(declared.mimeType == "image/png" && declared.url == site.url("/logo.png"))
        #expect(declared.base64Payload == "image/png;base64," + Data(Self.png).base64EncodedString())
        for path in ["/one.xml", "/two.xml"] {
            let feedID = try #require(byURL[site.url(path)])
            let icon = try #require(icons[feedID])
            #expect(icon.mimeType == "image/gif" && icon.url == site.url("/favicon.ico"))
        }
        let bareID = try #require(byURL[bare.url("/bare.xml")])
        #expect(icons[bareID] == nil, "an HTML page is not an icon")
        #expect(try await herald.feedsWithIcons() == Set(icons.keys))
        #expect(site.requestCount(for: "/logo.png") == 1)
        #expect(site.requestCount(for: "/favicon.ico") == 1, "one request for the site's favicon, shared by its feeds")
        #expect(bare.requestCount(for: "/favicon.ico") == 1)

        // Refreshed again: every feed was looked at this week, so no icon is asked for.
        for await _ in herald.refresh(.all) {}
        #expect(site.requestCount(for: "/logo.png") == 1)
        #expect(site.requestCount(for: "/favicon.ico") == 1)
        #expect(bare.requestCount(for: "/favicon.ico") == 1)
        #expect(site.requestCount(for: "/one.xml") == 3, "the feed itself: subscribing, then each refresh")

        await herald.shutdown()
        try await site.shutdown()
        try await bare.shutdown()
    }

    @Test("Given a site with no favicon.ico whose home page names its icons, when its feeds are refreshed, then the icon the page prefers on the site's own host is kept, the page read once for the site")
    func homePageIcon() async throws {
        let directory = NSTemporaryDirectory() + "herald-icons-page-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let site = try await LocalHTTPServer.start()
        site.route("/one.xml", .feed(Self.feed("One", site: site.url("/"))))
        site.route("/two.xml", .feed(Self.feed("Two", site: site.url("/"))))
        site.route("/favicon.ico", .error(404))
        site.route("/", .feed("""
            <!DOCTYPE html><html><head><title>Site</title>
            <link rel="apple-touch-icon" href="/static/touch.png">
            <link rel="icon" href="https://tracker.example/pixel.png">
            <link rel="shortcut icon" href="/static/short.ico">
            <link rel="icon" type="image/png" href="static/icon.png">
            </head><body>Home</body></html>
            """, contentType: "text/html; charset=utf-8"))
        site.route("/static/icon.png", Self.image(Self.png, "image/png"))
        site.route("/static/short.ico", Self.image(Self.gif, "image/x-icon"))
        let herald = try await Self.open(directory)
        let feeds = herald.feedsScreen(display: IconFeedsScreen())
        await feeds.feedAdded(url: site.url("/one.xml"), title: nil, tags: [])
        await feeds.feedAdded(url: site.url("/two.xml"), title: nil, tags: [])
        for await _ in herald.refresh(.all) {}
        let icons = try await herald.feedIcons()
        #expect(icons.count == 2)
        #expect(icons.allSatisfy { $0.url == site.url("/static/icon.png") && $0.mimeType == "image/png" })
        #expect(site.requestCount(for: "/") == 1, "the home page is read once for the site's feeds")
        #expect(site.requestCount(for: "/static/icon.png") == 1)
        #expect(site.requestCount(for: "/static/short.ico") == 0, "the preferred icon was an image")
        #expect(site.requestCount(for: "/static/touch.png") == 0)
        await herald.shutdown()
        try await site.shutdown()
    }

    @Test("Given `feed-icons no` in the config, when feeds are refreshed, then no icon is asked for")
    func iconsOff() async throws {
        let directory = NSTemporaryDirectory() + "herald-icons-off-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let site = try await LocalHTTPServer.start()
        site.route("/one.xml", .feed(Self.feed("One", site: site.url("/"), image: site.url("/logo.png"))))
        site.route("/logo.png", Self.image(Self.png, "image/png"))
        site.route("/favicon.ico", Self.image(Self.gif, "image/x-icon"))
        let herald = try await Self.open(directory, config: "feed-icons = no\n")
        await herald.feedsScreen(display: IconFeedsScreen()).feedAdded(url: site.url("/one.xml"), title: nil, tags: [])
        for await _ in herald.refresh(.all) {}
        #expect(site.requestCount(for: "/one.xml") >= 1)
        #expect(site.requestCount(for: "/logo.png") == 0)
        #expect(site.requestCount(for: "/favicon.ico") == 0)
        #expect(try await herald.feedIcons().isEmpty)
        await herald.shutdown()
        try await site.shutdown()
    }
}
