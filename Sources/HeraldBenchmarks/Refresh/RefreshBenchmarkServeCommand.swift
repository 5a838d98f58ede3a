import ArgumentParser

/// `herald-benchmarks refresh-serve`: the command line of ``RefreshBenchmarkServe``.
struct RefreshBenchmarkServeCommand: AsyncParsableCommand {
    /// The subcommand's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: RefreshBenchmarkServe.mode,
        abstract: "Serves the refresh benchmark's feeds until standard input ends, for profiling a reader by hand.")

    /// The feeds and their server.
    @OptionGroup var feedOptions: RefreshBenchmarkFeedOptions

    /// Where the feed URLs are written.
    @Option(help: ArgumentHelp("Write the feed URLs here, one a line (a newsboat urls file).", valueName: "FILE"))
    var urls: String

    /// Serves the feeds.
    func run() async {
        await RefreshBenchmarkServe.run(feedOptions.settings, urlsPath: urls)
    }
}
