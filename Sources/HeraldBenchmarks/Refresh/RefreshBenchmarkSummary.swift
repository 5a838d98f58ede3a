import Foundation

/// The printed figures of the refresh benchmark, and the goal lines collected for the end.
enum RefreshBenchmarkSummary {
    private typealias Report = RefreshBenchmarkReport

    /// Prints one configuration's figures and checks; returns its goal lines.
    static func printScenario(_ scenario: RefreshBenchmarkScenario,
                              _ runs: [RefreshBenchmarkScenario.Repetition]) -> [String] {
        let origins = scenario.origins == 1 ? "1 origin" : "\(scenario.origins) origins"
        print("\n== \(origins), limits \(scenario.limits.rawValue): \(scenario.feeds) feeds × \(scenario.items) items, "
              + "\(scenario.latencyMilliseconds) ms latency, \(runs.count) runs ==")
        let cold = runs.map(\.cold.seconds)
        let warm = runs.compactMap(\.warm?.seconds)
        let fetchCold = runs.compactMap(\.fetchCold?.seconds)
        let fetchWarm = runs.compactMap(\.fetchWarm?.seconds)
        Report.line("cold refresh", Report.samples(cold) + "   " + Report.verdict(Report.median(cold), under: RefreshBenchmark.coldGoal))
        Report.line("  fetch-only baseline", Report.samples(fetchCold))
        Report.line("  refresh / fetch-only", String(format: "%.2f", Report.median(cold) / Report.median(fetchCold)))
        Report.line("warm refresh (all 304)", Report.samples(warm) + "   " + Report.verdict(Report.median(warm), under: RefreshBenchmark.warmGoal))
        Report.line("  fetch-only baseline", Report.samples(fetchWarm))
        Report.line("  refresh / fetch-only", String(format: "%.2f", Report.median(warm) / Report.median(fetchWarm)))
        let first = runs[0]
        let coldRun = first.cold
        Report.line("cold checks (every run; run 1)",
                    "summary \(coldRun.summary.stored)/\(coldRun.summary.total) stored, \(coldRun.summary.newArticles) new "
                    + "articles, \(coldRun.summary.notModified) not modified, \(coldRun.summary.failed) failed; "
                    + "events \(coldRun.events.stored) stored, \(coldRun.events.failed) failed")
        Report.line("", "server \(coldRun.server.full) × 200 (\(Report.mebibytes(coldRun.server.bytes))), "
                    + "\(coldRun.server.notModified) × 304; store \(first.articles) articles, "
                    + "\(Report.mebibytes(Int(first.databaseBytes))) on disk with WAL")
        if let warmRun = first.warm {
            Report.line("warm checks (every run; run 1)",
                        "summary \(warmRun.summary.notModified)/\(warmRun.summary.total) not modified, "
                        + "\(warmRun.summary.stored) stored, \(warmRun.summary.failed) failed; server "
                        + "\(warmRun.server.notModified) × 304, \(warmRun.server.full) × 200")
        }
        if let fetch = first.fetchCold, let fetchWarmRun = first.fetchWarm {
            Report.line("fetch-only checks (run 1)", "cold \(fetch.full) × 200 (\(Report.mebibytes(fetch.bytes))), "
                        + "warm \(fetchWarmRun.notModified) × 304, \(fetch.failed + fetchWarmRun.failed) failed")
        }
        let peak = runs.map(\.peakConnections).max() ?? 0
        let policy = scenario.limits.policy
        let overall = runs.map(\.cold.inFlight.overall).max() ?? 0
        let perOrigin = runs.map(\.cold.inFlight.perOrigin).max() ?? 0
        var inFlight = "cold refresh: at most \(overall) at once, \(perOrigin) per origin; fetch-only: "
            + "\(runs.compactMap(\.fetchCold?.inFlight.overall).max() ?? 0) at once"
        if scenario.origins > 1 && policy.maxConcurrentPerHost < policy.maxConcurrentFetches {
            inFlight += overall <= policy.maxConcurrentPerHost
                ? " (the interactor's per-host limit of \(policy.maxConcurrentPerHost) held all \(scenario.origins) "
                    + "origins together: its host key ignores the port)"
                : " (the origins were limited as separate hosts)"
        }
        Report.line("fetches in flight", inFlight)
        let connections = "server: peak \(peak) open at once (idle keep-alive ones included), "
            + "\(first.acceptedConnections) accepted in run 1"
        Report.line("connections", connections)
        let label = "\(scenario.feeds) feeds, \(origins), limits \(scenario.limits.rawValue):"
        return [
            "cold \(label) \(Report.format(Report.median(cold)))  \(Report.verdict(Report.median(cold), under: RefreshBenchmark.coldGoal))",
            "warm \(label) \(Report.format(Report.median(warm)))  \(Report.verdict(Report.median(warm), under: RefreshBenchmark.warmGoal))",
        ]
    }

    /// Prints the growth table of the child runs; returns the memory and linearity goal lines.
    static func printGrowth(_ results: [RefreshBenchmarkChild.Result], options: RefreshBenchmarkOptions,
                            limits: RefreshBenchmarkOptions.Limits) -> [String] {
        print("\n== Growth: cold refresh in a child process per size, \(options.origins) origins, limits \(limits.rawValue), "
              + "\(options.items) items per feed, \(options.latencyMilliseconds) ms latency ==")
        print("     feeds   cold time   ms/feed   per-feed vs smallest   peak memory (VmHWM)   articles   database   in flight")
        guard let smallest = results.min(by: { $0.feeds < $1.feeds }),
              let largest = results.max(by: { $0.feeds < $1.feeds }) else { return [] }
        let base = smallest.seconds / Double(smallest.feeds)
        for result in results {
            let perFeed = result.seconds / Double(result.feeds)
            print(String(format: "%10ld %9.3f s %9.2f %22.2f× %17.1f MB %10ld %8.1f MB %12ld", result.feeds, result.seconds,
                         perFeed * 1000, perFeed / base, Double(result.peakKilobytes) * 1024 / 1e6, result.articles,
                         Double(result.databaseBytes) / 1e6, result.peakInFlight))
        }
        let growth = (largest.seconds / Double(largest.feeds)) / base
        let peakBytes = largest.peakKilobytes * 1024
        let memory = peakBytes < RefreshBenchmark.memoryGoalBytes ? "met" : "MISSED"
        let linear = growth <= 1.2 ? "linear (within 20%)" : "NOT linear: the per-feed time grew \(String(format: "%.2f", growth))×"
        return [
            "\(largest.feeds) feeds cold, limits \(limits.rawValue): \(Report.format(largest.seconds)), peak memory "
                + String(format: "%.1f MB", Double(peakBytes) / 1e6) + "  goal < 300 MB: \(memory)",
            "growth \(smallest.feeds)→\(largest.feeds) feeds, limits \(limits.rawValue): per-feed time ×"
                + String(format: "%.2f", growth) + ", \(linear)",
        ]
    }
}
