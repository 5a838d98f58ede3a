import Foundation

/// A real terminal for end-to-end tests of the reader: a private tmux server (its own socket) with
/// one window running an interactive bash in the sandbox's environment. Tests type commands and
/// keys with `send-keys` and read the screen with `capture-pane`, as a user's terminal would show it.
final class TmuxTerminal: @unchecked Sendable {
    /// Why tmux cannot be used here, or `nil` when it can.
    static let unavailableReason: String? = {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") ? nil : "tmux is not installed (apt-get install -y tmux)"
    }()

    private let socket = "herald-test-\(UUID().uuidString.prefix(8))"

    /// Starts bash in a `width`x`height` window with `environment` (and nothing else).
    init(environment: [String: String], width: Int = 100, height: Int = 30) throws {
        var words = ["env", "-i"] + environment.merging(["TERM": "screen", "PS1": "$ "]) { $1 }
            .map { "\($0.key)=\($0.value)" }.sorted()
        words += ["bash", "--norc", "--noprofile", "-i"]
        // The first command starts the tmux server, which keeps the descriptors it inherits: its
        // output goes nowhere, so no pipe is left open for a reader to wait on forever.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)"] + words,
                 readsOutput: false)
        // An application's OSC 52 clipboard write becomes a paste buffer, so a test can see one.
        try tmux(["set-option", "-g", "set-clipboard", "on"])
        // The server and the shell, to end them even when tmux's own kill-server leaves them running
        // (seen: a server that outlived kill-server and SIGTERM with its idle shell).
        let pids = try tmux(["display-message", "-p", "#{pid} #{pane_pid}"])
            .split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
        TmuxServers.remember(socket, processes: pids)
    }

    deinit {
        TmuxServers.stop(socket)
    }

    /// Types a line at the shell and presses Enter.
    func type(_ line: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", line])
        try tmux(["send-keys", "-t", "main", "Enter"])
    }

    /// Presses keys by tmux name (`j`, `Enter`, `C-z`, `Escape`, `PageDown`).
    func press(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", "-t", "main", key]) }
    }

    /// The screen as text.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"])
    }

    /// Resizes the window.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the screen satisfies `condition`, polling every 50 ms.
    /// - Returns: The screen that satisfied it, or `nil` after `timeout` (the last screen is in `last`).
    func waitFor(_ timeout: Duration = .seconds(15), _ condition: (String) -> Bool) async throws -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            let text = try screen()
            last = text
            if condition(text) { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Waits until the screen contains `text`.
    func waitFor(_ text: String, timeout: Duration = .seconds(15)) async throws -> String? {
        try await waitFor(timeout) { $0.contains(text) }
    }

    /// Waits until the shell is the pane's foreground program again (the program it ran has
    /// exited), so that what is typed next reaches the shell and not the program.
    /// - Returns: False after `timeout`.
    func waitForShell(_ timeout: Duration = .seconds(15)) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            let command = try tmux(["display-message", "-p", "-t", "main", "#{pane_current_command}"])
            if command.trimmingCharacters(in: .whitespacesAndNewlines) == "bash" { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// The pane's title (what OSC 0 and OSC 2 sequences set).
    func paneTitle() throws -> String {
        try tmux(["display-message", "-p", "-t", "main", "#{pane_title}"])
    }

    /// The paste buffers (what an OSC 52 clipboard write creates).
    func buffers() throws -> String {
        try tmux(["list-buffers"])
    }

    /// The last screen read by a wait.
    private(set) var last = ""

    /// Runs tmux on this terminal's socket and returns what it printed. Spawned and reaped here with
    /// posix_spawn and waitpid: the first call's client forks the server, which keeps what it inherits,
    /// so its output goes to a file rather than a pipe nobody would ever see closed.
    @discardableResult
    private func tmux(_ arguments: [String], readsOutput: Bool = true) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-tmux-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, readsOutput ? outputPath : "/dev/null",
                                         O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words = ["/usr/bin/tmux", "-L", socket] + arguments
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv, environ)
        guard spawned == 0 else { throw TmuxFailure(reason: "posix_spawn failed: \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard readsOutput else { return "" }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

/// tmux could not be started.
struct TmuxFailure: Error {
    /// Why.
    let reason: String
}

/// The tmux servers this test process started and has not stopped yet, with the server's and the
/// shell's process ids: each is stopped when its terminal is released, and any left when the process
/// exits (a test that failed before releasing its terminal), so no test leaves a server running.
enum TmuxServers {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var servers: [String: [pid_t]] = [:]
    nonisolated(unsafe) private static var isRegistered = false

    static func remember(_ socket: String, processes: [pid_t]) {
        lock.withLock {
            servers[socket] = processes
            if !isRegistered {
                isRegistered = true
                atexit { TmuxServers.stopAll() }
            }
        }
    }

    /// `tmux kill-server`, then SIGKILL to the server and the shell if they are still there.
    static func stop(_ socket: String) {
        let processes = lock.withLock { servers.removeValue(forKey: socket) } ?? []
        run(["/usr/bin/tmux", "-L", socket, "kill-server"])
        for pid in processes where pid > 1 { kill(pid, SIGKILL) }
    }

    static func stopAll() {
        let sockets = lock.withLock { Array(servers.keys) }
        for socket in sockets { stop(socket) }
    }

    private static func run(_ words: [String]) {
        var pid = pid_t()
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, words[0], nil, nil, argv, environ) == 0 else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }
}
