import ArgumentParser
import Herald

/// `herald list`: articles newest first, through the article-list screen.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List articles, newest first.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var filters: FilterOptions
    @Option(help: "How many articles to show.")
    var limit = 30
    @Option(help: ArgumentHelp("Continue after this article id (the last one shown, or `next.id` of --json).",
                               valueName: "id"))
    var after: Int64?

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let capture = ArticleListCapture()
            var cursor: PageCursor?
            if let after {
                let article = try await herald.article(ArticleID(after))
                cursor = PageCursor(date: article.sortDate, id: article.id)
            }
            let screen = herald.articleListScreen(try await filters.filter(in: herald), pageSize: limit,
                                                  startingAfter: cursor, display: capture)
            await screen.viewAppeared()
            let viewModel = await capture.viewModel
            if case .failed(let message, _) = viewModel {
                terminal.errorLine("herald: " + message)
                throw ExitCode.failure
            }
            if output.json {
                let rows = await screen.rows
                let next = await screen.cursor.map { JSONOutput.Cursor(date: $0.date, id: $0.id.rawValue) }
                terminal.line(JSONOutput.encode(JSONOutput.Page(articles: rows.map(JSONOutput.Row.init), next: next)))
            } else if case .empty = viewModel, (try? await herald.feeds())?.isEmpty == true {
                terminal.line(CLIHints.noFeeds)
            } else {
                ArticleListText.lines(viewModel, width: terminal.width).forEach(terminal.line)
            }
            // A failure queued while the screen worked (a mark-read that could not be saved) is
            // printed and fails the command.
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }
}
