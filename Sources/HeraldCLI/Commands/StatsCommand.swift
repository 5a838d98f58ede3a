import ArgumentParser
import Herald

/// `herald stats`: totals and the database size.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Show feeds, articles, unread, starred and database size.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let capture = StatsCapture()
            let screen = herald.statsScreen(display: capture)
            await screen.viewAppeared()
            let viewModel = await capture.viewModel
            if case .failed(let message, _) = viewModel {
                terminal.errorLine("herald: " + message)
                throw ExitCode.failure
            }
            if output.json, let statistics = await screen.statistics {
                terminal.line(JSONOutput.encode(statistics))
            } else {
                let rows = viewModel.content?.rows ?? []
                let labelWidth = (rows.map(\.label.count).max() ?? 0) + 3  // "Database:" and two spaces
                for row in rows {
                    terminal.line(ColumnText.pad(row.label + ":", labelWidth) + row.value)
                }
            }
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }
}
