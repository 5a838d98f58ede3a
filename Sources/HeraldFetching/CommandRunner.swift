import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program of the user's own configuration without a shell: the words are the program and
/// its arguments, the environment is clean (PATH, HOME, LANG and what the caller adds), standard
/// input, output and error are `/dev/null` or pipes (``capture(_:environment:input:outputLimit:)``), and the program runs in a process group of its own,
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

    /// What a run printed, with how it ended.
    struct Capture: Sendable {
        /// How the run ended.
        var outcome: Outcome
        /// Standard output, up to the limit.
        var output: Data
        /// The output went past the limit; the program was stopped there.
        var outputOverflowed: Bool
        /// The end of standard error (its last 2 KB), for the message of a failed run.
        var errorTail: String
    }

    let timeLimit: Duration

    /// Held while a run opens its pipes and spawns its program.
    private static let spawnLock = Mutex(())

    /// Runs the program with `/dev/null` for its standard streams.
    func run(_ words: [String], environment extra: [String: String]) async -> Outcome {
        await execute(words, environment: extra, streams: nil).outcome
    }

    /// Runs the program with `input` on its standard input and keeps its standard output (at most
    /// `outputLimit` bytes: past it the program is stopped) and the end of its standard error.
    func capture(_ words: [String], environment extra: [String: String], input: Data?, outputLimit: Int) async -> Capture {
        await execute(words, environment: extra, streams: Streams(input: input, outputLimit: outputLimit))
    }

    /// The pipes of a captured run.
    private struct Streams {
        let input: Data?
        let outputLimit: Int
    }

    private func execute(_ words: [String], environment extra: [String: String], streams: Streams?) async -> Capture {
        guard let name = words.first, let executable = Self.resolve(name) else {
            return Capture(outcome: .notStarted("`\(words.first ?? "")` is not a program Herald can find on PATH"),
                           output: Data(), outputOverflowed: false, errorTail: "")
        }
        var environment: [String: String] = [:]
        let current = ProcessInfo.processInfo.environment
        environment["PATH"] = current["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for key in ["HOME", "LANG", "USER", "DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"] {
            if let value = current[key] { environment[key] = value }
        }
        environment.merge(extra) { $1 }
        // Pipes are opened and the program spawned under one lock, so no other run's program
        // inherits this run's pipe ends in the moment before they are marked close-on-exec.
        let started = Self.spawnLock.withLock { _ -> Result<(pid_t, Pipes?), SpawnFailure> in
            var pipes: Pipes?
            if streams != nil {
                guard let opened = Pipes.open() else { return .failure(SpawnFailure(reason: "no pipe could be opened")) }
                pipes = opened
            }
            switch Self.spawn(executable, arguments: words, environment: environment, pipes: pipes) {
            case .success(let pid): return .success((pid, pipes))
            case .failure(let failure):
                pipes?.closeAll()
                return .failure(failure)
            }
        }
        let pid: pid_t
        let pipes: Pipes?
        switch started {
        case .success(let running): (pid, pipes) = running
        case .failure(let reason):
            return Capture(outcome: .notStarted("`\(name)` could not start: \(reason.reason)"),
                           output: Data(), outputOverflowed: false, errorTail: "")
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
        var collected: (output: Data, overflowed: Bool, errorTail: String) = (Data(), false, "")
        if let pipes, let streams {
            pipes.closeChildEnds()
            collected = await Self.exchange(pipes, input: streams.input, outputLimit: streams.outputLimit, group: pid)
        }
        let status = await Self.wait(for: pid)
        watchdog.cancel()
        let outcome: Outcome
        if stopped.withLock({ $0 }) {
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            outcome = .killed(afterSeconds: seconds)
        } else {
            outcome = .exited(status)
        }
        return Capture(outcome: outcome, output: collected.output, outputOverflowed: collected.overflowed,
                       errorTail: collected.errorTail)
    }

    /// The three pipes of a captured run: the child's ends become its standard streams.
    private struct Pipes {
        var input: (read: Int32, write: Int32)
        var output: (read: Int32, write: Int32)
        var error: (read: Int32, write: Int32)

        /// Opens the pipes, close-on-exec (the child gets its ends through `dup2`, which clears the
        /// flag on the copies). Glibc's `pipe2` is not visible from Swift, so the flag is set after
        /// `pipe`; ``spawnLock`` keeps another run from spawning between the two.
        static func open() -> Pipes? {
            var fds: [Int32] = []
            for _ in 0..<3 {
                var pair: [Int32] = [-1, -1]
                guard pipe(&pair) == 0 else {
                    fds.forEach { close($0) }
                    return nil
                }
                for fd in pair { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                fds += pair
            }
            return Pipes(input: (fds[0], fds[1]), output: (fds[2], fds[3]), error: (fds[4], fds[5]))
        }

        func closeChildEnds() {
            close(input.read)
            close(output.write)
            close(error.write)
        }

        func closeAll() {
            for fd in [input.read, input.write, output.read, output.write, error.read, error.write] { close(fd) }
        }
    }

    /// Writes the input and reads both outputs on threads of their own (they block), until the
    /// program closes its ends; past `outputLimit` bytes of output the program's group is killed.
    private static func exchange(_ pipes: Pipes, input: Data?, outputLimit: Int,
                                 group: pid_t) async -> (output: Data, overflowed: Bool, errorTail: String) {
        let writer = pipes.input.write
        Thread.detachNewThread {
            // A program that exits without reading its input must not kill Herald with SIGPIPE:
            // the signal is blocked on this thread, so write() fails with EPIPE instead.
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            if let input {
                input.withUnsafeBytes { buffer in
                    var offset = 0
                    while offset < buffer.count {
                        let written = write(writer, buffer.baseAddress! + offset, buffer.count - offset)
                        if written < 0 {
                            if errno == EINTR { continue }
                            break
                        }
                        offset += written
                    }
                }
            }
            close(writer)
            // A SIGPIPE left pending on this thread is taken here so it is never delivered.
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var signal: Int32 = 0
                sigwait(&blocked, &signal)
            }
        }
        async let output = read(pipes.output.read, limit: outputLimit, group: group)
        async let errors = read(pipes.error.read, limit: 1 << 20, group: nil)
        let (out, err) = await (output, errors)
        let tail = String(decoding: err.data.suffix(2048), as: UTF8.self)
        return (out.data, out.overflowed, tail)
    }

    /// Reads `fd` to its end on a thread of its own; past `limit` bytes, stops the process group
    /// (when given) and stops keeping what comes.
    private static func read(_ fd: Int32, limit: Int, group: pid_t?) async -> (data: Data, overflowed: Bool) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var data = Data()
                var overflowed = false
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    if overflowed { continue }
                    if data.count + count > limit {
                        overflowed = true
                        if let group { kill(-group, SIGKILL) }
                        continue
                    }
                    data.append(contentsOf: buffer[0..<count])
                }
                close(fd)
                continuation.resume(returning: (data, overflowed))
            }
        }
    }

    /// Starts the program in a new process group with `/dev/null` for its standard streams, or
    /// the child ends of `pipes`.
    private static func spawn(_ executable: String, arguments: [String],
                              environment: [String: String], pipes: Pipes?) -> Result<pid_t, SpawnFailure> {
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
        if let pipes {
            posix_spawn_file_actions_adddup2(&actions, pipes.input.read, 0)
            posix_spawn_file_actions_adddup2(&actions, pipes.output.write, 1)
            posix_spawn_file_actions_adddup2(&actions, pipes.error.write, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // The program gets its three streams and nothing else of Herald's: no database file, no
        // socket, no file another thread has open for writing (which would also make a script
        // written a moment ago fail to start with "Text file busy" for as long as the program runs).
        if let closeFrom = closeFromAction {
            _ = closeFrom(&actions, 3)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        var result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // "Text file busy": a script just written is still open for writing in a child another
        // thread was starting at that moment; that child execs within milliseconds, so retry.
        var attempts = 0
        while result == ETXTBSY && attempts < 40 {
            attempts += 1
            usleep(50_000)
            result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
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

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run time: it
/// is declared only under `_GNU_SOURCE`, which Swift's Glibc module is not built with.
private let closeFromAction: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
        return nil
    }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()

/// Why a program did not start.
private struct SpawnFailure: Error {
    let reason: String
}
