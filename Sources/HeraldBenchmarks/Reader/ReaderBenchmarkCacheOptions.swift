import ArgumentParser
import Foundation

/// The generated cache of the reader benchmark, as `herald-benchmarks reader`, `web` and `sync` take
/// it on their command lines.
struct ReaderBenchmarkCacheOptions: ParsableArguments {
    /// Articles in the cache.
    @Option(help: ArgumentHelp("Articles in the cache (at least twice the feeds).", valueName: "N"))
    var articles = 1_000_000

    /// Feeds in the cache.
    @Option(help: ArgumentHelp("Feeds in the cache (at least 2); feed 0 holds 10,000 articles.", valueName: "N"))
    var feeds = 1_000

    /// Where caches are kept between runs.
    @Option(help: ArgumentHelp("Where caches are kept between runs (one subfolder per size).", valueName: "FOLDER"))
    var cache = FileManager.default.temporaryDirectory.appendingPathComponent("herald-reader-bench").path

    /// Refuses counts below 1, fewer than 2 feeds, an empty folder, and fewer articles than twice the feeds.
    func validate() throws {
        guard articles > 0 else { throw ValidationError("--articles must be at least 1.") }
        guard feeds >= 2 else { throw ValidationError("--feeds must be at least 2.") }
        guard !cache.isEmpty else { throw ValidationError("--cache needs a folder.") }
        guard articles >= feeds * 2 else { throw ValidationError("--articles must be at least twice --feeds.") }
    }

    /// The benchmark's settings with this cache and the defaults for the rest.
    var settings: ReaderBenchmarkOptions {
        ReaderBenchmarkOptions(articles: articles, feeds: feeds, cacheFolder: cache)
    }
}
