import ArgumentParser
import Herald

/// `herald feeds`: subscriptions by tag with unread counts; failing and gone feeds flagged.
struct FeedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds", abstract: "List subscriptions with unread counts, last errors and retry times.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let capture = FeedsCapture()
            let screen = herald.feedsScreen(display: capture)
            await screen.viewAppeared()
            let viewModel = await capture.viewModel
            if case .failed(let message, _) = viewModel {
                terminal.errorLine("herald: " + message)
                throw ExitCode.failure
            }
            if output.json {
                var unread: [FeedID: Int] = [:]
                for group in viewModel.content?.groups ?? [] {
                    for row in group.rows { unread[row.id] = row.unreadCount }
                }
                let rows = await screen.feeds.map { JSONOutput.FeedRow($0, unread: unread[$0.id] ?? 0) }
                terminal.line(JSONOutput.encode(rows))
            } else {
                FeedsText.lines(viewModel, width: terminal.width).forEach(terminal.line)
            }
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }
}
