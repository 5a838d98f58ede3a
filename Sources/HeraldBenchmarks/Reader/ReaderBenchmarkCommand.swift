import ArgumentParser

/// `herald-benchmarks reader`: the command line of ``ReaderBenchmark``.
struct ReaderBenchmarkCommand: AsyncParsableCommand {
    /// The subcommand's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "The reader's speed in fresh child processes on a generated cache, against bare SQLite.")

    /// The cache.
    @OptionGroup var cacheOptions: ReaderBenchmarkCacheOptions

    /// Repetitions of the key script.
    @Option(help: ArgumentHelp("How many times the key script repeats j, Enter, q in the large feed.", valueName: "N"))
    var keys = 200

    /// Pairs of child processes.
    @Option(help: ArgumentHelp("Pairs of child processes (bare SQLite, then Herald) run.", valueName: "R"))
    var runs = 3

    /// Milliseconds between a repainted frame and the next key.
    @Option(name: .customLong("pause-ms"), help: ArgumentHelp("Milliseconds between a repainted frame and the next key.", valueName: "P"))
    var pauseMilliseconds = 50

    /// Refuses counts below 1 and a negative pause.
    func validate() throws {
        guard keys > 0 else { throw ValidationError("--keys must be at least 1.") }
        guard runs > 0 else { throw ValidationError("--runs must be at least 1.") }
        guard pauseMilliseconds >= 0 else { throw ValidationError("--pause-ms must be 0 or more.") }
    }

    /// Runs the benchmark.
    func run() async {
        var options = cacheOptions.settings
        options.keys = keys
        options.runs = runs
        options.pauseMilliseconds = pauseMilliseconds
        await ReaderBenchmark.run(options)
    }
}
