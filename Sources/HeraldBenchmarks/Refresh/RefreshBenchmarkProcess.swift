import Foundation
import GRDB
import HeraldDomain
import HeraldInteractors
import HeraldStore
import HeraldTestSupport
import NIOPosix

/// The whole-process scenario of the refresh benchmark: the release `herald` binary built beside
/// this one, run as `herald refresh --all --db FILE` from spawn to exit, cold (a new database that
/// `herald import` subscribed, untimed) and warm (every feed answers 304); newsboat
/// (`newsboat -x reload`, `reload-threads 8`) on the same server when it is on `PATH`; and the
/// in-process refresh of the other scenarios on the same server, for comparison.
///
/// The server is the other scenarios' (50 ms added to every answer, one port per origin), but it
/// generates each document once, before timing, and serves the same bytes to every request, as a
/// server of static files would: the clients are measured, not the generator. It runs on its own
/// event loops, so the in-process refresh does not share them with it. Each process is started by
/// the small helper of `ParseCommandBenchmark`, which reports its wall time, CPU time and peak
/// resident set (`wait4`). Every pass is checked against the server's counts (a 200 for every feed
/// cold, a 304 for every feed warm) and the articles stored.
enum RefreshBenchmarkProcess {
    static let coldGoal = 5.0
    static let warmGoal = 8.0
    /// newsboat's `reload-threads`.
    static let newsboatThreads = 8

    /// One client's cold and warm runs of one repetition.
    struct Pair: Sendable {
        var cold: ParseCommandBenchmark.Run
        var warm: ParseCommandBenchmark.Run
    }

    /// The figures of every repetition.
    struct Figures: Sendable {
        var herald: [Pair] = []
        var newsboat: [Pair] = []
        var inProcessCold: [Double] = []
        var inProcessWarm: [Double] = []
        var newsboatVersion: String?
        var newsboatSkipped: String?
        var articles = 0
    }

