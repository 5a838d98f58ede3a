import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport
import Testing

@Suite("Concurrency and pooling")
struct ConcurrencyTests {
    @Test("50 fetches at once all complete over at most 4 kept-alive connections")
    func fiftyAtOnce() async throws {
        try await withServer { server, fetcher in
            server.setLatency(.milliseconds(20))
            server.route(prefix: "/feeds/") { request in
                .feed(SampleFeeds.wordPressRSS(items: 2, title: request.path), etag: "\"\(request.path)\"")
            }
            let results = await withTaskGroup(of: FetchResponse?.self) { group in
                for index in 0..<50 {
                    group.addTask { try? await fetcher.fetch(FetchRequest(url: server.url("/feeds/\(index).xml"))) }
                }
                return await group.reduce(into: [FetchResponse]()) { if let response = $1 { $0.append(response) } }
            }
            #expect(results.count == 50)
            #expect(Set(results.compactMap(\.etag)).count == 50)
            #expect(server.totalRequestCount == 50)
            #expect(server.peakConcurrentConnections <= FetcherConfiguration.default.maxConnectionsPerHost)
            #expect(server.acceptedConnectionCount <= FetcherConfiguration.default.maxConnectionsPerHost)
        }
    }

    @Test("with a one-connection limit, fetches to one host queue; time queued is not a timeout")
    func queuedBehindSlowHost() async throws {
        var configuration = FetcherConfiguration.default
        configuration.maxConnectionsPerHost = 1
        configuration.connectTimeout = .seconds(10)
        configuration.totalTimeout = .seconds(4)
        try await withServer(configuration) { server, fetcher in
            // The last of 6 waits about 6 s in all: more than the total limit, yet none may fail
            // (each fetch alone takes 1 s, a quarter of the 4 s total; the connect limit is wide,
            // since a 1 s one failed once on a 2-core machine loaded by the rest of the suite).
            server.route("/slow.xml", .feed(SampleFeeds.wordPressRSS(items: 1)).delayed(by: .seconds(1)))
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<6 {
                    group.addTask { (try? await fetcher.fetch(FetchRequest(url: server.url("/slow.xml")))) != nil }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes == Array(repeating: true, count: 6))
            #expect(server.peakConcurrentConnections == 1)
        }
    }

    @Test("cancelling queued fetches frees their places")
    func cancelWhileQueued() async throws {
        var configuration = FetcherConfiguration.default
        configuration.maxConnectionsPerHost = 1
        try await withServer(configuration) { server, fetcher in
            server.route("/slow.xml", .feed(SampleFeeds.wordPressRSS(items: 1)).delayed(by: .milliseconds(300)))
            server.route("/fast.xml", .feed(SampleFeeds.wordPressRSS(items: 1)))
            let tasks = (0..<4).map { _ in Task { await fetcher.failure(fetching: server.url("/slow.xml")) } }
            try? await Task.sleep(for: .milliseconds(50))
            tasks.forEach { $0.cancel() }
            var errors: [FetchError?] = []
            for task in tasks { errors.append(await task.value) }
            #expect(errors.allSatisfy { $0 == .cancelled })
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/fast.xml")))
            #expect(response.body != nil)
        }
    }
}
