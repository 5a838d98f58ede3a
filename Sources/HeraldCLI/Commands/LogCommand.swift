import ArgumentParser
import Foundation
import Herald

/// `herald log`: what the last refresh did (of any database, or of `--db`'s), from the refresh
/// log: its totals and its problems (failed and skipped feeds, refusals), or every line with `--all`.
struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the last refresh's problems from the refresh log (--all: everything it did).")

    @Flag(help: "Show every feed the last refresh handled, not only its problems.")
    var all = false
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let terminal = TerminalOutput.current()
        let log: (path: String?, records: [RefreshLogRecord])
        do {
            log = try Herald.lastRefreshLog(databasePath: global.db)
        } catch {
            terminal.errorLine("herald: " + error.message)
            throw ExitCode.failure
        }
        guard let path = log.path else {
            terminal.errorLine("herald: the refresh log is off (`refresh-log = off` in the config file).")
            throw ExitCode.failure
        }
        if output.json {
            terminal.line(JSONOutput.encode(log.records.map(\.fields)))
            return
        }
        guard let first = log.records.first else {
            terminal.line("No refresh is logged in \(path) yet.")
            return
        }
        terminal.line(Self.heading(first, finish: log.records.last { $0.message == "refresh finished" }))
        let shown = all ? Array(log.records.dropFirst()) : log.records.filter(\.isProblem)
        if shown.isEmpty {
            terminal.line("No problems.")
        }
        for record in shown where record.message != "refresh finished" {
            terminal.line(Self.line(record))
        }
    }

    /// "2026-11-25T17:48:26Z by host:pid (all): 200 feeds, 190 stored (812 new), 5 unchanged, 3 failed, 2 skipped in 1.2 s".
    static func heading(_ start: RefreshLogRecord, finish: RefreshLogRecord?) -> String {
        let fields = start.fields
        var text = "Last refresh \(fields["time"] ?? "?")" + (fields["database"].map { " of \($0)" } ?? "")
            + " by \(fields["holder"] ?? "?") (\(fields["selection"] ?? "?"))"
        guard let totals = finish?.fields else { return TerminalSafety.sanitize(text + ": still running, or stopped before its end.") }
        text += ": \(totals["total"] ?? "0") feeds, \(totals["stored"] ?? "0") stored (\(totals["new"] ?? "0") new), "
        text += "\(totals["unchanged"] ?? "0") unchanged, \(totals["failed"] ?? "0") failed, \(totals["skipped"] ?? "0") skipped"
        if let ms = totals["ms"].flatMap(Double.init) { text += " in " + String(format: "%.1f s", ms / 1000) }
        if totals["cancelled"] == "true" { text += " (stopped)" }
        return TerminalSafety.sanitize(text)
    }

    /// "  failed   Example Feed (#12): the server answered 404 (12 ms)".
    static func line(_ record: RefreshLogRecord) -> String {
        let fields = record.fields
        var text = "  " + record.message.padding(toLength: max(9, record.message.count + 1), withPad: " ", startingAt: 0)
        if let title = fields["title"] { text += title }
        if let feed = fields["feed"] { text += " (#\(feed))" }
        if let reason = fields["reason"] { text += ": " + reason }
        if let ms = fields["ms"] { text += " (\(ms) ms)" }
        if let feeds = fields["feeds"] { text += " " + feeds }
        return TerminalSafety.sanitize(text)
    }
}
