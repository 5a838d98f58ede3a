import ArgumentParser
import Foundation
import Herald

/// `herald add URL`: subscribe to a feed, or to the feed a web page advertises.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Subscribe to a feed URL or a web page that links to its feed.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The feed or page URL (http, https or file), the path of a local feed file, or a command of yours: exec:COMMAND (its output is the feed) or filter:COMMAND:URL (the feed piped through it).")
    var url: String
    @Option(name: .long, help: ArgumentHelp("A tag (folder); repeat for several.", valueName: "tag"))
    var tag: [String] = []
    @Option(help: "Your own title for the feed.")
    var title: String?
    @Flag(help: "At each refresh, fetch the page behind every new article and keep its full text beside the feed's (for summary-only feeds).")
    var fullText = false

    func run() async throws {
        // A path to a local file subscribes to it as a file:// feed.
        var target = url
        if !url.contains("://"), !ScriptSource.isScript(url), FileManager.default.fileExists(atPath: url) {
            target = URL(fileURLWithPath: url).standardizedFileURL.absoluteString
        }
        // The person at this terminal may add their own commands as feeds; a web page or a sync
        // client may not (ScriptSourcePolicy).
        try await CLISession.run(global, scriptSources: .accepted, makesDatabase: true) { herald, terminal in
            let screen = herald.feedsScreen(display: FeedsCapture())
            await screen.feedAdded(url: target, title: title, tags: tag, fullText: fullText)
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }
}
