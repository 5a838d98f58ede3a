import Foundation
import HeraldDomain
import HeraldPorts

/// A `FeedFetching` that passes every fetch to `base` and records how many were in flight at
/// once, overall and per origin (scheme, host and port): the evidence of which limit bound a run.
/// It costs two lock round trips per fetch.
final class RefreshBenchmarkInFlight: FeedFetching, @unchecked Sendable {
    /// The most fetches seen in flight at once.
    struct Peaks: Sendable {
        var overall = 0
        /// The largest per-origin peak over all origins.
        var perOrigin = 0
    }

    private let base: any FeedFetching
    private let lock = NSLock()
    private var active = 0
    private var activeByOrigin: [String: Int] = [:]
    private var recorded = Peaks()

    init(_ base: any FeedFetching) {
        self.base = base
    }

    /// The peaks so far.
    var peaks: Peaks {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let origin = URL(string: request.url).map { "\($0.scheme ?? "")://\($0.host ?? ""):\($0.port ?? -1)" } ?? request.url
        enter(origin)
        defer { leave(origin) }
        return try await base.fetch(request)
    }

    private func enter(_ origin: String) {
        lock.lock()
        active += 1
        activeByOrigin[origin, default: 0] += 1
        recorded.overall = max(recorded.overall, active)
        recorded.perOrigin = max(recorded.perOrigin, activeByOrigin[origin, default: 0])
        lock.unlock()
    }

    private func leave(_ origin: String) {
        lock.lock()
        active -= 1
        activeByOrigin[origin, default: 1] -= 1
        lock.unlock()
    }
}
