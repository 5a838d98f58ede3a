import Foundation
import HeraldDomain
import HeraldStore
import HeraldTestSupport

/// Why a benchmark run is invalid (a failed feed, a wrong count, a server that would not start).
struct RefreshBenchmarkFailure: Error {
    let message: String
}

/// One configuration of the refresh benchmark: how many feeds of how many items, served with
/// what latency from how many origins of 127.0.0.1, refreshed under which interactor limits.
struct RefreshBenchmarkScenario: Sendable {
    /// One measurement of the configuration, on a new server and a new database file.
    struct Repetition: Sendable {
        var cold: RefreshBenchmarkPipeline.Run
        var warm: RefreshBenchmarkPipeline.Run?
        var fetchCold: RefreshBenchmarkFetchOnly.Run?
        var fetchWarm: RefreshBenchmarkFetchOnly.Run?
        /// The most connections the server had open at once, over every pass of the repetition.
        var peakConnections = 0
        var acceptedConnections = 0
        var articles = 0
        var databaseBytes: Int64 = 0
    }

    var feeds: Int
    var items: Int
    var latencyMilliseconds: Int
    var origins: Int
    var limits: RefreshBenchmarkOptions.Limits
    /// The documents served (news unless the command line says otherwise).
    var documents: RefreshBenchmarkOptions.Documents = .news

    /// Subscribes the feeds in a new database in `folder` (untimed), then times a cold refresh
    /// and, when asked, a warm refresh and the fetch-only baseline of both. Every pass is
    /// checked: a failed feed or a wrong count makes the whole measurement fail.
    func measure(in folder: URL, warm: Bool, baseline: Bool) async throws(RefreshBenchmarkFailure) -> Repetition {
        let tally = RefreshBenchmarkServerTally()
        let published = RefreshBenchmarkFeeds(items: items, tally: tally, style: documents)
        let server: LocalHTTPServer
        do {
            server = try await LocalHTTPServer.start(latency: .milliseconds(latencyMilliseconds), origins: origins)
        } catch {
            throw RefreshBenchmarkFailure(message: "the local server did not start: \(error)")
        }
        server.route(prefix: RefreshBenchmarkFeeds.prefix) { published.respond(to: $0) }
        let outcome: Result<Repetition, RefreshBenchmarkFailure>
        do {
            outcome = .success(try await measure(on: server, tally: tally, in: folder, warm: warm, baseline: baseline))
        } catch {
            outcome = .failure(error)
        }
        try? await server.shutdown()
        return try outcome.get()
    }

    private func measure(on server: LocalHTTPServer, tally: RefreshBenchmarkServerTally, in folder: URL,
                         warm: Bool, baseline: Bool) async throws(RefreshBenchmarkFailure) -> Repetition {
        do {
            let store = try SQLiteStore(path: folder.appendingPathComponent("herald.db").path)
            for feed in 0..<feeds {
                let url = server.url(RefreshBenchmarkFeeds.path(feed), origin: feed % origins)
                _ = try await store.addFeed(NewFeed(url: url), at: Date())
            }
            let pipeline = RefreshBenchmarkPipeline(store: store, policy: limits.policy, tally: tally)
            let coldOrder = try await store.feeds().map { FetchRequest(url: $0.url) }
            var repetition = Repetition(cold: await pipeline.refreshAll())
            if let problem = RefreshBenchmarkPipeline.coldProblem(repetition.cold, feeds: feeds, items: items) {
                throw RefreshBenchmarkFailure(message: problem)
            }
            let statistics = try await store.statistics()
            guard statistics.articles == feeds * items else {
                throw RefreshBenchmarkFailure(message: "the store holds \(statistics.articles) articles, expected \(feeds * items)")
            }
            repetition.articles = statistics.articles
            repetition.databaseBytes = statistics.databaseBytes
            let warmOrder = try await store.feeds().map(\.url)
            if warm {
                let run = await pipeline.refreshAll()
                if let problem = RefreshBenchmarkPipeline.warmProblem(run, feeds: feeds) {
                    throw RefreshBenchmarkFailure(message: problem)
                }
                repetition.warm = run
            }
            if baseline {
                let fetchOnly = RefreshBenchmarkFetchOnly(policy: limits.policy)
                let cold = await fetchOnly.fetchAll(coldOrder)
                guard cold.full == feeds, cold.failed == 0 else {
                    throw RefreshBenchmarkFailure(message: "fetch-only cold pass: \(cold.full) bodies, \(cold.failed) failed "
                                                  + "(\(cold.firstFailure ?? "no failure"))")
                }
                let conditional = warmOrder.map { cold.validators[$0] ?? FetchRequest(url: $0) }
                let warmFetch = await fetchOnly.fetchAll(conditional)
                guard warmFetch.notModified == feeds, warmFetch.failed == 0 else {
                    throw RefreshBenchmarkFailure(message: "fetch-only warm pass: \(warmFetch.notModified) 304s, "
                                                  + "\(warmFetch.failed) failed (\(warmFetch.firstFailure ?? "no failure"))")
                }
                repetition.fetchCold = cold
                repetition.fetchWarm = warmFetch
            }
            repetition.peakConnections = server.peakConcurrentConnections
            repetition.acceptedConnections = server.acceptedConnectionCount
            return repetition
        } catch let error as RefreshBenchmarkFailure {
            throw error
        } catch let error as StoreError {
            throw RefreshBenchmarkFailure(message: error.message)
        } catch {
            throw RefreshBenchmarkFailure(message: String(describing: error))
        }
    }
}
