import Foundation
import HeraldDomain
@testable import HeraldFetching
import HeraldTestSupport
import Testing

/// A feed URL with a name and password in it (`https://name:password@host/feed`, as newsboat and
/// curl take it): sent as HTTP Basic to that origin only, never in the request line or the links.
@Suite("Credentials in a feed's URL")
struct URLCredentialsTests {
    let xml = SampleFeeds.wordPressRSS(items: 2)

    @Test("name and password travel as HTTP Basic (percent-decoded), not in the request; the final URL has none")
    func basicFromTheURL() async throws {
        try await withServer { server, fetcher in
            let expected = "Basic " + Data("reader:p@ss word".utf8).base64EncodedString()
            server.route(prefix: "/private") { request in
                request.header("Authorization") == expected ? .feed(self.xml) : .error(401)
            }
            let plain = server.url("/private/feed.xml")
            let withCredentials = plain.replacingOccurrences(of: "http://", with: "http://reader:p%40ss%20word@")
            let response = try await fetcher.fetch(FetchRequest(url: withCredentials))
            #expect(response.body?.isEmpty == false)
            #expect(response.finalURL == plain)
            #expect(server.lastRequest(for: "/private/feed.xml")?.uri == "/private/feed.xml")
            // Without them, the server refuses: the test's server does check.
            #expect(await fetcher.failure(fetching: plain) == .httpStatus(401))
        }
    }

    @Test("a redirect to another origin does not carry them; one within the origin does")
    func onlyToTheirOrigin() async throws {
        let server = try await LocalHTTPServer.start(origins: 2)
        let fetcher = HTTPFeedFetcher()
        server.route("/same", .redirect(to: server.url("/feed.xml"), status: 302))
        server.route("/away", .redirect(to: server.url("/elsewhere.xml", origin: 1), status: 302))
        server.route("/feed.xml", .feed(xml))
        server.route("/elsewhere.xml", .feed(xml))
        func credentialed(_ path: String) -> String {
            server.url(path).replacingOccurrences(of: "http://", with: "http://reader:secret@")
        }
        do {
            _ = try await fetcher.fetch(FetchRequest(url: credentialed("/same")))
            #expect(server.lastRequest(for: "/feed.xml")?.header("Authorization") != nil)
            _ = try await fetcher.fetch(FetchRequest(url: credentialed("/away")))
            #expect(server.lastRequest(for: "/elsewhere.xml") != nil)
            #expect(server.lastRequest(for: "/elsewhere.xml")?.header("Authorization") == nil)
        } catch {
            Issue.record(error)
        }
        await fetcher.shutdown()
        try await server.shutdown()
    }

    @Test("the URL helpers: decoding, removal, origin with the default port")
    func helpers() throws {
        let url = try #require(URL(string: "https://a%20b:c%3Ad@Example.org/feed?x=1"))
        #expect(URLCredentials.of(url) == "Basic " + Data("a b:c:d".utf8).base64EncodedString())
        #expect(URLCredentials.removed(from: url).absoluteString == "https://Example.org/feed?x=1")
        #expect(URLCredentials.origin(of: url) == "https://example.org:443")
        #expect(URLCredentials.of(try #require(URL(string: "https://example.org/feed"))) == nil)
    }
}
