import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport
import Testing

@Suite("LocalHTTPServer")
struct LocalHTTPServerTests {
    @Test("an unrouted path is a 404, counted like any other")
    func unroutedPath() async throws {
        try await withServer { server, fetcher in
            #expect(await fetcher.failure(fetching: server.url("/nothing-here.xml")) == .notFound)
            #expect(server.requestCount(for: "/nothing-here.xml") == 1)
            #expect(server.baseURL.hasPrefix("http://127.0.0.1:"))
            #expect(server.port > 0)
        }
    }

    @Test("an exact route wins over a family; the longest family prefix wins")
    func routePrecedence() async throws {
        try await withServer { server, fetcher in
            server.route(prefix: "/feeds/") { _ in .feed("family", contentType: "text/plain") }
            server.route(prefix: "/feeds/special/") { _ in .feed("special", contentType: "text/plain") }
            server.route("/feeds/7.xml", .feed("exact", contentType: "text/plain"))
            func text(_ path: String) async throws -> String? {
                try await fetcher.fetch(FetchRequest(url: server.url(path))).body.map { String(decoding: $0, as: UTF8.self) }
            }
            let exact = try await text("/feeds/7.xml")
            let family = try await text("/feeds/8.xml")
            let special = try await text("/feeds/special/1.xml")
            #expect(exact == "exact")
            #expect(family == "family")
            #expect(special == "special")
        }
    }

    @Test("several origins share one routing table and are separate hosts to the client")
    func origins() async throws {
        let server = try await LocalHTTPServer.start(origins: 3)
        try await withFetcher { fetcher in
            server.route("/feed.xml", .feed(SampleFeeds.wordPressRSS(items: 1)))
            #expect(Set(server.ports).count == 3)
            for origin in 0..<3 {
                let response = try await fetcher.fetch(FetchRequest(url: server.url("/feed.xml", origin: origin)))
                #expect(response.finalURL == server.baseURLs[origin] + "/feed.xml")
            }
            #expect(server.requestCount(for: "/feed.xml") == 3)
            #expect(server.acceptedConnectionCount == 3)
        }
        try await server.shutdown()
    }

    @Test("the configured latency delays every answer")
    func latency() async throws {
        let server = try await LocalHTTPServer.start(latency: .milliseconds(150))
        try await withFetcher { fetcher in
            server.route("/feed.xml", .feed(SampleFeeds.wordPressRSS(items: 1)))
            let (_, seconds) = try await measure { try await fetcher.fetch(FetchRequest(url: server.url("/feed.xml"))) }
            #expect(seconds >= 0.15)
        }
        try await server.shutdown()
    }
}
