import ArgumentParser

/// `herald-benchmarks sync`: the command line of ``SyncBenchmark``.
struct SyncBenchmarkCommand: AsyncParsableCommand {
    /// The subcommand's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "The sync APIs' requests answered in process, beside the store's own queries for the same data.")

    /// The cache (the reader benchmark's).
    @OptionGroup var cacheOptions: ReaderBenchmarkCacheOptions

    /// Articles left unread for the run.
    @Option(help: ArgumentHelp("The newest articles left unread for the run (the read state is put back after).",
                               valueName: "N"))
    var unread = 100_000

    /// Runs the benchmark.
    func run() async {
        await SyncBenchmark.run(cacheOptions.settings, unreadTarget: unread)
    }
}
