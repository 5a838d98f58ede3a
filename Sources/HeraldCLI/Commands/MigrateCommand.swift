import ArgumentParser
import Foundation
import Herald

/// `herald migrate --from PATH --to postgres://…`: copies feeds, articles and every state of the
/// person into another database (SQLite → PostgreSQL, or back), then checks the counts match.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy feeds, articles and your reading state into another database, verified by counts.",
        discussion: """
            Either side is a SQLite file or a postgres:// URL. The destination must be empty for you, or hold \
            what an interrupted run of the same migration copied: running it again completes the copy. \
            The source is only read.
            """)

    @Option(help: ArgumentHelp("The database to copy from (a file or postgres:// URL).", valueName: "path|url"))
    var from: String
    @Option(help: ArgumentHelp("The database to copy into (a file or postgres:// URL).", valueName: "path|url"))
    var to: String
    @Option(help: ArgumentHelp("Whose news, on a PostgreSQL side (default: the login name).", valueName: "name"))
    var user: String?

    func run() async throws {
        let terminal = TerminalOutput.current()
        let stores: DatabaseMigration
        do {
            stores = try await DatabaseMigration.open(from: from, to: to, user: user)
        } catch {
            terminal.errorLine("herald: " + error.message)
            throw ExitCode.failure
        }
        terminal.errorLine("Copying \(stores.sourceName) into \(stores.destinationName)…")
        let interactive = terminal.drawsProgress
        do {
            let report = try await stores.run { progress in
                guard let line = MaintenanceText.progress(progress) else { return }
                FileHandle.standardError.write(Data((interactive ? "\r\u{1B}[2K" + line : line + "\n").utf8))
            }
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            MaintenanceText.report(report).forEach(terminal.line)
        } catch {
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            await stores.close()
            terminal.errorLine("herald: " + error.message)
            throw ExitCode.failure
        }
        await stores.close()
    }
}
