#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The hard cap of requests per host and second across a process: at most `limit` requests to one
/// host in any window of one second (a sliding window of the last `limit` start times, on the
/// monotonic clock so that a wall-clock jump changes nothing). A request over the cap waits for its
/// turn; it is a backstop under the per-host concurrency limit, so that no bug in what hands a
/// refresh its feeds can turn into a flood.
actor HostRateLimiter {
    private let limit: Int
    private let clock = ContinuousClock()
    /// The start times of the last `limit` requests of each host, oldest first.
    private var recent: [String: [ContinuousClock.Instant]] = [:]
    /// Hosts that answered 429 or 503 (asking clients to slow down), with the wall-clock time
    /// before which the process asks them nothing more, and the status they answered.
    private var pauses: [String: (until: Date, status: Int)] = [:]

    /// A limiter of `limit` requests per host and second (at least one).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Asks `host` nothing more before `until`: it answered `status` (429 or 503), which is about
    /// the client's requests to the site, not about one feed.
    func pause(_ host: String, until: Date, status: Int) {
        if let current = pauses[host], current.until >= until { return }
        pauses[host] = (until, status)
    }

    /// The pause of `host` still running at `now`, if any.
    func pause(of host: String, at now: Date) -> (until: Date, status: Int)? {
        guard let pause = pauses[host] else { return nil }
        guard pause.until > now else {
            pauses[host] = nil
            return nil
        }
        return pause
    }

    /// Waits until a request to `host` fits under the cap and counts it.
    /// - Returns: `false` when the task was cancelled while waiting.
    func admit(_ host: String) async -> Bool {
        while true {
            if Task.isCancelled { return false }
            let now = clock.now
            var times = recent[host, default: []]
            times.removeAll { now - $0 >= .seconds(1) }
            if times.count < limit {
                times.append(now)
                recent[host] = times
                return true
            }
            recent[host] = times
            let wait = times[0] + .seconds(1) - now
            do {
                try await Task.sleep(for: wait)
            } catch {
                return false
            }
        }
    }
}
