import ArgumentParser

/// `herald-benchmarks refresh`: the command line of ``RefreshBenchmark``, and of its growth
/// children (`refresh --child …`, see ``RefreshBenchmarkOptions/childArguments(feeds:limits:)``).
struct RefreshBenchmarkCommand: AsyncParsableCommand {
    /// The subcommand's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refreshes of generated feeds on a local server through the real pipeline, against a fetch-only baseline.")

    /// The choices of `--limits`.
    enum LimitsChoice: String, ExpressibleByArgument, CaseIterable {
        /// `RefreshPolicy.default`.
        case `default`
        /// The per-host limit raised to the global one.
        case perOrigin = "per-origin"
        /// Each of the two, one after the other.
        case both

        /// The limits this choice runs.
        var limits: [RefreshBenchmarkOptions.Limits] {
            switch self {
            case .default: [.default]
            case .perOrigin: [.perOrigin]
            case .both: RefreshBenchmarkOptions.Limits.allCases
            }
        }
    }

    /// The feeds and their server.
    @OptionGroup var feedOptions: RefreshBenchmarkFeedOptions

    /// Runs of each figure.
    @Option(name: .customLong("repeat"), help: ArgumentHelp("Runs of each figure, each on a new server and database.", valueName: "R"))
    var repeats = 3

    /// Feed counts of the growth runs, or none.
    @Option(help: ArgumentHelp("Feed counts of the growth runs (a cold refresh in a child process each), or none (default: 1000,2500,5000).",
                               valueName: "N,N,...|none"),
            transform: RefreshBenchmarkCommand.sizes)
    var scale = [1_000, 2_500, 5_000]

    /// Which interactor limits the in-process runs use.
    @Option(help: "The interactor's limits: RefreshPolicy.default, the per-host limit raised to the global one, or both.")
    var limits = LimitsChoice.both

    /// Which scenarios run.
    @Option(help: "The in-process scenarios (with phases and growth), the whole-process one (herald refresh and newsboat), or all.")
    var scenarios = RefreshBenchmarkOptions.Scenarios.all

    /// Hidden: run one cold refresh as a growth child and print its figures.
    @Flag(help: .hidden)
    var child = false

    /// Runs the benchmark (or one growth child).
    func run() async {
        var options = feedOptions.settings
        options.repeats = repeats
        options.scale = scale
        options.limits = limits.limits
        options.scenarios = scenarios
        options.isChild = child
        await RefreshBenchmark.run(options)
    }

    /// Refuses fewer than one run.
    func validate() throws {
        guard repeats > 0 else { throw ValidationError("--repeat must be at least 1.") }
    }

    /// Reads `--scale`: `none`, or feed counts separated by commas (those that are not whole
    /// numbers above zero are skipped; at least one must be left).
    static func sizes(_ text: String) throws -> [Int] {
        guard text != "none" else { return [] }
        let sizes = text.split(separator: ",").compactMap { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        guard !sizes.isEmpty else { throw ValidationError("expected feed counts such as 1000,2500 or none.") }
        return sizes
    }
}

extension RefreshBenchmarkOptions.Scenarios: ExpressibleByArgument {}
