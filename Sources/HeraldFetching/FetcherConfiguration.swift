/// How ``HTTPFeedFetcher`` talks to servers: who it says it is, how long it waits, and how much
/// it accepts. The defaults suit a desktop feed reader; every limit is a guard against a broken
/// or hostile server, never a tuning knob the user must touch.
public struct FetcherConfiguration: Sendable, Hashable {
    /// Sent as `User-Agent`, so publishers can see who polls them and how to reach the project.
    public var userAgent: String
    /// The longest wait to open a connection (TCP and TLS).
    public var connectTimeout: Duration
    /// The longest silence while waiting for response bytes.
    public var readTimeout: Duration
    /// The longest a whole fetch may take, redirects and body included.
    public var totalTimeout: Duration
    /// The largest body accepted, after decompression.
    public var maxBodyBytes: Int
    /// The most redirects followed for one fetch.
    public var maxRedirects: Int
    /// The largest decompressed-to-compressed size ratio accepted (a decompression-bomb guard).
    public var decompressionRatioLimit: Int
    /// The most requests (and HTTP/1.1 connections) open to one scheme, host and port at once.
    public var maxConnectionsPerHost: Int

    /// Creates a configuration; every parameter has the default of ``default``.
    public init(
        userAgent: String = "Herald/0.1 (+https://github.com/herald-reader/herald; news aggregator)",
        connectTimeout: Duration = .seconds(10),
        readTimeout: Duration = .seconds(20),
        totalTimeout: Duration = .seconds(60),
        maxBodyBytes: Int = 32 * 1_048_576,
        maxRedirects: Int = 8,
        decompressionRatioLimit: Int = 40,
        maxConnectionsPerHost: Int = 4
    ) {
        self.userAgent = userAgent
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.totalTimeout = totalTimeout
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.decompressionRatioLimit = decompressionRatioLimit
        self.maxConnectionsPerHost = maxConnectionsPerHost
    }

    /// 10 s to connect, 20 s of silence, 60 s in all, 32 MiB bodies, 8 redirects,
    /// a 40:1 decompression ratio and 4 connections per host.
    public static let `default` = FetcherConfiguration()

    /// The `Accept` header: feed types first, generic XML next, anything last (for discovery
    /// of HTML pages and servers that label feeds `text/plain`).
    static let acceptHeader =
        "application/atom+xml, application/rss+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5"
}
