import Foundation

/// Runs `herald-benchmarks store-writer`, the child process that writes feeds in a loop and
/// prints `committed <feed id> <articles>` after each commit.
struct ChildWriter {
    /// The executable, built next to the test bundle by `swift test`.
    static func executable() -> URL? {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidate = folder.appendingPathComponent("herald-benchmarks")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    let process = Process()
    private let output = Pipe()

    init(executable: URL, database: String, feeds: Int? = nil) throws {
        process.executableURL = executable
        process.arguments = ["store-writer", "--db", database] + (feeds.map { ["--feeds", String($0)] } ?? [])
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Kills the child with SIGKILL and waits for it.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The feeds the child reported as committed (complete lines only), with their article counts.
    func committedFeeds() -> [(feed: Int64, articles: Int)] {
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0] == "committed", let feed = Int64(parts[1]), let count = Int(parts[2])
            else { return nil }
            return (feed, count)
        }
    }
}
