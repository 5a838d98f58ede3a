import ArgumentParser

/// `herald-benchmarks extract`: the command line of ``ExtractBenchmark``.
struct ExtractBenchmarkCommand: ParsableCommand {
    /// The subcommand's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "The article extractor on a folder of pages, against a bare libxml2 HTML parse, then the whole herald extract process.")

    /// The folder of pages.
    @Option(help: ArgumentHelp("The folder of pages, each NAME/source.html (Mozilla's Readability test pages).", valueName: "DIR"))
    var pages = ".build/extraction/readability-pages"

    /// Repetitions per page (at least 1).
    @Option(help: ArgumentHelp("Repetitions per page; the best is kept (at least 1).", valueName: "N"))
    var repetitions = 5

    /// Pages run through the whole process (0 for none).
    @Option(name: .customLong("process-pages"),
            help: ArgumentHelp("Pages run through the whole herald extract --json process (0 for none).", valueName: "N"))
    var processPages = 40

    /// Runs the benchmark.
    func run() {
        ExtractBenchmark.run(pagesFolder: pages, repetitions: max(1, repetitions), processPages: max(0, processPages))
    }
}

/// `herald-benchmarks extract-tree FILE`: libxml2's tree of one page, built and freed in a child
/// process whose peak memory the extract benchmark weighs against the extractor's.
struct ExtractTreeCommand: ParsableCommand {
    /// The subcommand's name; hidden from help (the benchmark runs it).
    static let configuration = CommandConfiguration(
        commandName: "extract-tree", abstract: "libxml2's tree of one page, for the extract benchmark's memory baseline.",
        shouldDisplay: false)

    /// The page.
    @Argument(help: "An HTML file.")
    var file: String

    /// Builds and frees the tree.
    func run() {
        ExtractBenchmark.buildTree(of: file)
    }
}
