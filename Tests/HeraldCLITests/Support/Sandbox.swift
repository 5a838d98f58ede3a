import Foundation

/// A private world for one test: a temporary HOME with its own XDG folders and database file, and a
/// way to run the real `herald` executable in it the way a user does (no terminal, `COLUMNS=100`).
final class Sandbox: Sendable {
    /// The temporary folder that holds everything.
    let root: URL
    /// The database every `herald(db:)` call passes with `--db`.
    let database: String
    /// The environment children get: HOME, XDG_DATA_HOME, XDG_CONFIG_HOME into `root`, COLUMNS=100.
    let environment: [String: String]

    /// Creates the folders; `database` replaces the sandbox's SQLite file (a `postgres://` URL).
    init(database override: String? = nil) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-cli-\(UUID().uuidString)", isDirectory: true)
        for folder in ["home", "data", "config", "scratch", "work"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder),
                                                    withIntermediateDirectories: true)
        }
        database = override ?? root.appendingPathComponent("work/herald.db").path
        environment = [
            "HOME": root.appendingPathComponent("home").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "COLUMNS": "100",
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// A path inside the sandbox.
    func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// Writes `data` to `relative` inside the sandbox and returns its path.
    @discardableResult
    func write(_ data: Data, to relative: String) throws -> String {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    /// Starts `herald arguments…` without waiting for it.
    func start(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(executable: Locations.herald, arguments: arguments,
                         environment: environment.merging(extra) { $1 },
                         directory: root.appendingPathComponent("work"), stdin: stdin,
                         scratch: root.appendingPathComponent("scratch"))
    }

    /// Runs `herald arguments…` to the end (killed after `timeout`).
    func herald(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:],
                timeout: Duration = .seconds(30)) async throws -> ProcessResult {
        try await start(arguments, stdin: stdin, environment: extra).finish(timeout: timeout)
    }

    /// Runs `herald SUBCOMMAND --db <the sandbox database> rest…`.
    func herald(db arguments: String..., stdin: Data? = nil, environment extra: [String: String] = [:],
                timeout: Duration = .seconds(30)) async throws -> ProcessResult {
        precondition(!arguments.isEmpty, "give a subcommand")
        let withDatabase = [arguments[0], "--db", database] + arguments.dropFirst()
        return try await herald(withDatabase, stdin: stdin, environment: extra, timeout: timeout)
    }
}
