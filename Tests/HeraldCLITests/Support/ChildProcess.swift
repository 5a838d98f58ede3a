import Foundation

/// What a finished `herald` process left behind.
struct ProcessResult: Sendable {
    /// The exit status, or the signal number when the process was killed by a signal.
    let status: Int32
    /// True when the process exited on its own (not killed by a signal).
    let exitedNormally: Bool
    /// True when the runner killed the process because it outlived its timeout.
    let timedOut: Bool
    /// Everything written to standard output.
    let stdoutData: Data
    /// Everything written to standard error.
    let stderrData: Data

    /// Standard output as UTF-8 text.
    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    /// True when the process exited with status 0.
    var succeeded: Bool { exitedNormally && status == 0 && !timedOut }

    /// A one-line description for failure messages.
    var summary: String {
        "status \(status)\(exitedNormally ? "" : " (signal)")\(timedOut ? " (timed out)" : "")\n"
            + "--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
    }
}

/// A child process whose standard output and error go to files (so a chatty child can never block
/// on a full pipe), with a timeout that kills it.
final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let stdoutURL: URL
    private let stderrURL: URL
    private let stdinHandle: FileHandle

    /// Starts `executable` with `arguments` in `directory`.
    /// - Parameters:
    ///   - stdin: Bytes for standard input; `nil` connects it to /dev/null (not a terminal either way).
    ///   - scratch: A folder for the captured output files.
    init(executable: URL, arguments: [String], environment: [String: String], directory: URL,
         stdin: Data?, scratch: URL) throws {
        let token = UUID().uuidString
        stdoutURL = scratch.appendingPathComponent("stdout-\(token)")
        stderrURL = scratch.appendingPathComponent("stderr-\(token)")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        if let stdin {
            let inputURL = scratch.appendingPathComponent("stdin-\(token)")
            try stdin.write(to: inputURL)
            stdinHandle = try FileHandle(forReadingFrom: inputURL)
        } else {
            stdinHandle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
        }
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = stdinHandle
        let output = try FileHandle(forWritingTo: stdoutURL)
        let errors = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? output.close()
            try? errors.close()
        }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// The child's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// True while the child runs.
    var isRunning: Bool { process.isRunning }

    /// Sends `signal` (SIGINT for a Ctrl-C) to the child.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// What the child has written to standard output so far.
    var stdoutSoFar: String {
        String(decoding: (try? Data(contentsOf: stdoutURL)) ?? Data(), as: UTF8.self)
    }

    /// What the child has written to standard error so far.
    var stderrSoFar: String {
        String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
    }

    /// Waits for the child to end; after `timeout` it is killed and the result says so.
    func finish(timeout: Duration) async -> ProcessResult {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var timedOut = false
        while process.isRunning {
            if ContinuousClock.now >= deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                break
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        process.waitUntilExit()
        try? stdinHandle.close()
        let result = ProcessResult(
            status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
            timedOut: timedOut,
            stdoutData: (try? Data(contentsOf: stdoutURL)) ?? Data(),
            stderrData: (try? Data(contentsOf: stderrURL)) ?? Data())
        try? FileManager.default.removeItem(at: stdoutURL)
        try? FileManager.default.removeItem(at: stderrURL)
        return result
    }
}

extension ChildProcess {
    /// The port a `herald serve` child says it serves on (`http://127.0.0.1:PORT/` on its standard
    /// output), waiting for it up to `timeout`; nil when it never says (or exits first).
    func servedPort(timeout: Duration = .seconds(30)) async throws -> Int? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, isRunning {
            if let match = stdoutSoFar.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//) { return Int(match.output.1) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}
