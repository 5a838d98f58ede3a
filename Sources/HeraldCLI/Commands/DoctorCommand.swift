import ArgumentParser
import Foundation
import Herald

/// `herald doctor`: checks the database file; `--repair` rebuilds a damaged one from what is readable.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the database file; with --repair, rebuild a damaged one from what can be read.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Rebuild a damaged database from its readable rows (the damaged file is kept beside it).")
    var repair = false

    func run() async throws {
        let output = TerminalOutput.current()
        do {
            let path = try Herald.databaseFile(override: global.db)
            let check = try Herald.checkDatabase(at: path)
            output.line("Database:  " + path)
            if check.isSound {
                let feeds = check.feeds.map { CountText.count($0, "feed") } ?? "?"
                let articles = check.articles.map { CountText.count($0, "article") } ?? "?"
                output.line("The database is sound: \(feeds), \(articles).")
                return
            }
            output.errorLine("The database is damaged:")
            for problem in check.problems.prefix(10) { output.errorLine("  " + DisplayText.line(problem)) }
            guard repair else {
                output.errorLine("Run `herald doctor --repair` to rebuild it from what can be read; the damaged file is kept.")
                throw ExitCode.failure
            }
            let result = try Herald.repairDatabase(at: path)
            output.line("Rebuilt from what could be read: \(CountText.count(result.feeds, "feed")), "
                + "\(CountText.count(result.articles, "article")) with their read and starred state, "
                + "\(CountText.count(result.savedSearches, "saved search", plural: "saved searches")).")
            if result.salvagedRows > 0 {
                output.line("\(CountText.count(result.salvagedRows, "row")) below damaged pages were recovered "
                    + "by reading the file's pages directly.")
            }
            if let reason = result.pageSalvageSkipped {
                output.line("Rows below damaged pages were not looked for: \(reason).")
            }
            if result.unreadableRows > 0 {
                output.line("\(CountText.count(result.unreadableRows, "row")) in damaged pages could not be read; "
                    + "a refresh fetches what the feeds still carry.")
            }
            output.line("The damaged file is kept as " + result.damagedCopy)
        } catch let error as HeraldError {
            output.errorLine("herald: " + error.message)
            throw ExitCode.failure
        }
    }
}
