import ArgumentParser

/// `herald-benchmarks scale`: the command line of ``ScaleBenchmark``.
struct ScaleBenchmarkCommand: AsyncParsableCommand {
    /// The subcommand's name, abstract and discussion.
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "The PostgreSQL store with refresh workers, against one herald refresh on SQLite.",
        discussion: "The PostgreSQL server is HERALD_BENCH_POSTGRES_URL or HERALD_TEST_POSTGRES_URL; without one nothing is measured.")

    /// Feeds served.
    @Option(help: ArgumentHelp("Generated feeds served.", valueName: "N"))
    var feeds = 100_000

    /// Items in each feed.
    @Option(help: ArgumentHelp("Items in each feed.", valueName: "M"))
    var items = 10

    /// Loopback origins the feeds are spread over.
    @Option(help: ArgumentHelp("Loopback origins (one port each) the feeds are spread over.", valueName: "K"))
    var origins = 100

    /// Milliseconds the server adds to every request.
    @Option(name: .customLong("latency-ms"), help: ArgumentHelp("Milliseconds the server adds to every request.", valueName: "L"))
    var latencyMilliseconds = 20

    /// Worker counts, one run each.
    @Option(help: ArgumentHelp("Worker counts, one run on a fresh schema each (default: 1,2,4).", valueName: "N,N,..."),
            transform: ScaleBenchmarkCommand.counts)
    var workers = [1, 2, 4]

    /// Skip the SQLite baseline.
    @Flag(name: .customLong("no-sqlite"), help: "Skip the baseline: one herald refresh on SQLite over the same feeds.")
    var noSQLite = false

    /// Refuses a count below 1 or a negative latency.
    func validate() throws {
        guard feeds > 0 else { throw ValidationError("--feeds must be at least 1.") }
        guard items > 0 else { throw ValidationError("--items must be at least 1.") }
        guard origins > 0 else { throw ValidationError("--origins must be at least 1.") }
        guard latencyMilliseconds >= 0 else { throw ValidationError("--latency-ms must be 0 or more.") }
    }

    /// Runs the benchmark.
    func run() async {
        await ScaleBenchmark.run(ScaleBenchmark.Options(feeds: feeds, items: items, origins: origins,
                                                        latencyMilliseconds: latencyMilliseconds, workers: workers,
                                                        sqlite: !noSQLite))
    }

    /// Reads `--workers`: counts separated by commas (those that are not whole numbers are
    /// skipped), at least one, every one above zero.
    static func counts(_ text: String) throws -> [Int] {
        let counts = text.split(separator: ",").compactMap { Int($0) }
        guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 }) else {
            throw ValidationError("expected worker counts above zero, such as 1,2,4.")
        }
        return counts
    }
}
