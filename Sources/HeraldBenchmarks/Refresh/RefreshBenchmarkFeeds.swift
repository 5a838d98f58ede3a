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
    /// The documents' shape.
    let style: RefreshBenchmarkOptions.Documents
    /// The documents of feeds `0..<documents.count`, generated once; others are generated per request.
    private let documents: [[UInt8]]
    /// The same documents gzipped (neutral documents only), served to requests that accept gzip.
    private let gzipped: [[UInt8]]

    /// Feeds whose documents are generated on every request.
    init(items: Int, tally: RefreshBenchmarkServerTally, style: RefreshBenchmarkOptions.Documents = .news) {
        self.init(items: items, tally: tally, pregenerating: 0, style: style)
    }

    /// Feeds whose first `feeds` documents are generated now and then served as they are.
    init(items: Int, tally: RefreshBenchmarkServerTally, pregenerating feeds: Int,
         style: RefreshBenchmarkOptions.Documents = .news) {
        self.items = items
        self.tally = tally
        self.style = style
        self.documents = (0..<feeds).map { Array(Self.document(feed: $0, items: items, style: style).utf8) }
        self.gzipped = style == .neutral ? documents.map(GzipCompressor.gzip) : []
    }

    private static func document(feed: Int, items: Int, style: RefreshBenchmarkOptions.Documents) -> String {
        switch style {
        case .news: RefreshBenchmarkDocument.rss(feed: feed, items: items)
        case .neutral: RefreshBenchmarkDocument.neutral(feed: feed, items: items)
        }
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
        var (etag, lastModified) = validators(feed)
        // Neutral documents as scripts/neutral-feed-server serves them: gzip when asked (its own
        // ETag, either accepted back), `Vary` and a `Date` on every answer.
        let gzip = style == .neutral && feed < gzipped.count
            && (request.header("Accept-Encoding")?.lowercased().contains("gzip") ?? false)
        let plainTag = etag
        if gzip { etag = "\"" + etag.dropFirst().dropLast() + "-gzip\"" }
        var extra: [(name: String, value: String)] = []
        if style == .neutral {
            extra = [("Vary", "Accept-Encoding"), ("Date", RefreshBenchmarkDates.http(Int(Date().timeIntervalSince1970)))]
        }
        let unchanged = request.header("If-None-Match").map { $0 == etag || $0 == plainTag }
            ?? (request.header("If-Modified-Since") == lastModified)
        if unchanged {
            tally.countNotModified()
            // The server turns a 200 whose validators match into a 304, so no body is generated.
            return .feed([UInt8](), etag: etag, lastModified: lastModified, extraHeaders: extra)
        }
        let body = gzip ? gzipped[feed]
            : feed < documents.count ? documents[feed] : Array(Self.document(feed: feed, items: items, style: style).utf8)
        tally.countFull(bytes: body.count)
        if gzip { extra.append(("Content-Encoding", "gzip")) }
        return .feed(body, etag: etag, lastModified: lastModified, extraHeaders: extra)
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
