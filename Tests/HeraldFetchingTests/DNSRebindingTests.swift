import Foundation
import HeraldDomain
@testable import HeraldFetching
import HeraldTestSupport
import Synchronization
import Testing

/// A name's answers, one per look-up, counted: the first answer is the one the check sees.
private final class ScriptedResolver: Sendable {
    private let answers: Mutex<[[[UInt8]]]>
    let lookups = Atomic<Int>(0)

    init(_ answers: [[[UInt8]]]) { self.answers = Mutex(answers) }

    func resolve(_ host: String) -> [[UInt8]] {
        lookups.add(1, ordering: .relaxed)
        return answers.withLock { $0.count > 1 ? $0.removeFirst() : $0.first ?? [] }
    }
}

@Suite("DNS rebinding: a page's host is resolved once, and plain http connects to the address checked")
struct DNSRebindingTests {
    /// Addresses judged as the real screen does, except that the test server's 127.0.0.1 stands in
    /// for a public address (no test may reach another machine).
    private static func screen(_ resolver: ScriptedResolver) -> AddressScreen {
        AddressScreen(resolve: { resolver.resolve($0) },
                      isPrivate: { $0 == [127, 0, 0, 1] ? false : PublicAddresses.isPrivate($0) })
    }

    @Test("Given a name that answers a public address to the check and a private one after, then the request reaches the checked address, with the name in Host, after one look-up")
    func rebindingNameReachesTheCheckedAddress() async throws {
        let server = try await LocalHTTPServer.start()
        server.route("/page.html", .feed("<html><body><p>The article</p></body></html>", contentType: "text/html"))
        let resolver = ScriptedResolver([[[127, 0, 0, 1]], [[10, 0, 0, 7]]])
        let fetcher = HTTPFeedFetcher(configuration: .default, clock: SystemWallClock(), screen: Self.screen(resolver))
        let url = "http://rebind.test:\(server.port)/page.html"
        let response = try await fetcher.fetch(FetchRequest(url: url, refusesPrivateAddresses: true))
        #expect(response.body.map { String(decoding: $0, as: UTF8.self).contains("The article") } == true)
        #expect(response.finalURL == url, "the address the feed gave, not the one connected to")
        #expect(server.lastRequest(for: "/page.html")?.header("Host") == "rebind.test:\(server.port)")
        #expect(resolver.lookups.load(ordering: .relaxed) == 1)
        await fetcher.shutdown()
        try await server.shutdown()
    }

    @Test("Given a name with one private address among public ones, then the request is refused before any connection")
    func onePrivateAddressRefuses() async throws {
        let server = try await LocalHTTPServer.start()
        server.route("/page.html", .feed("<html><body>admin</body></html>", contentType: "text/html"))
        let resolver = ScriptedResolver([[[127, 0, 0, 1], [169, 254, 169, 254]]])
        let fetcher = HTTPFeedFetcher(configuration: .default, clock: SystemWallClock(), screen: Self.screen(resolver))
        let refused = await fetcher.failure(fetching: "http://mixed.test:\(server.port)/page.html", refusingPrivate: true)
        #expect(refused == .privateAddress(host: "mixed.test"))
        #expect(server.requestCount(for: "/page.html") == 0)
        await fetcher.shutdown()
        try await server.shutdown()
    }

    @Test("The pinned address keeps the URL's port, path and query, and names the host in Host",
          arguments: [
              ("http://news.example/a%20b?x=1&y=%2F", "http://93.184.216.34/a%20b?x=1&y=%2F", "news.example"),
              ("http://news.example:8080", "http://93.184.216.34:8080/", "news.example:8080"),
          ])
    func pinnedURL(url: String, expected: String, host: String) throws {
        let parsed = try #require(URL(string: url))
        let pinned = try #require(AddressScreen.pinned(parsed, to: "93.184.216.34"))
        #expect(pinned.url == expected)
        #expect(pinned.host == host)
        #expect(AddressScreen.literal([0x26, 0x06, 0x47, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x11, 0x11]) == "[2606:4700::1111]")
        #expect(AddressScreen.literal([93, 184, 216, 34]) == "93.184.216.34")
    }
}
