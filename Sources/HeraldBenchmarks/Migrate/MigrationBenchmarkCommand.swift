import ArgumentParser

/// `herald-benchmarks migrate`: the command line of ``MigrationBenchmark``.
struct MigrationBenchmarkCommand: AsyncParsableCommand {
    /// The subcommand's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "StoreMigration from a generated SQLite cache into PostgreSQL and back.")

    /// Articles in the generated cache.
    @Option(help: ArgumentHelp("Articles in the generated SQLite cache (over 1,000 feeds).", valueName: "N"))
    var articles = 100_000

    /// The PostgreSQL database to migrate into.
    @Option(help: ArgumentHelp("The PostgreSQL database to migrate into (default: HERALD_TEST_POSTGRES_URL).", valueName: "URL"))
    var postgres: String?

    /// Runs the benchmark.
    func run() async {
        await MigrationBenchmark.run(articles: articles, postgres: postgres)
    }
}