    /// Runs the scenario `repeats` times and prints its table; returns its goal lines.
    static func run(_ options: RefreshBenchmarkOptions, in folder: URL) async throws(RefreshBenchmarkFailure) -> [String] {
        guard let herald = ParseCommandBenchmark.heraldExecutable() else {
            print("\n== Whole process: skipped, no release herald beside this binary "
                  + "(swift build -c release --product herald) ==")
            return ["whole process: skipped (no herald binary beside herald-benchmarks)"]
        }
        var figures = Figures()
        let newsboat = newsboatExecutable()
        if let newsboat {
            figures.newsboatVersion = version(of: newsboat)
        } else {
            figures.newsboatSkipped = "newsboat is not on PATH; apt-get install newsboat to compare"
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: ProcessInfo.processInfo.activeProcessorCount)
        do throws(RefreshBenchmarkFailure) {
            for run in 0..<options.repeats {
                RefreshBenchmarkReport.progress("whole process: run \(run + 1) of \(options.repeats)")
                let place = folder.appendingPathComponent("process-run-\(run)")
                try await repetition(run, options: options, herald: herald, newsboat: newsboat, group: group,
                                     in: place, into: &figures)
                try? FileManager.default.removeItem(at: place)
            }
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        try? await group.shutdownGracefully()
        return RefreshBenchmarkProcessReport.print(figures, options: options)
    }

    // MARK: One repetition

    private static func repetition(_ run: Int, options: RefreshBenchmarkOptions, herald: String, newsboat: String?,
                                   group: MultiThreadedEventLoopGroup, in folder: URL,
                                   into figures: inout Figures) async throws(RefreshBenchmarkFailure) {
        try makeFolder(folder)
        let tally = RefreshBenchmarkServerTally()
        let published = RefreshBenchmarkFeeds(items: options.items, tally: tally, pregenerating: options.feeds,
                                              style: options.documents ?? .neutral)
        let server: LocalHTTPServer
        do {
            server = try await LocalHTTPServer.start(latency: .milliseconds(options.latencyMilliseconds),
                                                     origins: options.origins, group: group)
        } catch {
            throw RefreshBenchmarkFailure(message: "the local server did not start: \(error)")
        }
        server.route(prefix: RefreshBenchmarkFeeds.prefix) { published.respond(to: $0) }
        let outcome: Result<Void, RefreshBenchmarkFailure>
        do throws(RefreshBenchmarkFailure) {
            let urls = (0..<options.feeds).map { server.url(RefreshBenchmarkFeeds.path($0), origin: $0 % options.origins) }
            let urlsFile = folder.appendingPathComponent("urls")
            try write(urls.joined(separator: "\n") + "\n", to: urlsFile)
            let check = Check(feeds: options.feeds, items: options.items, tally: tally)
            // Alternate which client goes first, so neither always meets a freshly started server.
            if run % 2 == 0 {
                figures.herald.append(try await heraldPair(herald, urls: urlsFile, in: folder, check: check))
                if let newsboat { figures.newsboat.append(try await newsboatPair(newsboat, urls: urlsFile, in: folder, check: check)) }
            } else {
                if let newsboat { figures.newsboat.append(try await newsboatPair(newsboat, urls: urlsFile, in: folder, check: check)) }
                figures.herald.append(try await heraldPair(herald, urls: urlsFile, in: folder, check: check))
            }
            let inProcess = try await inProcessPair(urls: urls, in: folder, check: check)
            figures.inProcessCold.append(inProcess.cold)
            figures.inProcessWarm.append(inProcess.warm)
            figures.articles = options.feeds * options.items
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try? await server.shutdown()
        try outcome.get()
    }

    /// What every pass must have made the server answer.
    private struct Check {
        let feeds: Int
        let items: Int
        let tally: RefreshBenchmarkServerTally

        func cold(_ label: String, since before: RefreshBenchmarkServerTally.Snapshot) throws(RefreshBenchmarkFailure) {
            let answered = tally.snapshot.since(before)
            guard answered.full == feeds, answered.notModified == 0 else {
                throw RefreshBenchmarkFailure(message: "\(label) cold: the server sent \(answered.full) bodies and "
                                              + "\(answered.notModified) 304s for \(feeds) feeds")
            }
        }

        func warm(_ label: String, since before: RefreshBenchmarkServerTally.Snapshot) throws(RefreshBenchmarkFailure) {
            let answered = tally.snapshot.since(before)
            guard answered.notModified == feeds, answered.full == 0 else {
                throw RefreshBenchmarkFailure(message: "\(label) warm: the server sent \(answered.notModified) 304s and "
                                              + "\(answered.full) bodies for \(feeds) feeds")
            }
        }
    }

    private static func heraldPair(_ herald: String, urls: URL, in folder: URL, check: Check)
        async throws(RefreshBenchmarkFailure) -> Pair {
        let place = folder.appendingPathComponent("herald")
        try makeFolder(place)
        let database = place.appendingPathComponent("herald.db").path
        let environment = isolatedEnvironment(place, extra: ["HERALD_CONFIG": place.appendingPathComponent("config").path])
        // The defaults, but for icons: newsboat fetches none, so neither does Herald here.
        try write("feed-icons = no\n", to: place.appendingPathComponent("config"))
        let log = place.appendingPathComponent("stderr.txt")
        _ = try await timed(herald, ["import", urls.path, "--db", database], environment: environment, log: log,
                            label: "herald import")
        var before = check.tally.snapshot
        let cold = try await timed(herald, ["refresh", "--all", "--db", database], environment: environment, log: log,
                                   label: "herald refresh (cold)")
        try check.cold("herald", since: before)
        let articles = try heraldArticles(database)
        guard articles == check.feeds * check.items else {
            throw RefreshBenchmarkFailure(message: "herald stored \(articles) articles, expected \(check.feeds * check.items)")
        }
        before = check.tally.snapshot
        let warm = try await timed(herald, ["refresh", "--all", "--db", database], environment: environment, log: log,
                                   label: "herald refresh (warm)")
        try check.warm("herald", since: before)
        return Pair(cold: cold, warm: warm)
    }

    private static func newsboatPair(_ newsboat: String, urls: URL, in folder: URL, check: Check)
        async throws(RefreshBenchmarkFailure) -> Pair {
        let place = folder.appendingPathComponent("newsboat")
        try makeFolder(place)
        let config = place.appendingPathComponent("config")
        try write("reload-threads \(newsboatThreads)\n", to: config)
        let cache = place.appendingPathComponent("cache.db").path
        let arguments = ["-x", "reload", "-u", urls.path, "-c", cache, "-C", config.path]
        let environment = isolatedEnvironment(place, extra: [:])
        let log = place.appendingPathComponent("stderr.txt")
        var before = check.tally.snapshot
        let cold = try await timed(newsboat, arguments, environment: environment, log: log, label: "newsboat reload (cold)")
        try check.cold("newsboat", since: before)
        let items = try newsboatItems(cache)
        guard items == check.feeds * check.items else {
            throw RefreshBenchmarkFailure(message: "newsboat stored \(items) items, expected \(check.feeds * check.items)")
        }
        // newsboat 2.21 records a feed's ETag and Last-Modified only from its second download (the
        // first one updates a row it has not inserted yet): an untimed reload first, so that the
        // timed one sends them and gets 304s.
        _ = try await timed(newsboat, arguments, environment: environment, log: log, label: "newsboat reload (validators)")
        before = check.tally.snapshot
        let warm = try await timed(newsboat, arguments, environment: environment, log: log, label: "newsboat reload (warm)")
        try check.warm("newsboat", since: before)
        return Pair(cold: cold, warm: warm)
    }

    /// The in-process refresh of the other scenarios (`refresh(.all)` to `.finished`) on the same server.
    private static func inProcessPair(urls: [String], in folder: URL, check: Check)
        async throws(RefreshBenchmarkFailure) -> (cold: Double, warm: Double) {
        do {
            let place = folder.appendingPathComponent("in-process")
            try makeFolder(place)
            let store = try SQLiteStore(path: place.appendingPathComponent("herald.db").path)
            for url in urls { _ = try await store.addFeed(NewFeed(url: url), at: Date()) }
            let pipeline = RefreshBenchmarkPipeline(store: store, policy: .default, tally: check.tally)
            let cold = await pipeline.refreshAll()
            if let problem = RefreshBenchmarkPipeline.coldProblem(cold, feeds: check.feeds, items: check.items) {
                throw RefreshBenchmarkFailure(message: "in-process: " + problem)
            }
            let warm = await pipeline.refreshAll()
            if let problem = RefreshBenchmarkPipeline.warmProblem(warm, feeds: check.feeds) {
                throw RefreshBenchmarkFailure(message: "in-process: " + problem)
            }
            return (cold.seconds, warm.seconds)
        } catch let error as RefreshBenchmarkFailure {
            throw error
        } catch let error as StoreError {
            throw RefreshBenchmarkFailure(message: "in-process: " + error.message)
        } catch {
            throw RefreshBenchmarkFailure(message: "in-process: \(error)")
        }
    }

    // MARK: Processes

    /// Runs `executable` through the helper, off the cooperative pool; standard output goes to
    /// /dev/null and standard error is appended to `log`.
    private static func timed(_ executable: String, _ arguments: [String], environment: [String: String], log: URL,
                              label: String) async throws(RefreshBenchmarkFailure) -> ParseCommandBenchmark.Run {
        if !FileManager.default.fileExists(atPath: log.path) {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        }
        guard let handle = try? FileHandle(forWritingTo: log) else {
            throw RefreshBenchmarkFailure(message: "cannot write \(log.path)")
        }
        handle.seekToEndOfFile()
        let run = await withCheckedContinuation { (continuation: CheckedContinuation<ParseCommandBenchmark.Run?, Never>) in
            Thread.detachNewThread {
                continuation.resume(returning: ParseCommandBenchmark.throughHelper(
                    [executable] + arguments, environment: environment, standardError: handle))
            }
        }
        try? handle.close()
        guard let run, run.succeeded else {
            let output = (try? String(contentsOf: log, encoding: .utf8))?.suffix(2_000) ?? ""
            throw RefreshBenchmarkFailure(message: "\(label) failed: \(executable) \(arguments.joined(separator: " "))\n\(output)")
        }
        return run
    }

    /// This environment with the home, XDG folders and Herald's variables pointed into `folder`,
    /// so neither client reads or writes the user's own configuration or data.
    private static func isolatedEnvironment(_ folder: URL, extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HERALD_DB"] = nil
        environment["HERALD_CONFIG"] = nil
        environment["HOME"] = folder.path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("xdg-config").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("xdg-data").path
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("xdg-cache").path
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// The first `newsboat` on `PATH`, if any.
    static func newsboatExecutable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/newsboat"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The first line of `newsboat --version`.
    private static func version(of executable: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // "newsboat 2.21.0 - https://newsboat.org/": the name and version.
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first ?? ""
        return line.components(separatedBy: " - ").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    // MARK: Checks and files

    private static func heraldArticles(_ path: String) throws(RefreshBenchmarkFailure) -> Int {
        try count("SELECT count(*) FROM articles", in: path, label: "herald's database")
    }

    private static func newsboatItems(_ path: String) throws(RefreshBenchmarkFailure) -> Int {
        try count("SELECT count(*) FROM rss_item", in: path, label: "newsboat's cache")
    }

    private static func count(_ sql: String, in path: String, label: String) throws(RefreshBenchmarkFailure) -> Int {
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try queue.read { try Int.fetchOne($0, sql: sql) } ?? 0
        } catch {
            throw RefreshBenchmarkFailure(message: "cannot count the rows of \(label) (\(path)): \(error)")
        }
    }

    private static func makeFolder(_ folder: URL) throws(RefreshBenchmarkFailure) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw RefreshBenchmarkFailure(message: "cannot create \(folder.path): \(error)")
        }
    }

    private static func write(_ text: String, to file: URL) throws(RefreshBenchmarkFailure) {
        do {
            try Data(text.utf8).write(to: file)
        } catch {
            throw RefreshBenchmarkFailure(message: "cannot write \(file.path): \(error)")
        }
    }
}
