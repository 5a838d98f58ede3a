import Foundation

/// The printed figures of the reader benchmark: each run's, then the summary against the goals of
/// issue 10 (medians of the runs for the one-off figures, every key press of every run pooled for
/// the percentiles, the highest peak memory).
enum ReaderBenchmarkReport {
    /// Goal for the feeds screen's first paint, ms from process start.
    static let firstPaintGoal = 150.0
    /// Goal for opening the 10,000-article feed, ms.
    static let openFeedGoal = 20.0
    /// Goal for a key press to the repainted screen at p99, ms.
    static let keyGoal = 16.0
    /// Goal for the peak memory, MB (10⁶ bytes).
    static let memoryGoal = 60.0

    /// One run's figures.
    static func printRun(_ run: Int, reader: ReaderChildResult, baseline: ReaderChildResult) {
        let keys = ["list-j", "enter", "back-q"].flatMap { reader.values[$0] ?? [] }
        print("""
            run \(run): first paint \(ms(reader.single("first-paint-ms"))) (bare SQLite \(ms(baseline.single("first-paint-ms")))), \
            open feed \(ms(reader.single("open-feed"))), keys p99 \(ms(percentile(keys, 0.99))) \
            max \(ms(keys.max() ?? .nan)), peak \(megabytes(reader.numbers["vmhwm-kb"])) \
            (bare SQLite \(megabytes(baseline.numbers["vmhwm-kb"]))), \(reader.numbers["frames-count"] ?? 0) frames
            """)
    }

    /// The summary against the goals.
    static func printSummary(readers: [ReaderChildResult], baselines: [ReaderChildResult]) {
        func median(_ results: [ReaderChildResult], _ key: String) -> Double {
            percentile(results.map { $0.single(key) }, 0.5)
        }
        func pooled(_ results: [ReaderChildResult], _ keys: String...) -> [Double] {
            results.flatMap { result in keys.flatMap { result.values[$0] ?? [] } }
        }
        print("\n== Start (median of \(readers.count) run(s); from process start = the parent's CLOCK_MONOTONIC before Process.run()) ==")
        line("process start to main()", median(readers, "spawn-to-main-ms"), baseline: median(baselines, "spawn-to-main-ms"))
        line("Herald.open (migrations check, pool)", median(readers, "engine-open-ms"), baseline: nil)
        line("first paint of the feeds screen", median(readers, "first-paint-ms"),
             baseline: median(baselines, "first-paint-ms"), goal: firstPaintGoal)
        print("  (bare SQLite: feeds, tags and unread counts from feed_counts; GROUP BY over every article instead: "
              + "\(ms(median(baselines, "group-by-counts-ms"))))")

        print("\n== Opening the 10,000-article feed (Enter on its row to its loaded list) ==")
        line("open the feed", median(readers, "open-feed"), baseline: median(baselines, "feed-page-first-ms"),
             goal: openFeedGoal)
        print("  (bare SQLite: its newest \(ReaderBenchmarkBaseline.pageSize) rows, statement prepared; already prepared: p50 "
              + "\(ms(percentile(pooled(baselines, "feed-page-ms"), 0.5))))")

        let moves = pooled(readers, "list-j")
        let opens = pooled(readers, "enter")
        let backs = pooled(readers, "back-q")
        let articles = pooled(baselines, "article-ms")
        print("\n== Key press to the repainted screen (\(moves.count) of each key over \(readers.count) run(s)) ==")
        keyLine("j in the list (move)", moves, baseline: nil)
        keyLine("Enter (open the article)", opens, baseline: articles)
        keyLine("q (back to the list)", backs, baseline: nil)
        keyLine("j on the feeds screen", pooled(readers, "feeds-j"), baseline: nil)
        let all = moves + opens + backs
        keyLine("every list key above", all, baseline: nil)
        print("  " + "p99 of every list key".padding(toLength: 40, withPad: " ", startingAt: 0)
              + ms(percentile(all, 0.99)) + "   " + verdict(percentile(all, 0.99), under: keyGoal, unit: "ms"))
        print("  (bare SQLite for Enter: one article by id with its texts; j and q need no query, their rows are loaded)")

        let peak = readers.compactMap { $0.numbers["vmhwm-kb"] }.max()
        let basePeak = baselines.compactMap { $0.numbers["vmhwm-kb"] }.max()
        print("\n== Memory with the cache open (VmHWM at the end of the key script, highest of the runs) ==")
        let peakMB = Double(peak ?? -1) * 1024 / 1e6
        let baseMB = Double(basePeak ?? -1) * 1024 / 1e6
        print("  " + "peak resident memory".padding(toLength: 40, withPad: " ", startingAt: 0)
              + String(format: "herald %.1f MB   bare SQLite %.1f MB   ratio %.2f   ", peakMB, baseMB, peakMB / baseMB)
              + verdict(peakMB, under: memoryGoal, unit: "MB"))
    }

    /// A one-off figure with its baseline, ratio and goal.
    private static func line(_ name: String, _ herald: Double, baseline: Double?, goal: Double? = nil) {
        var text = "  " + name.padding(toLength: 40, withPad: " ", startingAt: 0) + "herald " + ms(herald)
        if let baseline {
            text += "   bare SQLite " + ms(baseline) + String(format: "   ratio %.2f", herald / baseline)
        }
        if let goal { text += "   " + verdict(herald, under: goal, unit: "ms") }
        print(text)
    }

    /// A key's percentiles, with the baseline's when there is one.
    private static func keyLine(_ name: String, _ samples: [Double], baseline: [Double]?) {
        var text = "  " + name.padding(toLength: 40, withPad: " ", startingAt: 0)
            + "p50 \(ms(percentile(samples, 0.5)))  p99 \(ms(percentile(samples, 0.99)))  max \(ms(samples.max() ?? .nan))"
        if let baseline, !baseline.isEmpty {
            let (p50, p99) = (percentile(baseline, 0.5), percentile(baseline, 0.99))
            text += "   bare SQLite p50 \(ms(p50)) p99 \(ms(p99))"
                + String(format: "   ratio p50 %.1f p99 %.1f", percentile(samples, 0.5) / p50, percentile(samples, 0.99) / p99)
        }
        print(text)
    }

    /// "goal < N unit: met", or by how much it is missed.
    private static func verdict(_ value: Double, under goal: Double, unit: String) -> String {
        value < goal ? "goal < \(Int(goal)) \(unit): met"
            : String(format: "goal < %d %@: MISSED (%.2f× the goal)", Int(goal), unit, value / goal)
    }

    /// The nearest-rank percentile of `values` (`nan` when empty).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        StoreBenchmarkTiming.percentile(values.filter { !$0.isNaN }, fraction)
    }

    /// Milliseconds, with three decimals below one.
    private static func ms(_ value: Double) -> String { String(format: value < 1 ? "%.3f ms" : "%.2f ms", value) }

    /// kB as MB (10⁶ bytes).
    private static func megabytes(_ kilobytes: Int?) -> String {
        String(format: "%.1f MB", Double(kilobytes ?? -1) * 1024 / 1e6)
    }
}
