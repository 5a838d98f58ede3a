import Foundation

/// Wall-clock timing and the report lines of the store benchmark.
enum StoreBenchmarkTiming {
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

    /// Milliseconds taken by each run of `body`.
    static func samples(_ count: Int, _ body: (Int) async throws -> Void) async rethrows -> [Double] {
        var result: [Double] = []
        for index in 0..<count {
            let start = now()
            try await body(index)
            result.append(now() - start)
        }
        return result
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    static func format(_ value: Double) -> String { String(format: value >= 100 ? "%.0f" : "%.3f", value) }

    /// Prints one figure with its baseline, their ratio and the goal.
    static func report(_ name: String, herald: Double, baseline: Double, unit: String, goal: String) {
        let ratio = baseline > 0 ? herald / baseline : .nan
        print("\(name.padding(toLength: 44, withPad: " ", startingAt: 0)) herald \(format(herald)) \(unit)"
              + "   raw SQLite \(format(baseline)) \(unit)   ratio \(String(format: "%.2f", ratio))   goal \(goal)")
    }

    static func progress(_ message: String) {
        FileHandle.standardError.write(Data("[store benchmark] \(message)\n".utf8))
    }
}
