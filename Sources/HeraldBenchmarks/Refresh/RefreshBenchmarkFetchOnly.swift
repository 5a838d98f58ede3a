import Foundation
import HeraldDomain
import HeraldFetching
import HeraldInteractors

/// The baseline: the same requests sent by a bare `HTTPFeedFetcher` (no parse, no store), with
/// the interactor's concurrency: at most `maxConcurrentFetches` at once and `maxConcurrentPerHost`
/// per host, the host keyed as the interactor keys it (the host name, with a non-default port).
struct RefreshBenchmarkFetchOnly {
    /// What one pass of fetches did and how long it took.
    struct Run: Sendable {
        var seconds = 0.0
        var full = 0
        var notModified = 0
        var failed = 0
        var bytes = 0
        /// The validators each URL answered with, for the conditional pass.
        var validators: [String: FetchRequest] = [:]
        var firstFailure: String?
        /// The most fetches in flight at once.
        var inFlight = RefreshBenchmarkInFlight.Peaks()
    }

    let policy: RefreshPolicy

    /// Fetches every request once, in order, with a new fetcher, shut down outside the timing.
    func fetchAll(_ requests: [FetchRequest]) async -> Run {
        let plain = HTTPFeedFetcher()
        let fetcher = RefreshBenchmarkInFlight(plain)
        let hosts = RefreshBenchmarkSlots(limit: policy.maxConcurrentPerHost)
        let work = RefreshBenchmarkSlots(limit: policy.maxConcurrentFetches)
        var run = Run()
        let start = ContinuousClock.now
        await withTaskGroup(of: (FetchRequest, Result<FetchResponse, FetchError>).self) { group in
            for request in requests {
                group.addTask {
                    let url = URL(string: request.url)
                    let host = (url?.host?.lowercased() ?? request.url) + (url?.port.map { ":\($0)" } ?? "")
                    await hosts.acquire(host)
                    await work.acquire("*")
                    let result: Result<FetchResponse, FetchError>
                    do throws(FetchError) {
                        result = .success(try await fetcher.fetch(request))
                    } catch {
                        result = .failure(error)
                    }
                    await hosts.release(host)
                    await work.release("*")
                    return (request, result)
                }
            }
            for await (request, result) in group {
                switch result {
                case .success(let response):
                    run.validators[request.url] = FetchRequest(url: request.url, etag: response.etag,
                                                               lastModified: response.lastModified)
                    if case .content(let data, _, _) = response.outcome {
                        run.full += 1
                        run.bytes += data.count
                    } else {
                        run.notModified += 1
                    }
                case .failure(let error):
                    run.failed += 1
                    if run.firstFailure == nil { run.firstFailure = "\(request.url): \(error.message)" }
                }
            }
        }
        run.seconds = RefreshBenchmarkReport.seconds(ContinuousClock.now - start)
        run.inFlight = fetcher.peaks
        await plain.shutdown()
        return run
    }
}

/// A counting semaphore per key, admitting waiters in arrival order (the baseline's limits).
actor RefreshBenchmarkSlots {
    private let limit: Int
    private var inUse: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Waits for a slot of `key`.
    func acquire(_ key: String) async {
        if inUse[key, default: 0] < limit {
            inUse[key, default: 0] += 1
            return
        }
        await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    /// Frees a slot of `key`, handing it to the longest waiter.
    func release(_ key: String) {
        if var queue = waiting[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[key] = queue
            next.resume()
        } else {
            inUse[key, default: 1] -= 1
        }
    }
}
