import Foundation
import HeraldDomain
@testable import HeraldInteractors
import HeraldPorts

/// A fake `FeedFetching` that answers each URL from a script (the last step repeats), records the
/// requests and the highest number of fetches seen in flight, overall and per host.
actor RefreshTestFetcher: FeedFetching {
    /// One scripted answer.
    indirect enum Step: Sendable {
        /// Answer with this response.
        case respond(FetchResponse)
        /// Fail with this error.
        case fail(FetchError)
        /// Sleep first (cancellable: a cancelled sleep fails with `.cancelled`).
        case delayed(Duration, Step)
        /// Wait until ``openGate()`` first.
        case gated(Step)
    }

    private var scripts: [String: [Step]] = [:]
    private var inFlightByHost: [String: Int] = [:]
    private var inFlight = 0
    private var gateIsOpen = false
    private var gateWaiters: [CheckedContinuation<Void, Never>] = []

    /// Every request, in the order received.
    private(set) var requests: [FetchRequest] = []
    /// The most fetches in flight at once.
    private(set) var maxInFlight = 0
    /// The most fetches in flight at once per host key.
    private(set) var maxInFlightByHost: [String: Int] = [:]

    /// Scripts the answers for `url`.
    func script(_ url: String, _ steps: Step...) { scripts[url] = steps }

    /// Lets every gated fetch go on.
    func openGate() {
        gateIsOpen = true
        for waiter in gateWaiters { waiter.resume() }
        gateWaiters.removeAll()
    }

    var fetchesInFlight: Int { inFlight }

    func requestedURLs() -> [String] { requests.map(\.url) }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        requests.append(request)
        let host = HostKey.of(request.url)
        inFlight += 1
        inFlightByHost[host, default: 0] += 1
        maxInFlight = max(maxInFlight, inFlight)
        maxInFlightByHost[host] = max(maxInFlightByHost[host] ?? 0, inFlightByHost[host] ?? 0)
        let result = await perform(nextStep(for: request.url))
        inFlight -= 1
        inFlightByHost[host, default: 1] -= 1
        return try result.get()
    }

    private func nextStep(for url: String) -> Step {
        guard var steps = scripts[url], let first = steps.first else {
            return .fail(.connectionFailed(reason: "nothing scripted for \(url)"))
        }
        if steps.count > 1 {
            steps.removeFirst()
            scripts[url] = steps
        }
        return first
    }

    private func perform(_ step: Step) async -> Result<FetchResponse, FetchError> {
        switch step {
        case .respond(let response):
            return .success(response)
        case .fail(let error):
            return .failure(error)
        case let .delayed(duration, next):
            do {
                try await Task.sleep(for: duration)
            } catch {
                return .failure(.cancelled)
            }
            return await perform(next)
        case .gated(let next):
            if !gateIsOpen {
                await withCheckedContinuation { gateWaiters.append($0) }
            }
            return await perform(next)
        }
    }
}

extension FetchResponse {
    /// A 200 response whose body is `text` (UTF-8).
    static func body(_ text: String, at url: String, etag: String? = nil, lastModified: String? = nil,
                     maxAge: Double? = nil, expires: Date? = nil, redirects: [RedirectHop] = [],
                     charset: String? = "utf-8") -> FetchResponse {
        FetchResponse(finalURL: redirects.last?.to ?? url, redirects: redirects,
                      outcome: .content(Data(text.utf8), contentType: "application/rss+xml", charset: charset),
                      etag: etag, lastModified: lastModified, maxAge: maxAge, expires: expires)
    }

    /// A 304 response.
    static func notModified(at url: String, etag: String? = nil, maxAge: Double? = nil) -> FetchResponse {
        FetchResponse(finalURL: url, outcome: .notModified, etag: etag, maxAge: maxAge)
    }
}
