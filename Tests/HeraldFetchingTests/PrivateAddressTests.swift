import Foundation
import HeraldDomain
@testable import HeraldFetching
import HeraldTestSupport
import Testing

/// Pages a feed links to may not reach the machine's or its network's own services: a request
/// that refuses private addresses is refused before any connection, at its first hop.
@Suite("Private addresses")
struct PrivateAddressTests {
    @Test("a request that refuses private addresses never reaches a loopback server; the same request without the flag does")
    func loopbackIsRefused() async throws {
        try await withServer { server, fetcher in
            server.route("/page.html", .feed("<html><body><p>Admin page</p></body></html>"))
            let refused = await fetcher.failure(fetching: server.url("/page.html"), refusingPrivate: true)
            #expect(refused == .privateAddress(host: "127.0.0.1"))
            #expect(server.requestCount(for: "/page.html") == 0, "no connection was made")
            #expect(refused?.message.contains("full-text-private-addresses = allow") == true)
            let allowed = try await fetcher.fetch(FetchRequest(url: server.url("/page.html")))
            #expect(allowed.body != nil)
        }
    }

    @Test("names and literals of loopback, private, link-local and reserved ranges are private; public ones are not",
          arguments: [
              ("localhost", true), ("127.0.0.1", true), ("[::1]", true), ("10.0.0.8", true), ("172.16.4.1", true),
              ("172.32.0.1", false), ("192.168.1.1", true), ("169.254.169.254", true), ("100.64.0.1", true),
              ("0.0.0.0", true), ("[fe80::1]", true), ("[fd12:3456::1]", true), ("[::ffff:10.0.0.1]", true),
              ("224.0.0.1", true), ("8.8.8.8", false), ("93.184.216.34", false), ("[2606:4700::1111]", false),
          ])
    func ranges(host: String, isPrivate: Bool) async {
        #expect(await (AddressScreen.system.check(host) == .refused) == isPrivate, "\(host)")
    }
}

extension HTTPFeedFetcher {
    /// The error a fetch of `url` fails with when it refuses private addresses, or `nil`.
    func failure(fetching url: String, refusingPrivate: Bool) async -> FetchError? {
        do {
            _ = try await fetch(FetchRequest(url: url, refusesPrivateAddresses: refusingPrivate))
            return nil
        } catch {
            return error
        }
    }
}
