import ArgumentParser
import Foundation
import Herald

/// Opens the engine for one command, runs it, and always shuts it down; turns Herald's errors into a
/// clear message on standard error and exit code 1.
enum CLISession {
    /// Runs `body` with the engine open on the database and user of the global options.
    /// - Parameter scriptSources: `.accepted` for the commands that add the person's own
    ///   `exec:`/`filter:` feeds (`add`, `import`).
    /// - Parameter makesDatabase: Whether the command is one that starts a new database at a
    ///   `--db` file that does not exist yet (`add`, `import`, the reader, `serve`, `user add`,
    ///   `user password`, `user token`); the
    ///   others, which read or change what is stored, say on standard error that the file was new
    ///   (``missingDatabase(_:home:)``), so a mistyped name does not pass for an empty database.
    static func run(_ global: GlobalOptions, scriptSources: ScriptSourcePolicy = .refused, makesDatabase: Bool = false,
                    _ body: (Herald, TerminalOutput) async throws -> Void) async throws {
        try refuseMissingFolder(global)
        let newDatabase = makesDatabase ? nil : global.db.flatMap { missingDatabase($0, home: home) }
        try await run(database: global.db, user: global.user, scriptSources: scriptSources) { herald, output in
            if let newDatabase { output.errorLine("herald: " + newDatabase) }
            try await body(herald, output)
        }
    }

    /// The home folder `~/` stands for.
    static var home: String {
        ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// Stops the command, with the reason on standard error, when its `--db` names a file in a
    /// folder that does not exist (``missingFolder(of:home:)``).
    static func refuseMissingFolder(_ global: GlobalOptions) throws {
        guard let database = global.db, let problem = missingFolder(of: database, home: home) else { return }
        TerminalOutput.current().errorLine("herald: " + problem)
        throw ExitCode.failure
    }

    /// What to say of a `--db` file that does not exist, for a command that only reads or changes
    /// what is stored: a mistyped name gets a new, empty database, and the command would otherwise
    /// show nothing or change nothing without a word. Nil for a file that exists, a `postgres://`
    /// URL or SQLite's `:memory:`.
    static func missingDatabase(_ database: String, home: String?) -> String? {
        let lowered = database.lowercased()
        guard !lowered.hasPrefix("postgres://"), !lowered.hasPrefix("postgresql://"), !database.isEmpty,
              database != ":memory:" else { return nil }
        var path = database
        if path.hasPrefix("~/"), let home, !home.isEmpty { path = home + path.dropFirst() }
        guard !FileManager.default.fileExists(atPath: path) else { return nil }
        return "There was no database at \(database); this is a new, empty one. If the name is mistyped, "
            + "delete it and check the path."
    }

    /// What is wrong with a database file named by `--db` whose folder does not exist, else nil: a
    /// mistyped path would otherwise get a new, empty database (and its folders) where the person
    /// meant none. The default database's folder is still made on first use; a `postgres://` URL
    /// is not a path.
    static func missingFolder(of database: String, home: String?) -> String? {
        let lowered = database.lowercased()
        guard !lowered.hasPrefix("postgres://"), !lowered.hasPrefix("postgresql://"), !database.isEmpty else { return nil }
        var path = database
        if path.hasPrefix("~/"), let home, !home.isEmpty { path = home + path.dropFirst() }
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return nil }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            return isFolder.boolValue ? nil : "Cannot use \(database) as the database: \(folder) is a file, not a folder."
        }
        return "No folder \(folder) for the database \(database). Check the path, or create the folder first (mkdir -p \(folder))."
    }

    /// Runs `body` with an open engine.
    static func run(database: String?, user: String? = nil, scriptSources: ScriptSourcePolicy = .refused,
                    _ body: (Herald, TerminalOutput) async throws -> Void) async throws {
        let output = TerminalOutput.current()
        let herald: Herald
        do {
            herald = try await Herald.open(databasePath: database, user: user, scriptSources: scriptSources)
        } catch {
            output.errorLine("herald: " + error.message)
            throw ExitCode.failure
        }
        do {
            try await body(herald, output)
        } catch let error as HeraldError {
            await herald.shutdown()
            output.errorLine("herald: " + error.message)
            throw ExitCode.failure
        } catch {
            await herald.shutdown()
            throw error
        }
        await herald.shutdown()
    }

    /// Prints the Container's queued errors (standard error) and notices (standard output).
    /// - Returns: True when there were errors.
    @discardableResult
    static func flushContainer(_ herald: Herald, _ output: TerminalOutput) async -> Bool {
        let state = await herald.container.state
        for notice in state.notices {
            output.line(notice.message)
            await herald.container.dismissNotice(notice.id)
        }
        for error in state.errors {
            output.errorLine("herald: " + error.message)
            await herald.container.dismissError()
        }
        return !state.errors.isEmpty
    }
}
