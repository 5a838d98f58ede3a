import ArgumentParser

/// `herald-benchmarks parse`: the command line of ``ParsingBenchmark``.
struct ParsingBenchmarkCommand: ParsableCommand {
    /// The subcommand's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "The feed parser against a bare libxml2 SAX pass, its peak memory, and the whole herald parse process.")

    /// Items in each generated feed (RSS 2.0 and Atom).
    @Option(help: ArgumentHelp("Items in each generated feed (RSS 2.0 and Atom).", valueName: "N"))
    var items = 10_000

    /// How many times each pass runs (the whole process at least 3 times).
    @Option(help: ArgumentHelp("How many times each pass runs; the best and the median are shown.", valueName: "N"))
    var repetitions = 7

    /// A folder to leave the generated documents in.
    @Option(help: ArgumentHelp("Also leave the generated documents (rss.xml, atom.xml) in this folder.", valueName: "DIR"))
    var keep: String?

    /// Runs the benchmark.
    func run() {
        ParsingBenchmark.run(items: items, repetitions: repetitions, keep: keep)
    }
}
