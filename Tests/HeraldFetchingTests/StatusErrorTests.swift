import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport
import Testing

@Suite("Error statuses")
struct StatusErrorTests {
    let now = Date(timeIntervalSince1970: 1_794_992_400)  // Wed, 18 Nov 2026 09:00:00 GMT

    @Test("404, 410 and other errors map to their cases",
          arguments: [(404, FetchError.notFound), (410, .gone), (500, .httpStatus(500)),
                      (403, .httpStatus(403)), (502, .httpStatus(502))])
    func statuses(status: Int, expected: FetchError) async throws {
        try await withServer { server, fetcher in
            server.route("/feed", .error(status))
            #expect(await fetcher.failure(fetching: server.url("/feed")) == expected)
        }
    }

    @Test("429 and 503 with Retry-After in seconds give the date to retry after", arguments: [429, 503])
    func retryAfterSeconds(status: Int) async throws {
        try await withServer(clock: FixedWallClock(now)) { server, fetcher in
            server.route("/feed", .error(status, retryAfter: "120"))
            let error = await fetcher.failure(fetching: server.url("/feed"))
            #expect(error == .rateLimited(status: status, retryAfter: now.addingTimeInterval(120)))
        }
    }

    @Test("Retry-After as an HTTP-date is honoured")
    func retryAfterDate() async throws {
        try await withServer(clock: FixedWallClock(now)) { server, fetcher in
            server.route("/feed", .error(503, retryAfter: "Wed, 18 Nov 2026 10:30:00 GMT"))
            let error = await fetcher.failure(fetching: server.url("/feed"))
            #expect(error == .rateLimited(status: 503, retryAfter: now.addingTimeInterval(5_400)))
        }
    }

    @Test("429 without Retry-After, or with garbage, is rate limited with no date")
    func retryAfterMissing() async throws {
        try await withServer { server, fetcher in
            server.route("/plain", .error(429))
            server.route("/garbage", .error(429, retryAfter: "soon"))
            #expect(await fetcher.failure(fetching: server.url("/plain")) == .rateLimited(status: 429, retryAfter: nil))
            #expect(await fetcher.failure(fetching: server.url("/garbage")) == .rateLimited(status: 429, retryAfter: nil))
        }
    }

    @Test("error pages are drained, so the connection is reused")
    func errorKeepsConnection() async throws {
        try await withServer { server, fetcher in
            server.route("/missing", .error(404))
            for _ in 0..<5 { _ = await fetcher.failure(fetching: server.url("/missing")) }
            #expect(server.requestCount(for: "/missing") == 5)
            #expect(server.acceptedConnectionCount <= 2)
        }
    }
}
