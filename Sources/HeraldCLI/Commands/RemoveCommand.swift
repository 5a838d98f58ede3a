import ArgumentParser
import Foundation
import Herald

/// `herald remove FEED`: unsubscribe after a confirmation.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Unsubscribe from a feed and delete its articles.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The feed: id, URL or title.")
    var feed: String
    @Flag(name: .shortAndLong, help: "Do not ask for confirmation.")
    var yes = false

    func run() async throws {
        try await CLISession.run(database: global.db) { herald, terminal in
            let target = try await FeedResolver.resolve(feed, in: herald)
            let alert = Alert(.confirmRemoveFeed(target.id, title: target.displayTitle))
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    terminal.errorLine("herald: \(alert.title) Run again with --yes to confirm.")
                    throw ExitCode.failure
                }
                terminal.write("\(alert.title) \(alert.message) [y/N] ")
                guard let answer = readLine(), answer.lowercased().hasPrefix("y") else {
                    terminal.line("Kept.")
                    return
                }
            }
            let capture = FeedsCapture()
            let screen = herald.feedsScreen(display: capture)
            await screen.viewAppeared()
            await screen.feedRemovalConfirmed(target.id)
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }
}
