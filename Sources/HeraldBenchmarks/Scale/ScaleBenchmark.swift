import Foundation
import GRDB
import HeraldDomain
import HeraldPostgres
import HeraldStore
import HeraldTestSupport
import PostgresNIO

/// `herald-benchmarks scale`: the PostgreSQL store with refresh workers at a scale one SQLite file
/// and one process are not built for (Docs/scale.md).
///
/// 1. Serves `--feeds` generated feeds (`--items` each) on `--origins` loopback ports.
/// 2. Baseline in the same run: one `herald refresh --all` on SQLite over the same feeds.
/// 3. For each worker count of `--workers`: a fresh PostgreSQL schema subscribed to every feed,
///    then that many `herald worker --once` processes at once. Throughput, CPU of the workers and
///    of the whole machine (how close to saturating the cores), and checks: every feed fetched
///    exactly once across the workers, every article stored once.
/// 4. Reads at that size on both stores: list pages and searches, p50/p99.
enum ScaleBenchmark {
    /// The settings of a run (read from its command line by ``ScaleBenchmarkCommand``).
    struct Options {
        var feeds = 100_000
        var items = 10
        var origins = 100
        var latencyMilliseconds = 20
        var workers = [1, 2, 4]
        var sqlite = true
    }

    /// Runs the benchmark with `options`; measures nothing without a PostgreSQL server, exits 1 on a failure.
    static func run(_ options: Options) async {
        let environment = ProcessInfo.processInfo.environment
        guard let serverURL = environment["HERALD_BENCH_POSTGRES_URL"] ?? environment["HERALD_TEST_POSTGRES_URL"] else {
            print("scale: no PostgreSQL server (set HERALD_BENCH_POSTGRES_URL, or start one with `scripts/postgres start` and export HERALD_TEST_POSTGRES_URL=\"$(scripts/postgres url)\"); nothing measured")
            return
        }
        guard let herald = ParseCommandBenchmark.heraldExecutable() else {
            fail("scale: build herald beside the benchmarks first (swift build -c release --product herald)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-scale-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        print("scale: \(options.feeds) feeds × \(options.items) items on \(options.origins) loopback origins, "
              + "\(options.latencyMilliseconds) ms latency; \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let tally = RefreshBenchmarkServerTally()
        let generated = ContinuousClock.now
        let published = RefreshBenchmarkFeeds(items: options.items, tally: tally, pregenerating: options.feeds)
        print("generated the documents in \(seconds(since: generated)) s")
        let server: LocalHTTPServer
        do {
            server = try await LocalHTTPServer.start(latency: .milliseconds(options.latencyMilliseconds), origins: options.origins)
        } catch {
            fail("scale: the local server did not start: \(error)")
        }
        server.route(prefix: RefreshBenchmarkFeeds.prefix) { published.respond(to: $0) }
        let urls = (0..<options.feeds).map { server.url(RefreshBenchmarkFeeds.path($0), origin: $0 % options.origins) }
        let urlsFile = folder.appendingPathComponent("urls")
        try? Data((urls.joined(separator: "\n") + "\n").utf8).write(to: urlsFile)
        let expectedArticles = options.feeds * options.items

        var rows: [ScaleRow] = []
        var sqlitePath: String?
        if options.sqlite {
            let path = folder.appendingPathComponent("herald.db").path
            let imported = spawn([[herald, "import", urlsFile.path, "--db", path]], folder: folder)
            guard imported.first?.succeeded == true else { fail("scale: herald import into SQLite failed") }
            let before = tally.snapshot
            let cpu = MachineCPU.read()
            let started = ContinuousClock.now
            let runs = spawn([[herald, "refresh", "--all", "--db", path]], folder: folder)
            let wall = seconds(since: started)
            let busy = MachineCPU.read().busyCores(since: cpu)
            guard runs.allSatisfy(\.succeeded) else { fail("scale: herald refresh on SQLite failed") }
            let served = tally.snapshot.since(before)
            let stored = (try? sqliteCount(path)) ?? -1
            check(served.full == options.feeds, "SQLite: \(served.full) documents served for \(options.feeds) feeds")
            check(stored == expectedArticles, "SQLite: \(stored) articles stored, expected \(expectedArticles)")
            rows.append(ScaleRow(label: "SQLite, `herald refresh --all`", processes: 1, wall: wall,
                                 feeds: options.feeds, articles: stored, workerCPU: runs.map(\.cpuSeconds).reduce(0, +),
                                 peakMB: Double(runs.map(\.peakKilobytes).max() ?? 0) / 1024, busyCores: busy))
            sqlitePath = path
        }

        var lastSchema: String?
        for count in options.workers {
            let schema = "scale_\(count)w_" + UUID().uuidString.prefix(6).lowercased()
            let url = serverURL + (serverURL.contains("?") ? "&" : "?") + "schema=\(schema)"
            do {
                try await ScalePostgresSetup.subscribe(urls, url: url, user: "bench")
            } catch {
                fail("scale: setting up \(schema) failed: \(error)")
            }
            let before = tally.snapshot
            let cpu = MachineCPU.read()
            let started = ContinuousClock.now
            let command = [herald, "worker", "--once", "--db", url, "--user", "bench"]
            let runs = spawn(Array(repeating: command, count: count), folder: folder)
            let wall = seconds(since: started)
            let busy = MachineCPU.read().busyCores(since: cpu)
            guard runs.allSatisfy(\.succeeded) else { fail("scale: a worker failed (\(count) workers)") }
            let served = tally.snapshot.since(before)
            let stored = (try? await ScalePostgresSetup.count("SELECT count(*) FROM articles", url: url)) ?? -1
            let states = (try? await ScalePostgresSetup.count("SELECT count(*) FROM user_articles", url: url)) ?? -1
            check(served.full == options.feeds, "\(count) workers: \(served.full) documents served for \(options.feeds) feeds (a feed fetched twice, or one missed)")
            check(stored == expectedArticles && states == expectedArticles,
                  "\(count) workers: \(stored) articles and \(states) reading states stored, expected \(expectedArticles)")
            rows.append(ScaleRow(label: "PostgreSQL, \(count) × `herald worker --once`", processes: count, wall: wall,
                                 feeds: options.feeds, articles: stored, workerCPU: runs.map(\.cpuSeconds).reduce(0, +),
                                 peakMB: Double(runs.map(\.peakKilobytes).max() ?? 0) / 1024, busyCores: busy))
            lastSchema = url
        }
        try? await server.shutdown()
        ScaleRow.print(rows, cores: ProcessInfo.processInfo.activeProcessorCount)

        if let url = lastSchema {
            await ScaleReads.measure(postgres: url, user: "bench", sqlite: sqlitePath, articles: expectedArticles)
        }
    }

    /// Runs each command at once through the timing helper (wall, CPU, peak memory of each).
    static func spawn(_ commands: [[String]], folder: URL) -> [ParseCommandBenchmark.Run] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["HERALD_DB", "HERALD_CONFIG", "HERALD_USER"] { environment[key] = nil }
        environment["HOME"] = folder.path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("xdg-config").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("xdg-data").path
        let childEnvironment = environment
        let results = ScaleResults(count: commands.count)
        let group = DispatchGroup()
        for (index, command) in commands.enumerated() {
            group.enter()
            Thread.detachNewThread {
                let log = FileHandle(forWritingAtPath: "/dev/null")
                results.set(index, ParseCommandBenchmark.throughHelper(command, environment: childEnvironment, standardError: log))
                group.leave()
            }
        }
        group.wait()
        return results.all
    }

    static func sqliteCount(_ path: String) throws -> Int {
        try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM articles") ?? 0 }
    }

    static func check(_ condition: Bool, _ message: String) {
        if !condition { fail("scale: check failed: " + message) }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}

/// The runs of spawned commands, filled from their threads.
final class ScaleResults: @unchecked Sendable {
    private let lock = NSLock()
    private var runs: [ParseCommandBenchmark.Run?]

    init(count: Int) { runs = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ run: ParseCommandBenchmark.Run?) {
        lock.lock()
        runs[index] = run
        lock.unlock()
    }

    var all: [ParseCommandBenchmark.Run] {
        lock.lock()
        defer { lock.unlock() }
        return runs.map { $0 ?? ParseCommandBenchmark.Run(seconds: 0, peakKilobytes: 0, cpuSeconds: 0, succeeded: false) }
    }
}

/// The whole machine's CPU time from /proc/stat: how many cores were busy over an interval.
struct MachineCPU {
    let busy: Double
    let total: Double

    static func read() -> MachineCPU {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else {
            return MachineCPU(busy: 0, total: 0)
        }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 5 else { return MachineCPU(busy: 0, total: 0) }
        let idle = fields[3] + fields[4]
        let total = fields.prefix(8).reduce(0, +)
        return MachineCPU(busy: total - idle, total: total)
    }

    /// Busy cores on average since `earlier`.
    func busyCores(since earlier: MachineCPU) -> Double {
        let total = self.total - earlier.total
        guard total > 0 else { return 0 }
        return (busy - earlier.busy) / total * Double(ProcessInfo.processInfo.activeProcessorCount)
    }
}

/// One line of the throughput table.
struct ScaleRow {
    let label: String
    let processes: Int
    let wall: Double
    let feeds: Int
    let articles: Int
    let workerCPU: Double
    let peakMB: Double
    let busyCores: Double

    static func print(_ rows: [ScaleRow], cores: Int) {
        Swift.print("")
        Swift.print("| run | wall | feeds/s | articles/s | CPU of the refreshing processes | peak memory (largest) | machine busy (of \(cores) cores) |")
        Swift.print("|---|---|---|---|---|---|---|")
        for row in rows {
            Swift.print("| \(row.label) | \(format(row.wall, 1)) s | \(format(Double(row.feeds) / row.wall, 0)) | "
                        + "\(format(Double(row.articles) / row.wall, 0)) | \(format(row.workerCPU, 1)) s | "
                        + "\(format(row.peakMB, 0)) MB | \(format(row.busyCores, 2)) |")
        }
        if let baseline = rows.first(where: { $0.processes == 1 && $0.label.hasPrefix("PostgreSQL") }) {
            for row in rows where row.label.hasPrefix("PostgreSQL") && row.processes > 1 {
                Swift.print("\(row.processes) workers / 1 worker: \(format(baseline.wall / row.wall, 2))× the throughput")
            }
        }
        if let sqlite = rows.first(where: { $0.label.hasPrefix("SQLite") }) {
            for row in rows where row.label.hasPrefix("PostgreSQL") {
                Swift.print("\(row.label) / SQLite: \(format(sqlite.wall / row.wall, 2))× the throughput")
            }
        }
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
