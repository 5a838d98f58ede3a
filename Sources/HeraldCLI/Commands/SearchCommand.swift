import ArgumentParser
import Herald

/// `herald search QUERY`: ranked full-text results with highlighted snippets.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search every stored article (ranked, with snippets).",
        discussion: """
            Words must all match; "a phrase" in quotes, prefix* for prefixes, title:word to search titles \
            only, OR and NOT between words.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var filters: FilterOptions
    @Argument(help: "The query.")
    var query: [String]
    @Option(help: "How many results to show.")
    var limit = 20
    @Option(help: ArgumentHelp("Save the query as a saved search with this name.", valueName: "name"))
    var save: String?

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
        guard !query.joined().isEmpty else { throw ValidationError("Give a query, e.g. herald search sqlite.") }
    }

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let capture = SearchCapture()
            let screen = herald.searchScreen(filter: try await filters.filter(in: herald), pageSize: limit, display: capture)
            await screen.querySubmitted(query.joined(separator: " "))
            if let save { await screen.querySaved(name: save) }
            let viewModel = await capture.viewModel
            if case .failed(let message, _) = viewModel {
                terminal.errorLine("herald: " + message)
                throw ExitCode.failure
            }
            if output.json {
                terminal.line(JSONOutput.encode(await screen.hits.map(JSONOutput.Hit.init)))
            } else {
                SearchText.lines(viewModel, width: terminal.width, interactive: terminal.isInteractive)
                    .forEach(terminal.line)
            }
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }
}
