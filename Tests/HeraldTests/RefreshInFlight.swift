import Foundation
import Herald
import HeraldTestSupport

/// A refresh of every feed whose fetch of one document hangs for 30 s: what the web reader may
/// still be running when `herald serve` stops.
struct RefreshInFlight {
    /// The refresh's last summary, once its stream ends.
    let summary: Task<RefreshSummary?, Never>

    /// Makes `path` answer `document` after 30 s, starts the refresh, and returns once its request
    /// has reached the server (`requestsBefore` + 1 of them), or after 20 s.
    static func start(_ herald: Herald, server: LocalHTTPServer, path: String, document: String,
                      requestsBefore: Int) async throws -> RefreshInFlight {
        server.route(path, CannedResponse.feed(document).delayed(by: .seconds(30)))
        let summary = Task { () -> RefreshSummary? in
            var summary: RefreshSummary?
            for await event in herald.refresh(.all) { if case .finished(let last) = event { summary = last } }
            return summary
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while server.requestCount(for: path) <= requestsBefore, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        return RefreshInFlight(summary: summary)
    }
}
