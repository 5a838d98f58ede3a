import ArgumentParser

/// The generated feeds and their local server, as `herald-benchmarks refresh` and `refresh-serve`
/// take them on their command lines.
struct RefreshBenchmarkFeedOptions: ParsableArguments {
    /// Feeds served.
    @Option(help: ArgumentHelp("Generated RSS 2.0 feeds served.", valueName: "N"))
    var feeds = 200

    /// Items in each feed.
    @Option(help: ArgumentHelp("Items in each feed.", valueName: "M"))
    var items = 50

    /// Milliseconds the server adds to every request.
    @Option(name: .customLong("latency-ms"), help: ArgumentHelp("Milliseconds the server adds to every request.", valueName: "L"))
    var latencyMilliseconds = 50

    /// Origins (one loopback port each) the feeds are spread over.
    @Option(help: ArgumentHelp("Origins the feeds are spread over (one port each on 127.0.0.1).", valueName: "K"))
    var origins = 50

    /// The documents' shape; each scenario has its own default.
    @Option(help: ArgumentHelp("The documents: news (description and content:encoded, the in-process scenarios' default) or neutral (scripts/neutral-feed-server's shape, gzip; the whole-process scenario's and refresh-serve's default).", valueName: "news|neutral"))
    var documents: RefreshBenchmarkOptions.Documents?

    /// Refuses a count below 1 or a negative latency.
    func validate() throws {
        guard feeds > 0 else { throw ValidationError("--feeds must be at least 1.") }
        guard items > 0 else { throw ValidationError("--items must be at least 1.") }
        guard latencyMilliseconds >= 0 else { throw ValidationError("--latency-ms must be 0 or more.") }
        guard origins > 0 else { throw ValidationError("--origins must be at least 1.") }
    }

    /// The benchmark's settings with these feeds and the defaults for the rest.
    var settings: RefreshBenchmarkOptions {
        RefreshBenchmarkOptions(feeds: feeds, items: items, latencyMilliseconds: latencyMilliseconds, origins: origins,
                                documents: documents)
    }
}

extension RefreshBenchmarkOptions.Documents: ExpressibleByArgument {}
