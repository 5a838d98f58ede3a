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
        /// The highest anonymous resident memory (`RssAnon`) seen while the child ran, in
        /// kilobytes, when it was watched (0 otherwise): the memory that is the child's own, not
        /// the pages of its code and libraries that `ru_maxrss` counts too.
        var peakAnonymousKilobytes = 0
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
    ///   - watchingAnonymousMemory: Whether the helper reads the child's `RssAnon` over and over
    ///     while it runs (one core busy: its wall time is then not a figure).
    static func throughHelper(_ command: [String], environment: [String: String]? = nil,
                              standardError: FileHandle? = nil, watchingAnonymousMemory: Bool = false) -> Run? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [helperMode] + (watchingAnonymousMemory ? [anonymousMemoryFlag] : []) + command
        if let environment { process.environment = environment }
        if let standardError { process.standardError = standardError }
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard fields.count == 5, let seconds = Double(fields[0]), let peak = Int(fields[1]), let cpu = Double(fields[3]),
              let anonymous = Int(fields[4]) else {
            return nil
        }
        return Run(seconds: seconds, peakKilobytes: peak, cpuSeconds: cpu, succeeded: fields[2] == "0",
                   peakAnonymousKilobytes: anonymous)
    }

    /// The helper's flag that asks for the child's anonymous memory to be watched.
    private static let anonymousMemoryFlag = "--watch-anonymous-memory"

    /// The helper: runs `arguments[0]` with the rest as its arguments and prints
    /// `seconds peak-kilobytes exit-status cpu-seconds anonymous-peak-kilobytes`.
    static func runHelper(_ arguments: [String]) {
        let watching = arguments.first == anonymousMemoryFlag
        let command = watching ? Array(arguments.dropFirst()) : arguments
        guard let executable = command.first,
              let run = runOnce(executable, arguments: Array(command.dropFirst()), watchingAnonymousMemory: watching) else {
            return print("0 0 1 0 0")
        }
        print("\(run.seconds) \(run.peakKilobytes) \(run.succeeded ? 0 : 1) \(run.cpuSeconds) \(run.peakAnonymousKilobytes)")
    }

    /// Spawns `executable` with standard output on /dev/null and waits for it with `wait4`.
    /// - Parameter watchingAnonymousMemory: Read the child's `RssAnon` in a loop until it exits
    ///   (the kernel's counters are approximate to a few hundred kilobytes: compare medians).
    static func runOnce(_ executable: String, arguments: [String], watchingAnonymousMemory: Bool = false) -> Run? {
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
        var anonymousPeak = 0
        let statusPath = "/proc/\(pid)/status"
        while true {
            let waited = wait4(pid, &status, watchingAnonymousMemory ? WNOHANG : 0, &usage)
            if waited == pid { break }
            if waited < 0 {
                guard errno == EINTR else { return nil }
                continue
            }
            anonymousPeak = max(anonymousPeak, anonymousKilobytes(at: statusPath))
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // WIFEXITED and WEXITSTATUS, spelled out (the macros are not imported).
        let exitedNormally = status & 0x7F == 0
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Run(seconds: seconds, peakKilobytes: Int(usage.ru_maxrss), cpuSeconds: cpu,
                   succeeded: exitedNormally && (status >> 8) & 0xFF == 0, peakAnonymousKilobytes: anonymousPeak)
    }

    /// The `RssAnon` line of a `/proc/PID/status`, in kilobytes (0 when it cannot be read).
    private static func anonymousKilobytes(at path: String) -> Int {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }) else { return 0 }
        return Int(line.dropFirst("RssAnon:".count).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
    }

    /// One decimal place.
    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
