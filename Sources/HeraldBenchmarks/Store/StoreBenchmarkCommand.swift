import ArgumentParser

/// `herald-benchmarks store`: the command line of ``StoreBenchmark``.
struct StoreBenchmarkCommand: AsyncParsableCommand {
    /// The subcommand's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Herald's SQLite store on a generated cache against raw SQLite statements.")

    /// Articles in the generated cache.
    @Option(help: ArgumentHelp("Articles in the generated cache (over 1,000 feeds).", valueName: "N"))
    var articles = 1_000_000

    /// Saves run at a time while the cache is filled.
    @Option(name: .customLong("saves-in-flight"),
            help: ArgumentHelp("Feed saves run at a time while the cache is filled (1: one after the other).", valueName: "K"))
    var savesInFlight = 4

    /// Stop after the bulk upsert's rate.
    @Flag(name: .customLong("upsert-only"), help: "Only measure the bulk upsert with FTS, then stop.")
    var upsertOnly = false

    /// Runs the benchmark.
    func run() async {
        await StoreBenchmark.run(articles: articles, savesInFlight: savesInFlight, upsertOnly: upsertOnly)
    }
}
