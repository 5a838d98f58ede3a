import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport
import Testing

@Suite("Redirects")
struct RedirectTests {
    let xml = SampleFeeds.wordPressRSS(items: 3)

    @Test("every redirect status is followed and recorded in order, validators sent to the end")
    func chainOfEveryStatus() async throws {
        try await withServer { server, fetcher in
            let statuses = [301, 302, 303, 307, 308]
            for (index, status) in statuses.enumerated() {
                let next = index + 1 < statuses.count ? "/hop\(index + 1)" : "/final.xml"
                server.route("/hop\(index)", .redirect(to: server.url(next), status: status))
            }
            server.route("/final.xml", .feed(xml, etag: "\"fin\""))
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/hop0"), etag: "\"old\""))
            #expect(response.redirects.map(\.status) == statuses)
            #expect(response.redirects.map(\.from) == (0..<5).map { server.url("/hop\($0)") })
            #expect(response.redirects.last?.to == server.url("/final.xml"))
            #expect(response.finalURL == server.url("/final.xml"))
            #expect(response.permanentRedirectTarget == nil)
            #expect(server.lastRequest(for: "/final.xml")?.header("If-None-Match") == "\"old\"")
            #expect(response.body?.count == xml.utf8.count)
        }
    }

    @Test("an all-permanent chain names the new URL to store")
    func allPermanent() async throws {
        try await withServer { server, fetcher in
            server.route("/old/feed", .redirect(to: server.url("/moved/feed"), status: 301))
            server.route("/moved/feed", .redirect(to: server.url("/new/feed.xml"), status: 308))
            server.route("/new/feed.xml", .feed(xml))
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/old/feed")))
            #expect(response.redirects.map(\.status) == [301, 308])
            #expect(response.permanentRedirectTarget == server.url("/new/feed.xml"))
        }
    }

    @Test("a temporary hop anywhere in the chain keeps the stored URL")
    func mixedChain() async throws {
        try await withServer { server, fetcher in
            server.route("/a", .redirect(to: server.url("/b"), status: 301))
            server.route("/b", .redirect(to: server.url("/c"), status: 302))
            server.route("/c", .feed(xml))
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/a")))
            #expect(response.redirects.map(\.status) == [301, 302])
            #expect(response.permanentRedirectTarget == nil)
            #expect(response.finalURL == server.url("/c"))
        }
    }

    @Test("relative Location headers are resolved against the current URL")
    func relativeLocations() async throws {
        try await withServer { server, fetcher in
            server.route("/blog/feed", .redirect(to: "rss.xml", status: 302))
            server.route("/blog/rss.xml", .redirect(to: "/feeds/main.xml", status: 307))
            server.route("/feeds/main.xml", .feed(xml))
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/blog/feed")))
            #expect(response.redirects.map(\.to) == [server.url("/blog/rss.xml"), server.url("/feeds/main.xml")])
            #expect(response.finalURL == server.url("/feeds/main.xml"))
        }
    }

    @Test("a redirect back to a visited URL is a loop")
    func loop() async throws {
        try await withServer { server, fetcher in
            server.route("/ping", .redirect(to: server.url("/pong"), status: 302))
            server.route("/pong", .redirect(to: "/ping", status: 301))
            server.route("/self", .redirect(to: "/self", status: 308))
            #expect(await fetcher.failure(fetching: server.url("/ping")) == .redirectLoop(url: server.url("/ping")))
            #expect(await fetcher.failure(fetching: server.url("/self")) == .redirectLoop(url: server.url("/self")))
            #expect(server.requestCount(for: "/ping") == 1)
        }
    }

    @Test("more redirects than the limit fail; exactly the limit succeeds")
    func redirectLimit() async throws {
        var configuration = FetcherConfiguration.default
        configuration.maxRedirects = 3
        try await withServer(configuration) { server, fetcher in
            for index in 0..<4 { server.route("/r\(index)", .redirect(to: "/r\(index + 1)", status: 302)) }
            server.route("/r4", .feed(xml))
            let ok = try await fetcher.fetch(FetchRequest(url: server.url("/r1")))
            #expect(ok.redirects.count == 3)
            #expect(await fetcher.failure(fetching: server.url("/r0")) == .tooManyRedirects(limit: 3))
        }
    }

    @Test("a redirect to a non-HTTP scheme is refused, never read from disk")
    func redirectToFileIsRefused() async throws {
        try await withServer { server, fetcher in
            server.route("/sneaky", .redirect(to: "file:///etc/passwd", status: 302))
            #expect(await fetcher.failure(fetching: server.url("/sneaky")) == .invalidURL("file:///etc/passwd"))
        }
    }
}
