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
                output.line(MaintenanceText.sound(check))
                return
            }
            output.errorLine("The database is damaged:")
            for problem in MaintenanceText.problems(check) { output.errorLine("  " + problem) }
            guard repair else {
                output.errorLine("Run `herald doctor --repair` to rebuild it from what can be read; the damaged file is kept.")
                throw ExitCode.failure
            }
            let result = try Herald.repairDatabase(at: path)
            MaintenanceText.repair(result).forEach(output.line)
        } catch let error as HeraldError {
            output.errorLine("herald: " + error.message)
            throw ExitCode.failure
        }
    }
}
