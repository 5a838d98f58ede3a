import ArgumentParser
import Herald

/// `herald stats`: totals and the database size.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Show feeds, articles, unread, starred and database size.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await CLISession.run(database: global.db) { herald, terminal in
            let stats = try await herald.statistics()
            if output.json {
                terminal.line(JSONOutput.encode(stats))
                return
            }
            terminal.line("Database:  " + (herald.databasePath ?? "in memory"))
            terminal.line("Feeds:     \(CountText.grouped(stats.feeds))" + (stats.failingFeeds > 0 ? " (\(stats.failingFeeds) failing)" : ""))
            terminal.line("Articles:  \(CountText.grouped(stats.articles))")
            terminal.line("Unread:    \(CountText.grouped(stats.unread))")
            terminal.line("Starred:   \(CountText.grouped(stats.starred))")
            terminal.line("Size:      " + ByteText.describe(stats.databaseBytes))
        }
    }
}

/// Byte counts for people.
enum ByteText {
    /// "812 KB", "3.4 MB".
    static func describe(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        return unit == 0 ? "\(bytes) bytes" : String(format: "%.1f", value) + " " + units[unit]
    }
}
