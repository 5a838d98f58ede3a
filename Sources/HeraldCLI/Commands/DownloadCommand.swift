import ArgumentParser
import Foundation
import Herald

/// `herald download`: podboat's job. With no subcommand, queues the new episodes of feeds that
/// download by themselves and downloads the queue with progress bars; `add`, `list`, `remove` and
/// `auto` manage the queue.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download podcast episodes (enclosures): the queue, with progress bars, resumed after an interruption.",
        discussion: """
            Files go to download-path (default ~/Podcasts), a folder per feed. download-parallel files \
            download at once (default 2), download-per-host from one host (default 1). Ctrl-C keeps the \
            partial files: the next `herald download` resumes them with HTTP ranges. The queue is \
            DATABASE-downloads.json beside a SQLite database (~/.local/share/herald/downloads.json for PostgreSQL).
            """,
        subcommands: [DownloadRunCommand.self, DownloadAddCommand.self, DownloadListCommand.self,
                      DownloadRemoveCommand.self, DownloadAutoCommand.self],
        defaultSubcommand: DownloadRunCommand.self)
}

/// `herald download [run]`: downloads the queue.
struct DownloadRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Queue new episodes of `download auto` feeds, then download the queue.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Try the failed downloads again too.")
    var retry = false

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let added = try await herald.queueNewEpisodes()
            if !added.isEmpty {
                terminal.line("Queued \(added.count) new episode\(added.count == 1 ? "" : "s") of feeds that download by themselves.")
            }
            let bars = DownloadProgressBars(output: terminal)
            let task = Task { try await herald.runDownloads(retryingFailed: retry) { event in bars.record(event) } }
            let interrupt = InterruptHandler(message: "\nStopping the downloads; partial files are kept… (Ctrl-C again to quit now)\n") {
                task.cancel()
            }
            let summary: DownloadRunSummary
            do {
                summary = try await task.value
            } catch {
                interrupt.remove()
                bars.finish()
                throw error
            }
            interrupt.remove()
            bars.finish()
            var line = "Downloaded \(summary.finished) file\(summary.finished == 1 ? "" : "s") (\(ByteText.describe(summary.bytesReceived)))"
            if summary.failed > 0 { line += "; \(summary.failed) failed or stopped (`herald download list`)" }
            terminal.line(line + ".")
            if interrupt.wasInterrupted {
                terminal.errorLine("Downloads stopped; `herald download` resumes them.")
                throw ExitCode(130)
            }
            if summary.failed > 0 { throw ExitCode.failure }
        }
    }
}

/// `herald download add ID…`: queues articles' enclosures.
struct DownloadAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Queue the enclosures of articles.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Article ids (from `herald list`).")
    var articles: [Int64]

    func run() async throws {
        guard !articles.isEmpty else { throw CLIFailure("Name at least one article id (from `herald list`).") }
        try await CLISession.run(global) { herald, terminal in
            for id in articles {
                for entry in try await herald.queueDownloads(of: ArticleID(rawValue: id)) {
                    terminal.line("\(entry.state.word): \(TerminalSafety.sanitize(entry.title)) → \(TerminalSafety.sanitize(entry.path))")
                }
            }
        }
    }
}

/// `herald download list`: the queue.
struct DownloadListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the download queue.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let entries = try herald.downloads()
            if output.json {
                terminal.line(JSONOutput.encode(entries.map(JSONOutput.Download.init)))
                return
            }
            if entries.isEmpty {
                terminal.line("The download queue is empty; `herald download add ID` queues an article's enclosures.")
                return
            }
            for entry in entries {
                var size = ByteText.describe(entry.bytesWritten)
                if let total = entry.totalBytes, entry.bytesWritten < total { size += " of " + ByteText.describe(total) }
                terminal.line("\(entry.articleID)\t\(entry.state.word)\t\(size)\t\(TerminalSafety.sanitize(entry.feedTitle)): \(TerminalSafety.sanitize(entry.title))")
                terminal.line("\t\(TerminalSafety.sanitize(entry.path))")
                if case .failed(let reason) = entry.state { terminal.line("\t" + TerminalSafety.sanitize(reason)) }
            }
        }
    }
}

/// `herald download remove ID|URL… | --finished`: takes entries off the queue (files stay).
struct DownloadRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Take entries off the queue by article id or enclosure URL; the files stay.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Remove every finished entry.")
    var finished = false
    @Argument(help: "Article ids or enclosure URLs.")
    var entries: [String] = []

    func run() async throws {
        guard finished || !entries.isEmpty else { throw CLIFailure("Name article ids or enclosure URLs, or give --finished.") }
        try await CLISession.run(global) { herald, terminal in
            var removed = 0
            if finished { removed += try herald.removeDownloads(.finished) }
            for entry in entries {
                removed += try herald.removeDownloads(Int64(entry).map { .article(ArticleID(rawValue: $0)) } ?? .url(entry))
            }
            terminal.line("Removed \(removed) entr\(removed == 1 ? "y" : "ies") from the download queue.")
        }
    }
}

/// `herald download auto FEED on|off`: whether a feed's new episodes join the queue by themselves.
struct DownloadAutoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auto", abstract: "Turn on or off the queueing of a feed's new episodes (podboat's download auto).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The feed: id, URL or title.")
    var feed: String
    @Argument(help: "on or off; omit to print the current state.")
    var state: FullTextCommand.Switch?

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let target = try await FeedResolver.resolve(feed, in: herald)
            let title = TerminalSafety.sanitize(target.displayTitle)
            guard let state else {
                terminal.line("New episodes of \(title) are \(target.settings.queuesEpisodes ? "" : "not ")queued by themselves.")
                return
            }
            try await herald.setQueuesEpisodes(state == .on, forFeed: target.id)
            terminal.line(state == .on
                ? "New episodes of \(title) will join the download queue at each refresh (earlier ones: `herald download add ID`)."
                : "New episodes of \(title) are no longer queued by themselves.")
        }
    }
}
