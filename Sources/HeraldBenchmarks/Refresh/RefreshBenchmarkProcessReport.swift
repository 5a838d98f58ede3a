import Foundation

/// The printed table of the whole-process scenario (`RefreshBenchmarkProcess`).
enum RefreshBenchmarkProcessReport {
    private typealias Report = RefreshBenchmarkReport
    private typealias Run = ParseCommandBenchmark.Run

    /// Prints the figures; returns the goal lines (newsboat's time over Herald's, cold and warm).
    static func print(_ figures: RefreshBenchmarkProcess.Figures, options: RefreshBenchmarkOptions) -> [String] {
        let newsboatName = figures.newsboatVersion.map { "\($0), reload-threads \(RefreshBenchmarkProcess.newsboatThreads)" }
            ?? "newsboat"
        Swift.print("""

            == Whole process: herald refresh --all and \(newsboatName), \(options.feeds) feeds × \(options.items) items, \
            \(options.latencyMilliseconds) ms latency, \(options.origins) origins, \(figures.herald.count) runs ==
              each document generated once before timing and served as it is; wall time from spawn to exit, \
            CPU time (user + system) and peak resident set from wait4; cold: a new database or cache; \
            warm: every feed answers 304
            """)
        Swift.print("  " + "".padding(toLength: width, withPad: " ", startingAt: 0)
                    + "cold: median (min)    warm: median (min)    CPU cold / warm       peak memory cold / warm")
        row("Herald in-process, refresh(.all)", cold: figures.inProcessCold, warm: figures.inProcessWarm, runs: nil)
        row("herald refresh --all, whole process", cold: figures.herald.map(\.cold.seconds),
            warm: figures.herald.map(\.warm.seconds), runs: figures.herald)
        if figures.newsboat.isEmpty {
            Swift.print("  newsboat: skipped, \(figures.newsboatSkipped ?? "no run")")
        } else {
            row("newsboat -x reload, whole process", cold: figures.newsboat.map(\.cold.seconds),
                warm: figures.newsboat.map(\.warm.seconds), runs: figures.newsboat)
        }
        let heraldCold = Report.median(figures.herald.map(\.cold.seconds))
        let heraldWarm = Report.median(figures.herald.map(\.warm.seconds))
        line("herald process / in-process", String(format: "cold %.2f×, warm %.2f×",
                                                           heraldCold / Report.median(figures.inProcessCold),
                                                           heraldWarm / Report.median(figures.inProcessWarm)))
        line("  herald runs (cold, warm)", figures.herald.map { String(format: "%.3f/%.3f", $0.cold.seconds, $0.warm.seconds) }
                        .joined(separator: "  "))
        guard !figures.newsboat.isEmpty else {
            return ["whole process: newsboat skipped (\(figures.newsboatSkipped ?? "no run")); herald cold "
                    + "\(Report.format(heraldCold)), warm \(Report.format(heraldWarm))"]
        }
        line("  newsboat runs (cold, warm)", figures.newsboat.map { String(format: "%.3f/%.3f", $0.cold.seconds, $0.warm.seconds) }
                        .joined(separator: "  "))
        let coldRatio = Report.median(figures.newsboat.map(\.cold.seconds)) / heraldCold
        let warmRatio = Report.median(figures.newsboat.map(\.warm.seconds)) / heraldWarm
        let coldVerdict = verdict(coldRatio, goal: RefreshBenchmarkProcess.coldGoal)
        let warmVerdict = verdict(warmRatio, goal: RefreshBenchmarkProcess.warmGoal)
        line("newsboat / herald (medians)", String(format: "cold %.2f× (", coldRatio) + coldVerdict
                        + String(format: "), warm %.2f× (", warmRatio) + warmVerdict + ")")
        return [
            String(format: "whole process cold: newsboat %.3f s / herald %.3f s = %.2f×  ",
                   Report.median(figures.newsboat.map(\.cold.seconds)), heraldCold, coldRatio) + coldVerdict,
            String(format: "whole process warm: newsboat %.3f s / herald %.3f s = %.2f×  ",
                   Report.median(figures.newsboat.map(\.warm.seconds)), heraldWarm, warmRatio) + warmVerdict,
        ]
    }

    private static func row(_ label: String, cold: [Double], warm: [Double], runs: [RefreshBenchmarkProcess.Pair]?) {
        var text = String(format: "%.3f s (%.3f)       %.3f s (%.3f)", Report.median(cold), cold.min() ?? .nan,
                          Report.median(warm), warm.min() ?? .nan)
        if let runs {
            let cpuCold = Report.median(runs.map(\.cold.cpuSeconds))
            let cpuWarm = Report.median(runs.map(\.warm.cpuSeconds))
            let peakCold = Double(runs.map(\.cold.peakKilobytes).max() ?? 0) / 1024
            let peakWarm = Double(runs.map(\.warm.peakKilobytes).max() ?? 0) / 1024
            text += String(format: "       %.3f / %.3f s       %.1f / %.1f MiB", cpuCold, cpuWarm, peakCold, peakWarm)
        } else {
            text += "       (this process)"
        }
        Swift.print("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + text)
    }

    private static func line(_ label: String, _ text: String) {
        Swift.print("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + text)
    }

    /// The width of the row labels.
    private static let width = 36

    private static func verdict(_ ratio: Double, goal: Double) -> String {
        ratio >= goal ? "goal ≥ \(Int(goal))×: met" : "goal ≥ \(Int(goal))×: MISSED"
    }
}
