import Foundation
import Herald
import HeraldDomain
import HeraldStore
import HeraldWeb

/// `herald-benchmarks web`: pages of the web front end under `wrk` on loopback, on the reader
/// benchmark's cache (1M articles over 1,000 feeds by default), beside the store's own query for the
/// same page and the article-list module's time, measured in the same run.
enum WebBenchmark {
    /// One page the benchmark loads.
    struct Target {
        var name: String
        var path: String
        var request: ArticlePageRequest?
    }

    /// Runs the benchmark on the cache of `options`, each page under `wrk` for `seconds` with
    /// `connections` clients; exits 2 without `wrk`, 1 on a failure.
    static func run(_ options: ReaderBenchmarkOptions, seconds: Int, connections: Int) async {
        guard let wrk = executable("wrk") else {
            print("herald-benchmarks web needs wrk on PATH (Debian: apt-get install wrk)")
            exit(2)
        }
        do {
            let cache = try await ReaderBenchmarkCache.prepare(options)
            let targets = try await targets(cache: cache)
            let store = try SQLiteStore(path: cache.path)
            let herald = try await Herald.open(databasePath: cache.path,
                                         environment: ["HOME": NSTemporaryDirectory(), "XDG_CONFIG_HOME": NSTemporaryDirectory()])
            let server = try await RunningWebServer.start(herald: herald)
            let port = server.port
            print("Web front end: \(options.articles) articles over \(options.feeds) feeds; wrk -t1 -c\(connections) -d\(seconds)s "
                  + "on 127.0.0.1; p50/p99 in ms")
            print("")
            print(pad("page", 28) + pad("wrk p50", 10) + pad("wrk p99", 10) + pad("req/s", 10)
                  + pad("module p50", 12) + pad("store p50", 11) + pad("store p99", 11) + "p99 / store p99")
            for target in targets {
                let store = try await storeTimes(target, store: store)
                let module = try await moduleTimes(target, herald: herald)
                let result = try runWrk(wrk, url: "http://127.0.0.1:\(port)\(target.path)", seconds: seconds,
                                        connections: connections)
                let ratio = store.p99 > 0 ? String(format: "%.1fx", result.p99 / store.p99) : "-"
                print(pad(target.name, 28) + pad(ms(result.p50), 10) + pad(ms(result.p99), 10)
                      + pad(String(format: "%.0f", result.requestsPerSecond), 10)
                      + pad(module.map { ms($0.p50) } ?? "-", 12) + pad(store.p50 > 0 ? ms(store.p50) : "-", 11)
                      + pad(store.p99 > 0 ? ms(store.p99) : "-", 11) + ratio)
            }
            await server.stop()
            await herald.shutdown()
        } catch {
            print("herald-benchmarks web failed: \(error)")
            exit(1)
        }
    }

    /// The pages: the first page of everything, of the 10,000-article feed and of unread, a page
    /// half way down everything (a keyset link), and the feeds page (1,000 feeds with counts).
    static func targets(cache: ReaderBenchmarkCache) async throws -> [Target] {
        let store = try SQLiteStore(path: cache.path)
        var deep = ArticlePageRequest(filter: ArticleFilter(), limit: 5_000)
        var walked = 0
        while walked < 500_000 {
            let page = try await store.articles(deep)
            guard let next = page.next else { break }
            deep.after = next
            walked += page.articles.count
        }
        let large = ArticleFilter(scope: .feed(FeedID(cache.largeFeed)))
        var targets = [
            Target(name: "all, first page", path: "/all", request: ArticlePageRequest(filter: ArticleFilter(), limit: 50)),
            Target(name: "10k feed, first page", path: "/feed/\(cache.largeFeed)", request: ArticlePageRequest(filter: large, limit: 50)),
            Target(name: "unread, first page", path: "/unread",
                   request: ArticlePageRequest(filter: ArticleFilter(unreadOnly: true), limit: 50)),
        ]
        if let after = deep.after {
            targets.append(Target(name: "all, page at \(walked / 1000)k", path: "/all?after=" + WebCursor.encode(after),
                                  request: ArticlePageRequest(filter: ArticleFilter(), limit: 50, after: after)))
        }
        targets.append(Target(name: "feeds (1,000 with counts)", path: "/", request: nil))
        return targets
    }

    /// The store's own query for the page's rows, 200 times.
    static func storeTimes(_ target: Target, store: SQLiteStore) async throws -> (p50: Double, p99: Double) {
        guard let request = target.request else { return (0, 0) }
        var samples: [Double] = []
        for _ in 0..<200 {
            let start = ContinuousClock.now
            _ = try await store.articles(request)
            samples.append(milliseconds(ContinuousClock.now - start))
        }
        return percentiles(samples)
    }

    /// The article-list module's `viewAppeared` (rows, titles, unread count, presenter), 100 times.
    static func moduleTimes(_ target: Target, herald: Herald) async throws -> (p50: Double, p99: Double)? {
        guard let request = target.request else { return nil }
        let display = SilentListDisplay()
        var samples: [Double] = []
        for _ in 0..<100 {
            let start = ContinuousClock.now
            let module = herald.articleListScreen(request.filter, pageSize: 50, startingAfter: request.after, display: display)
            await module.viewAppeared()
            samples.append(milliseconds(ContinuousClock.now - start))
        }
        return percentiles(samples)
    }

    /// What one wrk run measured.
    struct WrkResult {
        var p50: Double
        var p99: Double
        var requestsPerSecond: Double
    }

    static func runWrk(_ wrk: String, url: String, seconds: Int, connections: Int) throws -> WrkResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = ["-t1", "-c\(connections)", "-d\(seconds)s", "--latency", url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var result = WrkResult(p50: .nan, p99: .nan, requestsPerSecond: .nan)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count == 2, fields[0] == "50%" { result.p50 = duration(fields[1]) }
            if fields.count == 2, fields[0] == "99%" { result.p99 = duration(fields[1]) }
            if fields.first == "Requests/sec:", fields.count == 2 { result.requestsPerSecond = Double(fields[1]) ?? .nan }
            if line.contains("Non-2xx") { throw WebBenchmarkFailure("\(url) answered errors: \(line)") }
        }
        return result
    }

    /// wrk's "1.23ms", "456.00us", "1.02s" in milliseconds.
    static func duration(_ text: Substring) -> Double {
        for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
            return (Double(text.dropLast(suffix.count)) ?? .nan) * scale
        }
        return .nan
    }

    static func percentiles(_ samples: [Double]) -> (p50: Double, p99: Double) {
        let sorted = samples.sorted()
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))])
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func ms(_ value: Double) -> String { String(format: "%.2f", value) }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    static func executable(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// Why the web benchmark stopped.
struct WebBenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A list display that keeps nothing: the module's own time is what is measured.
private final class SilentListDisplay: ArticleListDisplayLogic {
    func display(_ viewModel: ArticleListViewModel) async {}
    func displayNextUnread(_ id: ArticleID, within filter: ArticleFilter) async {}
}
