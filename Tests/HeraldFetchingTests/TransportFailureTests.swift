import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport
import Testing

@Suite("Transport failures")
struct TransportFailureTests {
    @Test("a port nothing listens on fails at once with connectionFailed")
    func connectionRefused() async throws {
        // A port held by a socket that is bound but never listens: connecting is refused, and no
        // other test's server can take the port meanwhile (a port freed by a stopped server was
        // reused by a parallel test once, which answered with a reset).
        let holder = try BoundSilentPort()
        defer { holder.close() }
        let url = "http://127.0.0.1:\(holder.port)/feed.xml"
        try await withFetcher { fetcher in
            let error = await fetcher.failure(fetching: url)
            // The kind is what tells "refused at once" from "waited for the connect timeout" (which
            // would be `.timedOut`); wall-clock bounds flaked on a loaded 2-core CI (13.8 s seen) and
            // belong in benchmarks.
            #expect(error == .connectionFailed(reason: "connection refused"))
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
            server.route("/slow.xml", .feed(SampleFeeds.wordPressRSS(items: 2)).delayed(by: .seconds(120)))
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
            #expect(seconds < 60) // the server would answer after 120 s; far apart, so load cannot flake it
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

/// A TCP socket bound to a free loopback port without listening on it.
private struct BoundSilentPort {
    struct Failure: Error {}
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(descriptor)
            throw Failure()
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { Glibc.close(descriptor) }
}
