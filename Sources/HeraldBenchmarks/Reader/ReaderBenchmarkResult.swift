import Foundation
import Herald

/// What a child of the reader benchmark measured: named lists of milliseconds and named whole
/// numbers (kB, counts), printed as one `prefix key=v1,v2 … key=n` line and read back by the parent.
struct ReaderChildResult: Sendable {
    /// Milliseconds by figure.
    var values: [String: [Double]] = [:]
    /// kB and counts by figure.
    var numbers: [String: Int] = [:]

    /// An empty result.
    init() {}

    /// The line the child prints.
    func line(prefix: String) -> String {
        let lists = values.keys.sorted().map { key in
            key + "=" + (values[key] ?? []).map { String(format: "%.4f", $0) }.joined(separator: ",")
        }
        let wholes = numbers.keys.sorted().map { "\($0)=\(numbers[$0] ?? 0)" }
        return ([prefix] + lists + wholes).joined(separator: " ")
    }

    /// Reads a child's line; keys ending in `-kb` or `-count` are whole numbers.
    /// - Returns: `nil` unless the line starts with `prefix`.
    init?(line: Substring, prefix: String) {
        let words = line.split(separator: " ")
        guard words.first.map(String.init) == prefix else { return nil }
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = String(parts[0])
            if key.hasSuffix("-kb") || key.hasSuffix("-count") {
                numbers[key] = Int(parts[1])
            } else {
                values[key] = parts[1].split(separator: ",").compactMap { Double($0) }
            }
        }
    }

    /// The only value of a figure measured once, `nan` when missing.
    func single(_ key: String) -> Double { values[key]?.first ?? .nan }
}

/// A failure of the reader benchmark: no figure of the run is valid.
struct ReaderBenchmarkFailure: Error, Sendable {
    /// What went wrong.
    let message: String
}

extension Error {
    /// The reader benchmark's message, a Herald error's message, or the error described.
    var readerMessage: String {
        if let failure = self as? ReaderBenchmarkFailure { return failure.message }
        if let herald = self as? HeraldError { return herald.message }
        return String(describing: self)
    }
}

/// Readings of this process's memory from /proc/self/status.
enum ProcessMemory {
    /// A `Vm…` field of /proc/self/status in kB (`VmHWM`: the peak resident set), -1 when unreadable.
    static func kilobytes(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? -1
        }
        return -1
    }
}
