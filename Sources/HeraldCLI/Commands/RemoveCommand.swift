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
        try await CLISession.run(global) { herald, terminal in
            let target = try await FeedResolver.resolve(feed, in: herald)
            // The confirmation is the Router's alert; the confirmed action goes back to the module
            // on screen, as it does in the reader.
            let router = Router(root: .feeds)
            await router.ask(.confirmRemoveFeed(target.id, title: target.displayTitle))
            guard let alert = await router.stack.alert else { return }
            var confirmed = yes
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    terminal.errorLine("herald: \(alert.title) Run again with --yes to confirm.")
                    throw ExitCode.failure
                }
                terminal.write("\(alert.title) \(alert.message) [y/N] ")
                confirmed = readLine()?.lowercased().hasPrefix("y") ?? false
            }
            guard let confirmation = await router.answer(confirmed: confirmed) else {
                terminal.line("Kept.")
                return
            }
            let capture = RoutedScreenCapture()
            let screen = herald.module(for: await router.stack.top, display: capture)
            await screen.appear()
            guard await screen.perform(confirmation) else {
                throw CLIFailure("The feeds screen could not remove \(target.displayTitle).")
            }
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }
}
