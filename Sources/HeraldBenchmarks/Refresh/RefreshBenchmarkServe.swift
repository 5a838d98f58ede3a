import Foundation
import HeraldTestSupport

/// `herald-benchmarks refresh-serve [--feeds N] [--items M] [--latency-ms L] [--origins K] --urls FILE`:
/// the refresh benchmark's feeds on its local server (127.0.0.1, one port per origin, the same
/// latency and documents), with their URLs written to FILE one a line (a newsboat `urls` file that
/// `herald import` also reads), until standard input ends; then the server's counts. Documents are
/// generated once, before serving, as in the whole-process scenario. For profiling
/// `herald refresh` or another reader by hand (`perf`, `strace`) against exactly the benchmark's feeds.
enum RefreshBenchmarkServe {
    /// The subcommand's name.
    static let mode = "refresh-serve"

    /// Serves the feeds of `options` (its feeds, items, latency and origins) and writes their URLs
    /// to `urlsPath`, until standard input ends; exits 1 when the server or the file fails.
    static func run(_ options: RefreshBenchmarkOptions, urlsPath: String) async {
        let tally = RefreshBenchmarkServerTally()
        let published = RefreshBenchmarkFeeds(items: options.items, tally: tally, pregenerating: options.feeds,
                                              style: options.documents ?? .neutral)
        let server: LocalHTTPServer
        do {
            server = try await LocalHTTPServer.start(latency: .milliseconds(options.latencyMilliseconds),
                                                     origins: options.origins)
        } catch {
            FileHandle.standardError.write(Data("the local server did not start: \(error)\n".utf8))
            exit(1)
        }
        server.route(prefix: RefreshBenchmarkFeeds.prefix) { published.respond(to: $0) }
        let urls = (0..<options.feeds).map { server.url(RefreshBenchmarkFeeds.path($0), origin: $0 % options.origins) }
        do {
            try Data((urls.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: urlsPath))
        } catch {
            FileHandle.standardError.write(Data("cannot write \(urlsPath): \(error)\n".utf8))
            exit(1)
        }
        print("serving \(options.feeds) feeds on \(options.origins) origins (\(server.baseURLs[0]) …), "
              + "\(options.latencyMilliseconds) ms latency; URLs in \(urlsPath); end standard input to stop")
        fflush(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                while let line = readLine() {
                    if line == "counts" {
                        let counts = tally.snapshot
                        print("200: \(counts.full), 304: \(counts.notModified), bytes \(counts.bytes)")
                        fflush(nil)
                    }
                }
                continuation.resume()
            }
        }
        let counts = tally.snapshot
        print("200: \(counts.full), 304: \(counts.notModified), bytes \(counts.bytes)")
        try? await server.shutdown()
    }
}
