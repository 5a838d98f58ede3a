import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The whole-process figure of `herald-benchmarks parse`: the release `herald` binary run as a
/// child, `herald parse --json FILE` with standard output on /dev/null (read, parse, encode,
/// write, and the process's own start-up), timed by wall clock, its peak resident size read from
/// `wait4`'s `ru_maxrss`, and compared with the bare SAX pass measured in the same run.
///
/// The child is started by a small helper process (this binary in ``helperMode``), not by the
/// benchmark itself: Linux carries the peak of the address space a child was spawned from into
/// its `ru_maxrss` across `exec`, so a child of the large benchmark process would report the
/// benchmark's own peak.
enum ParseCommandBenchmark {
    /// The hidden sub-command of the helper: `parse-process EXECUTABLE ARGUMENTS…`.
    static let helperMode = "parse-process"

    /// One run of the child.
    struct Run {
        /// Wall time from spawn to exit.
        let seconds: Double
        /// `ru_maxrss`: the child's peak resident set, in kilobytes.
        let peakKilobytes: Int
        /// `ru_utime + ru_stime`: the CPU time the child used (less sensitive to a loaded machine).
        let cpuSeconds: Double
        /// True when it exited with status 0.
        let succeeded: Bool
    }

    /// The `herald` executable built beside this one (`swift build -c release --product herald`).
    static func heraldExecutable() -> String? {
        let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let path = directory.appendingPathComponent("herald").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs `herald parse --json` on `file` `repetitions` times and prints time, throughput, the
    /// ratio to the bare SAX pass (best against best, median against median) and the peak memory.
    static func report(file: String, megabytes: Double, bareBest: Double, bareMedian: Double, repetitions: Int) {
        guard let herald = heraldExecutable() else {
            return print("  herald parse --json   : skipped, no release herald beside this binary (swift build -c release --product herald)")
        }
        var runs: [Run] = []
        for _ in 0..<max(1, repetitions) {
            guard let run = throughHelper([herald, "parse", "--json", file]), run.succeeded else {
                return print("  herald parse --json   : the child failed")
            }
            runs.append(run)
        }
        let times = runs.map(\.seconds).sorted()
        let best = megabytes / times[0], median = megabytes / times[times.count / 2]
        let peak = Double(runs.map(\.peakKilobytes).max()!) / 1024
        print("  herald parse --json   : \(format(best)) MB/s best (\(String(format: "%.3f", times[0])) s), "
              + "\(format(median)) MB/s median; whole process, stdout to /dev/null")
        let cpu = runs.map(\.cpuSeconds).sorted()
        print("  CPU time (process)    : \(String(format: "%.3f", cpu[0])) s best, \(String(format: "%.3f", cpu[cpu.count / 2])) s median "
              + "(user + system; a loaded machine stretches the wall time, less the CPU time)")
        print("  ratio process/bare    : \(String(format: "%.0f", 100 * best / bareBest))% best, "
              + "\(String(format: "%.0f", 100 * median / bareMedian))% median (goal ≥ 30%)")
        print("  peak memory (process) : ru_maxrss \(format(peak)) MB = \(String(format: "%.2f", peak / megabytes))x the document (goal < 3x)")
    }

    /// Runs the helper, which runs `command` and prints its wall time, peak and status.
    /// - Parameters:
    ///   - environment: The child's environment (the helper passes its own on); `nil` inherits this one.
    ///   - standardError: Where the child's standard error goes; `nil` inherits this one.
    static func throughHelper(_ command: [String], environment: [String: String]? = nil,
                              standardError: FileHandle? = nil) -> Run? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [helperMode] + command
        if let environment { process.environment = environment }
        if let standardError { process.standardError = standardError }
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard fields.count == 4, let seconds = Double(fields[0]), let peak = Int(fields[1]), let cpu = Double(fields[3]) else {
            return nil
        }
        return Run(seconds: seconds, peakKilobytes: peak, cpuSeconds: cpu, succeeded: fields[2] == "0")
    }

    /// The helper: runs `arguments[0]` with the rest as its arguments and prints
    /// `seconds peak-kilobytes exit-status cpu-seconds`.
    static func runHelper(_ arguments: [String]) {
        guard let executable = arguments.first, let run = runOnce(executable, arguments: Array(arguments.dropFirst())) else {
            return print("0 0 1 0")
        }
        print("\(run.seconds) \(run.peakKilobytes) \(run.succeeded ? 0 : 1) \(run.cpuSeconds)")
    }

    /// Spawns `executable` with standard output on /dev/null and waits for it with `wait4`.
    static func runOnce(_ executable: String, arguments: [String]) -> Run? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // WIFEXITED and WEXITSTATUS, spelled out (the macros are not imported).
        let exitedNormally = status & 0x7F == 0
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Run(seconds: seconds, peakKilobytes: Int(usage.ru_maxrss), cpuSeconds: cpu,
                   succeeded: exitedNormally && (status >> 8) & 0xFF == 0)
    }

    /// One decimal place.
    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
