import Foundation

/// Timing arithmetic, memory readings and the printed lines of the refresh benchmark.
enum RefreshBenchmarkReport {
    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (whole, fraction) = duration.components
        return Double(whole) + Double(fraction) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Seconds with three decimals.
    static func format(_ seconds: Double) -> String { String(format: "%.3f s", seconds) }

    /// Bytes in MiB with one decimal.
    static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }

    /// "median X (min Y; runs A B C)" for a list of samples.
    static func samples(_ values: [Double]) -> String {
        let runs = values.map { String(format: "%.3f", $0) }.joined(separator: " ")
        return "median \(format(median(values)))  (min \(format(values.min() ?? .nan)); runs \(runs))"
    }

    /// Whether `value` seconds meets a goal of under `goal` seconds, and by how much it misses.
    static func verdict(_ value: Double, under goal: Double) -> String {
        if value < goal { return "goal < \(goal) s: met" }
        return "goal < \(goal) s: MISSED by \(format(value - goal)) (\(String(format: "%.2f", value / goal))× the goal)"
    }

    /// A labelled line, the label padded so the figures line up.
    static func line(_ label: String, _ text: String) {
        print("  " + label.padding(toLength: 32, withPad: " ", startingAt: 0) + text)
    }

    /// The peak resident set size of this process (`VmHWM` of /proc/self/status), in kB.
    static func peakResidentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// User plus system CPU seconds used so far by every thread of this process.
    static func processorSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// The machine, for the header: cores and load average.
    static func machine() -> String {
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(load)"
    }

    /// A progress note on standard error (not part of the figures).
    static func progress(_ message: String) {
        fflush(nil)
        FileHandle.standardError.write(Data("[refresh benchmark] \(message)\n".utf8))
    }
}
