import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport
import Testing

@Suite("Transport failures")
struct TransportFailureTests {
    @Test("a port nothing listens on fails at once with connectionFailed")
    func connectionRefused() async throws {
        let server = try await LocalHTTPServer.start()
        let url = server.url("/feed.xml")
        try await server.shutdown()
        try await withFetcher { fetcher in
            let (error, seconds) = await measure { await fetcher.failure(fetching: url) }
            #expect(error == .connectionFailed(reason: "connection refused"))
            // Well before the 10 s connect timeout would answer; loose enough for a 2-core CI loaded
            // by the rest of the suite (7.6 s seen there once, against 3 s before).
            #expect(seconds < 9)
        }
    }

    @Test("TLS to a plain-HTTP port is a TLS failure")
    func tlsToPlainPort() async throws {
        try await withServer { server, fetcher in
            let url = server.url("/feed.xml").replacingOccurrences(of: "http://", with: "https://")
            let error = await fetcher.failure(fetching: url)
            guard case .tlsFailure = error else {
                Issue.record("expected tlsFailure, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("cancelling the task stops an in-flight request promptly")
    func cancellation() async throws {
        try await withServer { server, fetcher in
            server.route("/slow.xml", .feed(SampleFeeds.wordPressRSS(items: 2)).delayed(by: .seconds(10)))
            let task = Task { await fetcher.failure(fetching: server.url("/slow.xml")) }
            for _ in 0..<1000 where server.requestCount(for: "/slow.xml") == 0 {
                try? await Task.sleep(for: .milliseconds(10))
            }
            #expect(server.requestCount(for: "/slow.xml") == 1)
            let (error, seconds) = await measure {
                task.cancel()
                return await task.value
            }
            #expect(error == .cancelled)
            #expect(seconds < 3) // the server would answer after 10 s
        }
    }

    @Test("a task cancelled before fetching fails with cancelled and sends nothing")
    func cancelledBeforeStart() async throws {
        try await withServer { server, fetcher in
            server.route("/feed.xml", .feed(SampleFeeds.wordPressRSS(items: 2)))
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await fetcher.failure(fetching: server.url("/feed.xml"))
            }
            #expect(await task.value == .cancelled)
            #expect(server.requestCount(for: "/feed.xml") == 0)
        }
    }

    @Test("unsupported schemes and malformed URLs are invalid",
          arguments: ["ftp://example.org/feed.xml", "gopher://example.org/1/feed", "feed.xml", "http://", "not a url"])
    func invalidURLs(url: String) async throws {
        try await withFetcher { fetcher in
            #expect(await fetcher.failure(fetching: url) == .invalidURL(url))
        }
    }
}
