import Foundation
import HeraldDomain
import HeraldFetching
import HeraldInteractors
import HeraldParsing
import HeraldStore

/// The services Herald builds once per process, behind their Domain ports. This is the only file that
/// names the concrete service types; everything else receives the ports.
public struct HeraldServices: Sendable {
    /// Subscriptions and fetch state.
    public let feeds: any FeedStoring
    /// Articles and user state.
    public let articles: any ArticleStoring
    /// Full-text search and saved searches.
    public let search: any ArticleSearching
    /// Reports what each commit changed, for live screens.
    public let observer: any StoreObserving
    /// Fetches feed documents.
    public let fetcher: any FeedFetching
    /// Parses feed documents.
    public let parser: any FeedParsing
    /// Renders article HTML as text.
    public let renderer: any HTMLRendering
    /// Makes article HTML safe for a web page.
    public let sanitizer: any HTMLSanitizing
    /// Reads and writes OPML and newsboat url lists.
    public let lists: any SubscriptionListConverting
    /// Finds feeds on web pages.
    public let discoverer: any FeedDiscovering
    /// The current date.
    public let clock: any WallClock
    /// Refreshes feeds.
    public let refresher: any FeedRefreshing
    /// Subscribes, imports and exports.
    public let subscriber: any FeedSubscribing
    /// The database file, when the store is on disk.
    public let databasePath: String?
    /// Releases network resources; call once before the process exits.
    let shutdownHandler: @Sendable () async -> Void

    /// Builds the real services for a configuration.
    /// - Parameter overrides: Replacements for tests and other front ends (a fixed clock, a fake fetcher…).
    /// - Throws: ``HeraldError`` when the database cannot be opened.
    public static func live(configuration: HeraldConfiguration,
                            overrides: ServiceOverrides = ServiceOverrides()) throws(HeraldError) -> HeraldServices {
        let store: SQLiteStore
        do {
            store = try SQLiteStore(path: configuration.databasePath)
        } catch {
            throw HeraldError.store(error)
        }
        return assemble(store: store, databasePath: configuration.databasePath,
                        configuration: configuration, overrides: overrides)
    }

    private static func assemble(store: SQLiteStore, databasePath: String?, configuration: HeraldConfiguration,
                                 overrides: ServiceOverrides) -> HeraldServices {
        let clock = overrides.clock ?? SystemWallClock()
        // A gzip body served without Content-Encoding reaches the parser compressed; it inflates
        // it within the limits the fetcher applies to the bodies it inflates itself.
        let parser = LibXMLFeedParser(limits: ParserLimits(
            maxInflatedBytes: configuration.maxFeedBytes,
            maxDecompressionRatio: FetcherConfiguration.default.decompressionRatioLimit))
        let lists = SubscriptionListConverter()
        let discoverer = HTMLFeedDiscoverer()
        let fetcher: any FeedFetching
        let shutdown: @Sendable () async -> Void
        if let injected = overrides.fetcher {
            fetcher = injected
            shutdown = {}
        } else {
            var fetcherConfiguration = FetcherConfiguration.default
            if let userAgent = configuration.userAgent { fetcherConfiguration.userAgent = userAgent }
            fetcherConfiguration.maxBodyBytes = configuration.maxFeedBytes
            fetcherConfiguration.maxConnectionsPerHost = configuration.maxConcurrentPerHost
            fetcherConfiguration.totalTimeout = .milliseconds(Int64(configuration.fetchTimeout * 1000))
            let http = HTTPFeedFetcher(configuration: fetcherConfiguration)
            fetcher = http
            shutdown = { await http.shutdown() }
        }
        var policy = RefreshPolicy.default
        policy.maxConcurrentFetches = configuration.maxConcurrentFetches
        policy.maxConcurrentPerHost = configuration.maxConcurrentPerHost
        policy.minimumInterval = configuration.minimumRefreshInterval
        policy.maximumInterval = configuration.maximumRefreshInterval
        let refresher = RefreshInteractor(feeds: store, fetcher: fetcher, parser: parser, clock: clock, policy: policy)
        let subscriber = SubscribeInteractor(feeds: store, fetcher: fetcher, parser: parser, discoverer: discoverer,
                                             lists: lists, clock: clock)
        return HeraldServices(feeds: store, articles: store, search: store, observer: store, fetcher: fetcher, parser: parser,
                              renderer: LibXMLHTMLRenderer(), sanitizer: LibXMLHTMLSanitizer(), lists: lists, discoverer: discoverer, clock: clock,
                              refresher: refresher, subscriber: subscriber, databasePath: databasePath,
                              shutdownHandler: shutdown)
    }

    /// Releases network resources.
    public func shutdown() async { await shutdownHandler() }
}

/// Services a test or another front end replaces; `nil` keeps the real one.
public struct ServiceOverrides: Sendable {
    /// A clock, e.g. ``FixedWallClock``.
    public var clock: (any WallClock)?
    /// A fetcher, e.g. a fake or one with other limits.
    public var fetcher: (any FeedFetching)?

    /// Creates overrides.
    public init(clock: (any WallClock)? = nil, fetcher: (any FeedFetching)? = nil) {
        self.clock = clock
        self.fetcher = fetcher
    }
}
