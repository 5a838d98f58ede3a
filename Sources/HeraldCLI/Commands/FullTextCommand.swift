import ArgumentParser
import Herald

/// `herald full-text FEED on|off`: whether refreshes keep the full text of a feed's new articles.
struct FullTextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "full-text",
        abstract: "Turn full text on or off for a feed: refreshes fetch each new article's page and keep its article.",
        discussion: """
            With full text on, each refresh of the feed fetches the pages behind its newest articles \
            (10 a refresh, from the last 14 days, politely), extracts their articles and keeps them beside \
            the feed's text: `herald show ID --full`, the reader's `f` key, the web reader and the sync APIs \
            show them, and search finds their words. With no state, prints whether it is on.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The feed: id, URL or title.")
    var feed: String
    @Argument(help: "on or off; omit to print the current state.")
    var state: Switch?
    @Flag(help: "Fetch again the pages of the feed's articles that have a full text kept and extract them anew (after changing extract-keep/extract-drop rules).")
    var refetch = false

    /// The two states.
    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let target = try await FeedResolver.resolve(feed, in: herald)
            let title = TerminalSafety.sanitize(target.displayTitle)
            if refetch {
                let (refetched, failed) = try await herald.refetchFullTexts(ofFeed: target.id)
                var line = "Extracted \(refetched) full text\(refetched == 1 ? "" : "s") of \(title) again"
                if failed > 0 { line += "; \(failed) page\(failed == 1 ? "" : "s") failed and kept the earlier text" }
                terminal.line(line + ".")
                if state == nil { return }
            }
            guard let state else {
                terminal.line("Full text is \(target.settings.fetchesFullText ? "on" : "off") for \(title).")
                return
            }
            let capture = FeedsCapture()
            let screen = herald.feedsScreen(display: capture)
            await screen.feedFullTextSet(target.id, isOn: state == .on)
            // The screen's own notice says it ("Full text on for …"), once.
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
            if state == .off { terminal.line("The full texts already kept stay.") }
        }
    }
}
