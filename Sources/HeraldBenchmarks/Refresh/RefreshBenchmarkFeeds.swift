import Foundation
import HeraldTestSupport

/// The feeds the local server publishes for the refresh benchmark: `/feeds/N.xml` answers the
/// generated document of feed N with an `ETag` and a `Last-Modified`, and a 304 (no body built)
/// to a request that sends them back, as a well-behaved publisher does. Documents are generated
/// on each request, or once beforehand (``init(items:tally:pregenerating:)``), as a server of
/// static files would serve them.
struct RefreshBenchmarkFeeds: Sendable {
    /// The path prefix routed to ``respond(to:)``.
    static let prefix = "/feeds/"

    /// Items per document.
    let items: Int
    /// What the server answered so far.
    let tally: RefreshBenchmarkServerTally
    /// The documents of feeds `0..<documents.count`, generated once; others are generated per request.
    private let documents: [[UInt8]]

    /// Feeds whose documents are generated on every request.
    init(items: Int, tally: RefreshBenchmarkServerTally) {
        self.init(items: items, tally: tally, pregenerating: 0)
    }

    /// Feeds whose first `feeds` documents are generated now and then served as they are.
    init(items: Int, tally: RefreshBenchmarkServerTally, pregenerating feeds: Int) {
        self.items = items
        self.tally = tally
        self.documents = (0..<feeds).map { Array(RefreshBenchmarkDocument.rss(feed: $0, items: items).utf8) }
    }

    /// The path of feed `feed`.
    static func path(_ feed: Int) -> String { "\(prefix)\(feed).xml" }

    /// The validators of feed `feed`: they change only with the feed number and item count.
    func validators(_ feed: Int) -> (etag: String, lastModified: String) {
        ("\"gazette-\(feed)-\(items)-v1\"", RefreshBenchmarkDates.http(RefreshBenchmarkDocument.newest + 60))
    }

    /// The server's answer to `request` (installed with `LocalHTTPServer.route(prefix:)`).
    func respond(to request: RecordedRequest) -> CannedResponse {
        let name = request.path.dropFirst(Self.prefix.count)
        guard name.hasSuffix(".xml"), let feed = Int(name.dropLast(4)), feed >= 0 else { return .error(404) }
        let (etag, lastModified) = validators(feed)
        let unchanged = request.header("If-None-Match").map { $0 == etag }
            ?? (request.header("If-Modified-Since") == lastModified)
        if unchanged {
            tally.countNotModified()
            // The server turns a 200 whose validators match into a 304, so no body is generated.
            return .feed([UInt8](), etag: etag, lastModified: lastModified)
        }
        let body = feed < documents.count ? documents[feed] : Array(RefreshBenchmarkDocument.rss(feed: feed, items: items).utf8)
        tally.countFull(bytes: body.count)
        return .feed(body, etag: etag, lastModified: lastModified)
    }
}

/// Counts the server's full answers and 304s (updated from NIO's event loops, read by the benchmark).
final class RefreshBenchmarkServerTally: @unchecked Sendable {
    /// A reading of the counters.
    struct Snapshot: Sendable {
        /// 200 answers with a generated body.
        var full = 0
        /// 304 answers.
        var notModified = 0
        /// Body bytes sent.
        var bytes = 0

        /// The answers between `earlier` and this reading.
        func since(_ earlier: Snapshot) -> Snapshot {
            Snapshot(full: full - earlier.full, notModified: notModified - earlier.notModified,
                     bytes: bytes - earlier.bytes)
        }
    }

    private let lock = NSLock()
    private var counts = Snapshot()

    /// The counters now.
    var snapshot: Snapshot {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    func countFull(bytes: Int) {
        lock.lock()
        counts.full += 1
        counts.bytes += bytes
        lock.unlock()
    }

    func countNotModified() {
        lock.lock()
        counts.notModified += 1
        lock.unlock()
    }
}
