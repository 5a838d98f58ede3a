import Foundation

/// The command line of `herald-benchmarks reader`, and the arguments it passes to its children.
struct ReaderBenchmarkOptions: Sendable {
    /// The usage line printed for bad arguments.
    static let usage = """
        usage: herald-benchmarks reader [--articles N] [--feeds N] [--keys N] [--runs R] [--pause-ms P]
                                        [--cache FOLDER]
        """

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

    /// Reads the arguments after `reader`.
    /// - Returns: `nil` when an argument is unknown or malformed.
    init?(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count else { return nil }
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--articles": guard let number = Self.positive(value) else { return nil }; articles = number
            case "--feeds": guard let number = Self.positive(value), number >= 2 else { return nil }; feeds = number
            case "--keys": guard let number = Self.positive(value) else { return nil }; keys = number
            case "--runs": guard let number = Self.positive(value) else { return nil }; runs = number
            case "--pause-ms": guard let number = Int(value), number >= 0 else { return nil }; pauseMilliseconds = number
            case "--cache": guard !value.isEmpty else { return nil }; cacheFolder = value
            default: return nil
            }
            index += 2
        }
        guard articles >= feeds * 2 else { return nil }
    }

    /// A whole number above zero, or `nil`.
    private static func positive(_ text: String) -> Int? {
        Int(text).flatMap { $0 > 0 ? $0 : nil }
    }
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
