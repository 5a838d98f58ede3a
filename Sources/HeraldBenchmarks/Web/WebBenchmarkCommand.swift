import ArgumentParser

/// `herald-benchmarks web`: the command line of ``WebBenchmark``.
struct WebBenchmarkCommand: AsyncParsableCommand {
    /// The subcommand's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Pages of the web front end under wrk on loopback, beside the store's own query for each page.")

    /// The cache (the reader benchmark's).
    @OptionGroup var cacheOptions: ReaderBenchmarkCacheOptions

    /// How long wrk loads each page.
    @Option(help: ArgumentHelp("Seconds wrk loads each page.", valueName: "S"))
    var seconds = 10

    /// Connections wrk keeps open.
    @Option(help: ArgumentHelp("Connections wrk keeps open (1: one request at a time).", valueName: "C"))
    var connections = 4

    /// Runs the benchmark.
    func run() async {
        await WebBenchmark.run(cacheOptions.settings, seconds: seconds, connections: connections)
    }
}
