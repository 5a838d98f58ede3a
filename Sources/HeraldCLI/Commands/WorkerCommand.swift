import ArgumentParser
import Foundation
import Herald

/// `herald worker`: a refresh worker. On PostgreSQL it refreshes the due feeds of everyone who
/// shares the database, claiming them from the shared queue, so that workers on several machines
/// never fetch one feed at once and a killed worker's feeds return to the queue when its claims
/// expire. On SQLite it refreshes the one person's due feeds.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Refresh due feeds continuously, sharing the work with other workers (PostgreSQL).",
        discussion: """
            Prints one line per pass that refreshed something. Ctrl-C or SIGTERM stops after the feeds \
            in flight; their claims are released.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("How long to wait between passes when nothing is due (90s, 5m…).", valueName: "duration"))
    var poll = "60s"
    @Option(help: ArgumentHelp("How long a claim lasts unless renewed: how soon a killed worker's feeds return to the queue.", valueName: "duration"))
    var lease = "2m"
    @Flag(help: "Run one pass and exit.")
    var once = false

    func run() async throws {
        let pollSeconds = try Self.seconds(poll, option: "--poll")
        let leaseSeconds = try Self.seconds(lease, option: "--lease")
        let herald: Herald
        let terminal = TerminalOutput.current()
        try CLISession.refuseMissingFolder(global)
        let newDatabase = global.db.flatMap { CLISession.missingDatabase($0, home: CLISession.home) }
        do {
            herald = try await Herald.open(databasePath: global.db, user: global.user,
                                           claimLease: leaseSeconds)
        } catch {
            terminal.errorLine("herald: " + error.message)
            throw ExitCode.failure
        }
        if let newDatabase { terminal.errorLine("herald: " + newDatabase) }
        let where_ = herald.databasePath ?? "the database"
        terminal.errorLine("Worker started on \(where_); Ctrl-C stops it.")
        let worker = herald.refreshWorker()
        let loop = Task {
            while !Task.isCancelled {
                // The pass runs in a task of its own, which a stop does not cancel: the stop goes
                // through the worker (below), so the pass ends its feeds in flight and releases
                // their claims. Cancelling the pass's reader instead ended the process with the
                // claims held until their lease ran out.
                let summary = await Task { await worker.passRequested() }.value
                await Self.printContainer(herald, terminal: terminal)
                if once || Task.isCancelled { break }
                if summary?.total ?? 0 == 0 {
                    try? await Task.sleep(for: .milliseconds(Int64(pollSeconds * 1000)))
                }
            }
        }
        let interrupt = InterruptHandler(signals: [SIGINT, SIGTERM]) {
            // The loop stops after the pass in progress (or at once, while it waits to poll).
            loop.cancel()
            Task { await worker.stopRequested() }
        }
        await loop.value
        interrupt.remove()
        await herald.shutdown()
    }

    /// Prints what the pass left in the Container, stamped: failures on standard error, the
    /// pass's totals on standard output.
    private static func printContainer(_ herald: Herald, terminal: TerminalOutput) async {
        let state = await herald.container.state
        for error in state.errors {
            terminal.errorLine("\(stamp()) \(error.message)")
            await herald.container.dismissError()
        }
        for notice in state.notices {
            terminal.line("\(stamp()) \(notice.message)")
            await herald.container.dismissNotice(notice.id)
        }
    }

    private static func stamp() -> String {
        Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeSeparator(.colon))
    }

    /// `90`, `90s`, `5m`, `1h` in seconds.
    static func seconds(_ text: String, option: String) throws -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        var digits = Substring(text)
        var scale = 1.0
        if let last = text.last, let unit = units[last] {
            digits = digits.dropLast()
            scale = unit
        }
        guard let value = Double(digits), value > 0, value.isFinite else {
            throw CLIFailure("\(option) needs a duration like 90s, 5m or 1h, found `\(text)`.")
        }
        return value * scale
    }
}
