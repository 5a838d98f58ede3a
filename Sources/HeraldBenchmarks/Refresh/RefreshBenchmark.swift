import Foundation
import HeraldFetching
import HeraldInteractors

/// `herald-benchmarks refresh [--feeds N] [--items M] [--latency-ms L] [--origins K] [--repeat R]
/// [--scale N,N,...|none] [--limits default|per-origin|both] [--scenarios all|in-process|process]`: refreshes generated RSS feeds served
/// by a local server on 127.0.0.1 with added latency, through the real pipeline (fetcher, libxml2
/// parser, SQLite store in a temporary folder), cold and warm (all 304), against a fetch-only
/// baseline; then phases alone, and larger cold refreshes in child processes for time and memory growth.
enum RefreshBenchmark {
    static let coldGoal = 1.5
    static let warmGoal = 0.6
    static let memoryGoalBytes = 300_000_000

    /// Runs the benchmark with `options` (or, with `isChild`, one growth child); exits 1 on a failure.
    static func run(_ options: RefreshBenchmarkOptions) async {
        if options.isChild {
            await RefreshBenchmarkChild.run(options)
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-refresh-bench-\(UUID().uuidString)")
        do {
            try await measure(options, in: folder)
            try? FileManager.default.removeItem(at: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            print("FAILED (no figure from this run is valid): \(error.benchmarkMessage)")
            exit(1)
        }
    }

    private static func measure(_ options: RefreshBenchmarkOptions, in folder: URL) async throws(RefreshBenchmarkFailure) {
        printHeader(options)
        // A small untimed refresh first, so no figure pays for loading code or starting event loops.
        _ = try await RefreshBenchmarkScenario(feeds: 8, items: options.items, latencyMilliseconds: 0, origins: 2,
                                               limits: .default)
            .measure(in: folder.appendingPathComponent("warm-up"), warm: true, baseline: true)
        var scenarios = options.limits.map {
            RefreshBenchmarkScenario(feeds: options.feeds, items: options.items,
                                     latencyMilliseconds: options.latencyMilliseconds, origins: options.origins, limits: $0,
                                     documents: options.documents ?? .news)
        }
        if options.origins > 1 {
            scenarios.append(RefreshBenchmarkScenario(feeds: options.feeds, items: options.items,
                                                      latencyMilliseconds: options.latencyMilliseconds, origins: 1,
                                                      limits: .default, documents: options.documents ?? .news))
        }
        var goals: [String] = []
        if options.scenarios == .process { scenarios = [] }
        for (number, scenario) in scenarios.enumerated() {
            var repetitions: [RefreshBenchmarkScenario.Repetition] = []
            for run in 0..<options.repeats {
                RefreshBenchmarkReport.progress("\(scenario.origins) origin(s), limits \(scenario.limits.rawValue): run \(run + 1) of \(options.repeats)")
                let place = folder.appendingPathComponent("scenario-\(number)-run-\(run)")
                repetitions.append(try await scenario.measure(in: place, warm: true, baseline: true))
                try? FileManager.default.removeItem(at: place)
            }
            goals += RefreshBenchmarkSummary.printScenario(scenario, repetitions)
        }
        if !scenarios.isEmpty {
            let peak = RefreshBenchmarkReport.peakResidentKilobytes() ?? -1
            print("\npeak memory of this process over every \(options.feeds)-feed run above: VmHWM "
                  + String(format: "%.1f MB", Double(peak) * 1024 / 1e6))
        }
        var processGoals: [String] = []
        if options.scenarios != .inProcess {
            processGoals = try await RefreshBenchmarkProcess.run(options, in: folder.appendingPathComponent("process"))
        }
        if options.scenarios != .process {
            try await RefreshBenchmarkPhases.measure(feeds: options.feeds, items: options.items,
                                                     in: folder.appendingPathComponent("phases"))
        }
        for limits in options.limits where !options.scale.isEmpty && options.scenarios != .process {
            var results: [RefreshBenchmarkChild.Result] = []
            for size in options.scale {
                RefreshBenchmarkReport.progress("growth: \(size) feeds, limits \(limits.rawValue), in a child process")
                results.append(try await RefreshBenchmarkChild.spawn(options.childArguments(feeds: size, limits: limits)))
            }
            goals += RefreshBenchmarkSummary.printGrowth(results, options: options, limits: limits)
        }
        if !goals.isEmpty {
            print("\n== Goals of issue 4 ==")
            for goal in goals { print("  " + goal) }
        }
        if !processGoals.isEmpty {
            print("\n== Goals of issue 11 (newsboat's time over herald's, whole process) ==")
            for goal in processGoals { print("  " + goal) }
        }
    }

    private static func printHeader(_ options: RefreshBenchmarkOptions) {
        print("""
            Herald refresh benchmark: \(options.feeds) feeds × \(options.items) items of generated RSS 2.0, \
            \(options.latencyMilliseconds) ms added by the server to every request, \(options.origins) origins \
            (one port each) on 127.0.0.1
            machine: \(RefreshBenchmarkReport.machine()); in-process times are wall clock from refresh(.all) to \
            .finished, whole-process times from spawn to exit; subscribing excluded; \(options.repeats) runs per \
            figure, each on a new server and a new database file
            """)
        for limits in options.limits {
            let policy = limits.policy
            print("""
                RefreshPolicy (\(limits.rawValue)): maxConcurrentFetches \(policy.maxConcurrentFetches), \
                maxConcurrentPerHost \(policy.maxConcurrentPerHost), intervals \(Int(policy.minimumInterval)) s to \
                \(Int(policy.maximumInterval)) s (default \(Int(policy.defaultInterval)) s), backoff \
                \(Int(policy.backoffBase)) s to \(Int(policy.backoffCap)) s, jitter \(policy.jitterStyle), \
                redirectConfirmations \(policy.redirectConfirmations)
                """)
        }
        let fetcher = FetcherConfiguration.default
        print("""
            FetcherConfiguration.default: maxConnectionsPerHost \(fetcher.maxConnectionsPerHost), timeouts connect \
            \(fetcher.connectTimeout) read \(fetcher.readTimeout) total \(fetcher.totalTimeout), maxBodyBytes \
            \(fetcher.maxBodyBytes), maxRedirects \(fetcher.maxRedirects)
            baseline "fetch-only": the same requests, in the same order, through a bare HTTPFeedFetcher with the \
            interactor's limits (global maxConcurrentFetches, maxConcurrentPerHost keyed by host and non-default port), no parse, no store
            """)
    }
}

extension Error {
    /// The benchmark's own message, or the error described.
    var benchmarkMessage: String {
        (self as? RefreshBenchmarkFailure)?.message ?? String(describing: self)
    }
}
