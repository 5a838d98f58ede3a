import Foundation

/// Starts the reader benchmark's children: this executable again, in a hidden mode, with the
/// CLOCK_MONOTONIC reading taken just before `Process.run()` on its command line, so that "from
/// process start" includes starting the process (exec, dynamic linking, the Swift runtime).
enum ReaderBenchmarkSpawn {
    /// Runs a child in `mode` and reads its `prefix` line.
    /// - Throws: ``ReaderBenchmarkFailure`` when the child fails or prints no result line.
    static func child(_ mode: String, prefix: String, options: ReaderBenchmarkOptions, database: String)
        async throws -> ReaderChildResult {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let (output, status) = await withCheckedContinuation { (continuation: CheckedContinuation<(String, Int32), Never>) in
            // The child runs for up to minutes; wait for it off the cooperative thread pool.
            Thread.detachNewThread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                let pipe = Pipe()
                process.standardOutput = pipe
                let spawnedAt = MonotonicClock.nanoseconds()
                process.arguments = [mode] + ReaderChildArguments(
                    database: database, spawnedAt: spawnedAt, feedTitle: options.largeFeedTitle, keys: options.keys,
                    pauseMilliseconds: options.pauseMilliseconds).arguments
                do {
                    try process.run()
                } catch {
                    continuation.resume(returning: ("cannot start \(executable): \(error)", -1))
                    return
                }
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (String(decoding: data, as: UTF8.self), process.terminationStatus))
            }
        }
        let lines = output.split(separator: "\n")
        guard status == 0, let result = lines.lazy.compactMap({ ReaderChildResult(line: $0, prefix: prefix) }).last else {
            throw ReaderBenchmarkFailure(message: "\(mode) exited \(status): \(output)")
        }
        return result
    }
}
