import ArgumentParser
import Foundation
import Herald

/// The `herald` command: subscribe, refresh, list, read and search news in a terminal.
public struct HeraldCommand: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "A news reader for the terminal: RSS, Atom and JSON feeds, offline, searchable.",
        discussion: """
            With no subcommand on a terminal, opens the interactive reader (? shows its keys). \
            The database is ~/.local/share/herald/herald.db unless --db, HERALD_DB or the config file \
            (~/.config/herald/config) says otherwise. `herald demo` tries everything on bundled feeds.
            """,
        version: HeraldVersion.current,
        subcommands: [
            DemoCommand.self, AddCommand.self, RemoveCommand.self, FeedsCommand.self, RefreshCommand.self,
            ReadCommand.self, ListCommand.self, ShowCommand.self, SearchCommand.self, MarkCommand.self, StatsCommand.self,
            ImportCommand.self, ExportCommand.self, ParseCommand.self, ExtractCommand.self, DoctorCommand.self, ServeCommand.self,
            WorkerCommand.self, UserCommand.self, MigrateCommand.self, LogCommand.self, FullTextCommand.self, RulesCommand.self,
            DownloadCommand.self,
        ]
    )

    /// Creates the command (ArgumentParser needs it).
    public init() {}

    /// `herald` alone: the reader on the configured database (`herald read --db PATH` for another)
    /// on a terminal; help (exit 0) on a pipe or a dumb terminal.
    public func run() async throws {
        guard ReaderLauncher.canRun() else {
            print(Self.helpMessage())
            return
        }
        try await CLISession.run(database: nil) { herald, _ in
            try await ReaderLauncher.run(herald)
        }
    }

    /// Parses the process arguments, runs the chosen subcommand and exits with its status.
    public static func runAsRoot(_ arguments: [String]? = nil) async {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CLIFailure {
            FileHandle.standardError.write(Data("herald: \(failure.message)\n".utf8))
            exit(withError: ExitCode.failure)
        } catch {
            exit(withError: error)
        }
    }
}
