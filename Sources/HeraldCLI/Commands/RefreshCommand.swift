import ArgumentParser
import Foundation
import Herald

/// `herald refresh`: fetch what is due (or everything, or named feeds) with progress; Ctrl-C stops
/// cleanly, keeping every feed already stored.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh", abstract: "Fetch new articles: feeds that are due, --all, or the named feeds.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Refresh every feed, due or not.")
    var all = false
    @Argument(help: "Feeds to refresh (id, URL or title); all due feeds when omitted.")
    var feeds: [String] = []

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            var selection = all ? RefreshSelection.all : .due
            if !feeds.isEmpty {
                var ids: [FeedID] = []
                for name in feeds { ids.append(try await FeedResolver.resolve(name, in: herald).id) }
                selection = .feeds(ids)
            }
            // The feeds module applies the retention policy after the refresh and reports it.
            // The feeds screen the refresh ran through says whether there are any: no second query.
            if case .empty = try await Self.refresh(selection, herald: herald, terminal: terminal) {
                terminal.line(CLIHints.noFeeds)
            }
            // Feeds that download by themselves (`herald download auto FEED on`) queue their new episodes.
            do throws(HeraldError) {
                let queued = try await herald.queueNewEpisodes()
                if !queued.isEmpty {
                    terminal.line("Queued \(queued.count) new episode\(queued.count == 1 ? "" : "s") for `herald download`.")
                }
            } catch {
                terminal.errorLine("herald: " + error.message)
            }
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }

    /// Runs a refresh through the feeds screen, drawing progress and honouring Ctrl-C.
    /// - Returns: The feeds screen's state after the refresh.
    @discardableResult
    static func refresh(_ selection: RefreshSelection, herald: Herald, terminal: TerminalOutput) async throws -> FeedsViewModel {
        let capture = FeedsCapture()
        let screen = herald.feedsScreen(display: capture)
        let progress = ProgressConsole(container: herald.container, output: terminal)
        let interrupt = InterruptHandler { Task { await screen.refreshCancelRequested() } }
        await screen.refreshRequested(selection)
        interrupt.remove()
        await progress.finish(interactive: terminal.drawsProgress)
        if interrupt.wasInterrupted {
            terminal.errorLine("Refresh stopped; every feed fetched before Ctrl-C is stored.")
        }
        return await capture.viewModel
    }
}
