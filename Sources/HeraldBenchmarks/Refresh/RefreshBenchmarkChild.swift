import Foundation

/// The growth runs: each size is a cold refresh in its own child process of this executable
/// (`herald-benchmarks refresh --child --feeds N ...`), so each peak memory (`VmHWM`) is that
/// size's own. The child prints one `child-result key=value ...` line the parent reads.
enum RefreshBenchmarkChild {
    /// The figures of one child.
    struct Result: Sendable {
        var feeds: Int
        var seconds: Double
        var peakKilobytes: Int
        var articles: Int
        var databaseBytes: Int
        var peakInFlight: Int
        var subscribeSeconds: Double
    }

    /// The child side: subscribe, refresh cold once, check, print the figures; exits 1 on failure.
    static func run(_ options: RefreshBenchmarkOptions) async {
        let limits = options.limits.first ?? .default
        let scenario = RefreshBenchmarkScenario(feeds: options.feeds, items: options.items,
                                                latencyMilliseconds: options.latencyMilliseconds,
                                                origins: options.origins, limits: limits)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-refresh-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let started = ContinuousClock.now
            let repetition = try await scenario.measure(in: folder, warm: false, baseline: false)
            let total = RefreshBenchmarkReport.seconds(ContinuousClock.now - started)
            let peak = RefreshBenchmarkReport.peakResidentKilobytes() ?? -1
            print("child-result feeds=\(options.feeds) seconds=\(repetition.cold.seconds) vmhwm-kb=\(peak) "
                  + "articles=\(repetition.articles) db-bytes=\(repetition.databaseBytes) "
                  + "peak-in-flight=\(repetition.cold.inFlight.overall) "
                  + "subscribe-seconds=\(max(0, total - repetition.cold.seconds))")
        } catch {
            print("child-failed \(error.benchmarkMessage)")
            exit(1)
        }
    }

    /// The parent side: runs a child with `arguments` and reads its result line.
    /// - Throws: ``RefreshBenchmarkFailure`` when the child fails or prints no result.
    static func spawn(_ arguments: [String]) async throws(RefreshBenchmarkFailure) -> Result {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let (output, status) = await withCheckedContinuation { (continuation: CheckedContinuation<(String, Int32), Never>) in
            // The child runs for up to minutes; wait for it off the cooperative thread pool.
            Thread.detachNewThread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = arguments
                let pipe = Pipe()
                process.standardOutput = pipe
                do {
                    try process.run()
                } catch {
                    continuation.resume(returning: ("child-failed cannot start \(executable): \(error)", -1))
                    return
                }
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (String(decoding: data, as: UTF8.self), process.terminationStatus))
            }
        }
        guard status == 0, let line = output.split(separator: "\n").last(where: { $0.hasPrefix("child-result ") }) else {
            throw RefreshBenchmarkFailure(message: "child \(arguments.joined(separator: " ")) exited \(status): \(output)")
        }
        var fields: [String: String] = [:]
        for pair in line.split(separator: " ").dropFirst() {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let feeds = fields["feeds"].flatMap({ Int($0) }), let seconds = fields["seconds"].flatMap({ Double($0) }),
              let peak = fields["vmhwm-kb"].flatMap({ Int($0) }), let articles = fields["articles"].flatMap({ Int($0) }),
              let bytes = fields["db-bytes"].flatMap({ Int($0) }),
              let inFlight = fields["peak-in-flight"].flatMap({ Int($0) }),
              let subscribe = fields["subscribe-seconds"].flatMap({ Double($0) }) else {
            throw RefreshBenchmarkFailure(message: "unreadable child result: \(line)")
        }
        return Result(feeds: feeds, seconds: seconds, peakKilobytes: peak, articles: articles, databaseBytes: bytes,
                      peakInFlight: inFlight, subscribeSeconds: subscribe)
    }
}
