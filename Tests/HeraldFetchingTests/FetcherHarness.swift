import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport

/// Starts a real server on 127.0.0.1 and a fetcher, runs `body`, and shuts both down.
func withServer<T>(
    _ configuration: FetcherConfiguration = .default,
    clock: any WallClock = SystemWallClock(),
    _ body: (LocalHTTPServer, HTTPFeedFetcher) async throws -> T
) async throws -> T {
    let server = try await LocalHTTPServer.start()
    let fetcher = HTTPFeedFetcher(configuration: configuration, clock: clock)
    do {
        let result = try await body(server, fetcher)
        await fetcher.shutdown()
        try await server.shutdown()
        return result
    } catch {
        await fetcher.shutdown()
        try? await server.shutdown()
        throw error
    }
}

extension HTTPFeedFetcher {
    /// The error a fetch of `url` fails with, or `nil` when it succeeds.
    func failure(fetching url: String, etag: String? = nil) async -> FetchError? {
        do {
            _ = try await fetch(FetchRequest(url: url, etag: etag))
            return nil
        } catch {
            return error
        }
    }
}

extension FetchResponse {
    /// The body of a `.content` outcome.
    var body: Data? {
        if case .content(let data, _, _) = outcome { return data }
        return nil
    }
}

/// Seconds elapsed while running `body`.
func measure<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await body()
    let elapsed = start.duration(to: clock.now)
    return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

/// Runs `body` with a fetcher that is shut down afterwards, even when `body` throws.
func withFetcher<T>(_ configuration: FetcherConfiguration = .default,
                    _ body: (HTTPFeedFetcher) async throws -> T) async throws -> T {
    let fetcher = HTTPFeedFetcher(configuration: configuration)
    do {
        let result = try await body(fetcher)
        await fetcher.shutdown()
        return result
    } catch {
        await fetcher.shutdown()
        throw error
    }
}
