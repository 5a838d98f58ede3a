import ArgumentParser

/// The `herald-benchmarks` command: one subcommand per benchmark (Docs/benchmarks.md has each
/// one's command and figures).
struct BenchmarksCommand: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    static let configuration = CommandConfiguration(
        commandName: "herald-benchmarks",
        abstract: "Herald's benchmarks, each against a baseline measured in the same run.",
        discussion: """
            Build in release mode for figures worth keeping (swift build -c release --product herald-benchmarks); \
            several benchmarks also run the release herald built beside this binary.
            """,
        subcommands: [
            ParsingBenchmarkCommand.self, StoreBenchmarkCommand.self, RefreshBenchmarkCommand.self,
            RefreshBenchmarkServeCommand.self, ReaderBenchmarkCommand.self, WebBenchmarkCommand.self,
            ScaleBenchmarkCommand.self, MigrationBenchmarkCommand.self, SyncBenchmarkCommand.self,
            ExtractBenchmarkCommand.self, ExtractTreeCommand.self,
        ]
    )

    /// Parses the process arguments, runs the chosen benchmark and exits with ArgumentParser's
    /// message and status on a bad command line.
    static func runAsRoot() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
