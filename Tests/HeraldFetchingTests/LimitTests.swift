import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport
import Testing

@Suite("Limits and timeouts")
struct LimitTests {
    let xml = SampleFeeds.wordPressRSS(items: 20)

    @Test("a body larger than the limit is refused")
    func bodyOverLimit() async throws {
        var configuration = FetcherConfiguration.default
        configuration.maxBodyBytes = 4_096
        try await withServer(configuration) { server, fetcher in
            server.route("/big.xml", .feed(xml))
            server.route("/small.xml", .feed(Array(xml.utf8.prefix(4_096))))
            #expect(await fetcher.failure(fetching: server.url("/big.xml")) == .tooLarge(limit: 4_096))
            let small = try await fetcher.fetch(FetchRequest(url: server.url("/small.xml")))
            #expect(small.body?.count == 4_096)
        }
    }

    @Test("a connection closed before Content-Length bytes arrived is an error, not a short feed")
    func truncatedBody() async throws {
        try await withServer { server, fetcher in
            server.route("/cut.xml", .feed(xml).truncated(after: 1_000))
            let error = await fetcher.failure(fetching: server.url("/cut.xml"))
            guard case .connectionFailed = error else {
                Issue.record("expected connectionFailed, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("a server silent for longer than the read timeout times out")
    func readTimeout() async throws {
        var configuration = FetcherConfiguration.default
        configuration.readTimeout = .milliseconds(300)
        try await withServer(configuration) { server, fetcher in
            server.route("/slow.xml", .feed(xml).delayed(by: .seconds(120)))
            let (error, seconds) = await measure { await fetcher.failure(fetching: server.url("/slow.xml")) }
            #expect(error == .timedOut)
            #expect(seconds < 60) // the server would answer after 120 s: far apart, so a loaded CI cannot flake it
        }
    }

    @Test("a body trickled for longer than the total timeout times out")
    func totalTimeout() async throws {
        var configuration = FetcherConfiguration.default
        configuration.totalTimeout = .milliseconds(500)
        try await withServer(configuration) { server, fetcher in
            // 16 bytes every 50 ms: the body would take well over 10 s to end.
            server.route("/trickle.xml", .feed(xml).trickled(chunkSize: 16, every: .milliseconds(50)))
            // Only the total timeout can end this fetch with `.timedOut` (each chunk arrives well within
            // the read timeout), so the kind is the proof; wall-clock bounds belong in benchmarks.
            let error = await fetcher.failure(fetching: server.url("/trickle.xml"))
            #expect(error == .timedOut)
        }
    }

    @Test("a slow body within the timeouts arrives whole")
    func slowButComplete() async throws {
        try await withServer { server, fetcher in
            let body = String(xml.prefix(2_000))
            server.route("/trickle.xml", .feed(body).trickled(chunkSize: 500, every: .milliseconds(20)))
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/trickle.xml")))
            #expect(response.body.map { String(decoding: $0, as: UTF8.self) } == body)
        }
    }
}
