import Foundation
import HeraldDomain
@testable import HeraldFetching
import HeraldTestSupport
import NIOSSL
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

@Suite("DNS rebinding: a page's host is resolved once, and the request connects to the address checked")
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

    /// An HTTPS server on 127.0.0.1 with a certificate for `names`, and a fetcher that trusts it;
    /// nil (the test says why) when no certificate can be made here.
    private static func httpsSetup(names: [String], resolver: ScriptedResolver) async throws
        -> (server: LocalHTTPServer, fetcher: HTTPFeedFetcher)? {
        let certificate: LocalCertificate
        do {
            certificate = try LocalCertificate.make(for: names)
        } catch {
            print("skipped: \(error)")
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("CI must run the https test: \(error)") }
            return nil
        }
        let server = try await LocalHTTPServer.start(tls: certificate)
        server.route("/page.html", .feed("<html><body><p>The secure article</p></body></html>", contentType: "text/html"))
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = try certificate.trustRoots()
        let fetcher = HTTPFeedFetcher(configuration: .default, clock: SystemWallClock(), screen: screen(resolver), tls: tls)
        return (server, fetcher)
    }

    @Test("Given an https name that answers a public address to the check and a private one after, then the request reaches the checked address and TLS still names the host")
    func httpsRebindingNameReachesTheCheckedAddress() async throws {
        // `pinned.test` resolves nowhere on this machine: only a connection to the address the
        // screen checked reaches the server.
        let resolver = ScriptedResolver([[[127, 0, 0, 1]], [[10, 0, 0, 7]]])
        guard let (server, fetcher) = try await Self.httpsSetup(names: ["pinned.test"], resolver: resolver) else { return }
        let url = "https://pinned.test:\(server.port)/page.html"
        // Not `try`: a failure is reported, and the fetcher and server are still shut down.
        var response: FetchResponse?
        do {
            response = try await fetcher.fetch(FetchRequest(url: url, refusesPrivateAddresses: true))
        } catch {
            Issue.record("the pinned https fetch failed: \(error)")
        }
        #expect(response?.body.map { String(decoding: $0, as: UTF8.self).contains("The secure article") } == true)
        #expect(response?.finalURL == url)
        #expect(server.lastRequest(for: "/page.html")?.header("Host") == "pinned.test:\(server.port)")
        #expect(resolver.lookups.load(ordering: .relaxed) == 1)
        // The next page is checked anew: the name now answers the private address, and is refused.
        let refused = await fetcher.failure(fetching: url, refusingPrivate: true)
        #expect(refused == .privateAddress(host: "pinned.test"))
        #expect(server.requestCount(for: "/page.html") == 1)
        await fetcher.shutdown()
        try await server.shutdown()
    }

    @Test("Given two spellings of one https name, then each page reaches the checked address (the second spelling is pinned too, not looked up again)")
    func httpsOtherSpellingIsPinnedToo() async throws {
        let resolver = ScriptedResolver([[[127, 0, 0, 1]]])
        guard let (server, fetcher) = try await Self.httpsSetup(names: ["pinned.test"], resolver: resolver) else { return }
        for host in ["pinned.test", "PINNED.Test", "pinned.test"] {
            let url = "https://\(host):\(server.port)/page.html"
            do {
                _ = try await fetcher.fetch(FetchRequest(url: url, refusesPrivateAddresses: true))
            } catch {
                Issue.record("\(url): \(error)")
            }
        }
        #expect(server.requestCount(for: "/page.html") == 3)
        await fetcher.shutdown()
        try await server.shutdown()
    }

    @Test("Given a name the check cannot resolve, then the request fails without a second look-up by the client")
    func unresolvedNameIsNotLookedUpAgain() async throws {
        let server = try await LocalHTTPServer.start()
        server.route("/page.html", .feed("<html><body>inside</body></html>", contentType: "text/html"))
        // The check finds nothing; the client would have asked the system resolver, which knows localhost.
        let fetcher = HTTPFeedFetcher(configuration: .default, clock: SystemWallClock(),
                                      screen: AddressScreen(resolve: { _ in [] }, isPrivate: { _ in false }))
        let failure = await fetcher.failure(fetching: "http://localhost:\(server.port)/page.html", refusingPrivate: true)
        #expect(failure == .dnsFailure(host: "localhost"))
        #expect(server.requestCount(for: "/page.html") == 0)
        await fetcher.shutdown()
        try await server.shutdown()
    }

    @Test("Given an https name pinned to an address whose certificate names another host, then the request fails on the certificate")
    func httpsCertificateStillChecked() async throws {
        let resolver = ScriptedResolver([[[127, 0, 0, 1]]])
        guard let (server, fetcher) = try await Self.httpsSetup(names: ["pinned.test"], resolver: resolver) else { return }
        let failure = await fetcher.failure(fetching: "https://impostor.test:\(server.port)/page.html", refusingPrivate: true)
        #expect(failure != nil)
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
