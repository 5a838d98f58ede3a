import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program of the user's own configuration without a shell: the words are the program and
/// its arguments, the environment is clean (PATH, HOME, LANG and what the caller adds), standard
/// input, output and error are `/dev/null`, and the program runs in a process group of its own,
/// which is stopped as a whole (SIGTERM, then SIGKILL) when it runs past its time limit: a script
/// that started `sleep` is stopped with its children. (Foundation's `Process` was tried first: it
/// saw a script's end only when the script's children had ended too.)
struct CommandRunner: Sendable {
    /// How a run ended.
    enum Outcome: Sendable, Equatable {
        case exited(Int32)
        case killed(afterSeconds: Double)
        case notStarted(String)
    }

    let timeLimit: Duration

    func run(_ words: [String], environment extra: [String: String]) async -> Outcome {
        guard let name = words.first, let executable = Self.resolve(name) else {
            return .notStarted("`\(words.first ?? "")` is not a program Herald can find on PATH")
        }
        var environment: [String: String] = [:]
        let current = ProcessInfo.processInfo.environment
        environment["PATH"] = current["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for key in ["HOME", "LANG", "USER", "DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"] {
            if let value = current[key] { environment[key] = value }
        }
        environment.merge(extra) { $1 }
        let pid: pid_t
        switch Self.spawn(executable, arguments: words, environment: environment) {
        case .success(let started): pid = started
        case .failure(let reason): return .notStarted("`\(name)` could not start: \(reason)")
        }
        let limit = timeLimit
        let stopped = Mutex(false)
        let watchdog = Task {
            try await Task.sleep(for: limit)
            stopped.withLock { $0 = true }
            kill(-pid, SIGTERM)
            try await Task.sleep(for: .seconds(2))
            kill(-pid, SIGKILL)
        }
        let status = await Self.wait(for: pid)
        watchdog.cancel()
        if stopped.withLock({ $0 }) {
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            return .killed(afterSeconds: seconds)
        }
        return .exited(status)
    }

    /// Starts the program in a new process group with `/dev/null` for its standard streams.
    private static func spawn(_ executable: String, arguments: [String],
                              environment: [String: String]) -> Result<pid_t, SpawnFailure> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { return .failure(SpawnFailure(reason: String(cString: strerror(result)))) }
        return .success(pid)
    }

    /// Waits for the process on a thread of its own (`waitpid` blocks), off the cooperative pool.
    private static func wait(for pid: pid_t) async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                // Exited: the low byte is 0 and the status is the next one; else the signal.
                let exited = status & 0x7F == 0
                continuation.resume(returning: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
            }
        }
    }

    /// The program's path: as given when it names a file, else found on PATH.
    static func resolve(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Why a program did not start.
private struct SpawnFailure: Error {
    let reason: String
}
