import ArgumentParser
import Herald

/// `herald show ID`: one article as terminal text (a deep link straight into the detail screen).
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show an article as text and mark it read.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The article id (from `herald list`), or a herald://article/ID link.")
    var article: String
    @Option(help: "Wrap the text to this many columns, at least 20 (default: the terminal's width, at most 100).")
    var width: Int?
    @Flag(help: "Show the full article from the page behind the link instead of the feed's text: the one kept, else fetched now and kept.")
    var full = false
    @Flag(help: "With --full: fetch the page again even when a full text is kept, and keep the new one.")
    var refetch = false

    func run() async throws {
        let route: Route
        do {
            route = try DeepLink.route(from: article)
        } catch {
            throw CLIFailure(error.message)
        }
        guard case let .articleDetail(id, filter) = route else {
            throw CLIFailure("\(article) is not an article; use an id from `herald list`.")
        }
        try await CLISession.run(global) { herald, terminal in
            let capture = ArticleDetailCapture()
            let screen = herald.articleScreen(id, within: filter, display: capture)
            await screen.viewAppeared()
            let viewModel = await capture.viewModel
            if case .failed(let message, _) = viewModel {
                terminal.errorLine("herald: " + message)
                throw ExitCode.failure
            }
            if output.json {
                let stored = try await herald.article(id)
                terminal.line(JSONOutput.encode(JSONOutput.FullArticle(stored)))
            } else {
                let fullText = full ? await Self.fullText(of: id, refetch: refetch, herald: herald, terminal: terminal) : nil
                // The terminal's width is capped at 100 columns for reading; an explicit --width is taken as given.
                ArticleDetailText.lines(viewModel, width: width ?? min(terminal.width, 100), fullText: fullText).forEach(terminal.line)
            }
            // A failure queued while the screen worked (a mark-read that could not be saved) is
            // printed and fails the command.
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }

    /// The article's full text (kept, else fetched, extracted and kept now), or nil: the feed's
    /// text is shown, and why is said on standard error (no link, the page fails or holds no text).
    private static func fullText(of id: ArticleID, refetch: Bool, herald: Herald, terminal: TerminalOutput) async -> String? {
        do {
            return try await herald.fullText(of: id, refetch: refetch).text
        } catch {
            terminal.errorLine("herald: " + TerminalSafety.sanitize(error.message) + " Showing the feed's text.")
            return nil
        }
    }
}
