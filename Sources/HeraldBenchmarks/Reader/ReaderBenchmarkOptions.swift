import Foundation

/// The settings of `herald-benchmarks reader` (read from its command line by
/// ``ReaderBenchmarkCommand``; `web` and `sync` use its cache), and the arguments it passes to its children.
struct ReaderBenchmarkOptions: Sendable {
    /// Articles in the cache.
    var articles = 1_000_000
    /// Feeds in the cache; feed 0 holds ``largeFeedArticles`` of the articles, the others share the rest.
    var feeds = 1_000
    /// How many times the key script repeats `j`, Enter, `q` in the large feed.
    var keys = 200
    /// How many pairs of child processes (bare SQLite, then Herald) run.
    var runs = 3
    /// Milliseconds between a repainted frame and the next key.
    var pauseMilliseconds = 50
    /// Where caches are kept between runs (one subfolder per size).
    var cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-reader-bench").path

    /// Articles of the large feed: 10,000, or half the cache when it is smaller than 20,000.
    var largeFeedArticles: Int { min(10_000, articles / 2) }

    /// The title the store gives feed 0 (the build names feed `i` "Feed i").
    var largeFeedTitle: String { "Feed 0" }
}

/// What a child process of the reader benchmark is told on its command line.
struct ReaderChildArguments: Sendable {
    /// The cache file.
    var database: String
    /// CLOCK_MONOTONIC nanoseconds read by the parent just before it started the child.
    var spawnedAt: UInt64
    /// The title of the feed with 10,000 articles.
    var feedTitle: String
    /// Repetitions of the key script (Herald) or article reads (baseline).
    var keys: Int
    /// Milliseconds between a repainted frame and the next key.
    var pauseMilliseconds: Int

    /// The arguments after the child's mode.
    var arguments: [String] {
        ["--db", database, "--spawned-at", String(spawnedAt), "--feed-title", feedTitle, "--keys", String(keys),
         "--pause-ms", String(pauseMilliseconds)]
    }

    /// Creates the arguments of a child.
    init(database: String, spawnedAt: UInt64, feedTitle: String, keys: Int, pauseMilliseconds: Int) {
        self.database = database
        self.spawnedAt = spawnedAt
        self.feedTitle = feedTitle
        self.keys = keys
        self.pauseMilliseconds = pauseMilliseconds
    }

    /// Reads a child's arguments. - Returns: `nil` when one is missing or malformed.
    init?(_ arguments: [String]) {
        func value(_ flag: String) -> String? {
            guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        guard let database = value("--db"), let spawnedAt = value("--spawned-at").flatMap({ UInt64($0) }),
              let feedTitle = value("--feed-title"), let keys = value("--keys").flatMap({ Int($0) }),
              let pause = value("--pause-ms").flatMap({ Int($0) }) else { return nil }
        self.init(database: database, spawnedAt: spawnedAt, feedTitle: feedTitle, keys: keys, pauseMilliseconds: pause)
    }
}
