import Foundation
import HeraldCredentials
import HeraldDomain
import HeraldFetching
import HeraldInteractors
import HeraldParsing
import HeraldPostgres
import HeraldStore
import Logging
import HeraldPorts

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
    /// The database file, when the store is on disk, or the PostgreSQL URL (without its password).
    public let databasePath: String?
    /// The people sharing the database, when it is PostgreSQL (`nil`: SQLite keeps one person's news).
    public let users: (any UserManaging)?
    /// The sync APIs' accounts: credentials and tokens.
    public let accounts: any AccountStoring
    /// Password hashes, token digests, Fever keys.
    public let credentials: any CredentialHashing
    /// Finds the readable article of a web page.
    public let extractor: any ArticleExtracting
    /// The full texts kept beside articles (extracted pages).
    public let fullTexts: any FullTextStoring
    /// Feeds' icons, looked for at refresh and served to sync clients.
    public let icons: any FeedIconStoring
    /// Tags created on their own (a sync client's empty category).
    public let tags: any TagStoring
    /// Reads a newsboat user's folder (`urls`, `cache.db`).
    public let newsboat: any NewsboatHomeReading
    /// Whether subscribing and importing add feeds that run commands: only when the front end
    /// asked for it (``ServiceOverrides/scriptSources``) and the database is this machine's SQLite file.
    public let scriptSources: ScriptSourcePolicy
    /// Whether a feed's links may reach non-public addresses on another host (`full-text-private-addresses`).
    public let fullTextAllowsPrivateAddresses: Bool
    /// The article rules in force (the config's, and those written since from a front end), with
    /// the refresh and new subscriptions applying the same book.
    public let rules: RuleApplier
    /// Writes and erases rule lines in the config file.
    public let ruleRecorder: any RuleRecording
    /// Releases network resources; call once before the process exits.
    /// The download queue of enclosures (`herald download`).
    public let downloads: DownloadInteractor
    let shutdownHandler: @Sendable () async -> Void

    /// Builds the real services for a configuration whose database is a SQLite file.
    /// - Parameter overrides: Replacements for tests and other front ends (a fixed clock, a fake fetcher…).
    /// - Throws: ``HeraldError`` when the database cannot be opened, or is a `postgres://` URL (which
    ///   ``open(configuration:overrides:)`` opens).
    public static func live(configuration: HeraldConfiguration,
                            overrides: ServiceOverrides = ServiceOverrides()) throws(HeraldError) -> HeraldServices {
        switch StoreLocation(configuration.databasePath) {
        case .postgres:
            throw HeraldError.store(.cannotOpen(
                path: StoreLocation(configuration.databasePath).displayName,
                reason: "a PostgreSQL database is opened asynchronously; use `await Herald.open(…)`"))
        case .sqlite(let path):
            if configuration.user != nil { throw HeraldError.store(.singlePerson) }
            return assemble(try StoreFactory.openSQLite(path: path), configuration: configuration, overrides: overrides)
        }
    }

    /// Builds the real services for a configuration: the SQLite store for a file path, the
    /// PostgreSQL store for a `postgres://` URL (acting for ``HeraldConfiguration/user``, else the
    /// login name, added on first use).
    /// - Throws: ``HeraldError`` when the database cannot be opened or the user is unknown, or a
    ///   user is asked of a SQLite database.
    public static func open(configuration: HeraldConfiguration,
                            overrides: ServiceOverrides = ServiceOverrides()) async throws(HeraldError) -> HeraldServices {
        let store = try await StoreFactory.open(StoreLocation(configuration.databasePath), user: configuration.user,
                                                maximumConnections: max(4, min(configuration.maxConcurrentFetches / 4, 16)))
        return assemble(store, configuration: configuration, overrides: overrides)
    }

    private static func assemble(_ store: OpenedStore, configuration: HeraldConfiguration,
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
            fetcher = ScriptFeedFetcher(wrapping: http, timeLimit: fetcherConfiguration.totalTimeout,
                                        maxOutputBytes: configuration.maxFeedBytes, runsCommands: !store.isShared)
            shutdown = { await http.shutdown() }
        }
        // A shared database's feeds are refreshed by other machines' workers: no commands there.
        let scriptSources: ScriptSourcePolicy = store.isShared && overrides.scriptSources == .accepted
            ? .refused : overrides.scriptSources
        let close = store.close
        var policy = RefreshPolicy.default
        policy.maxConcurrentFetches = configuration.maxConcurrentFetches
        policy.maxConcurrentPerHost = configuration.maxConcurrentPerHost
        policy.minimumInterval = configuration.minimumRefreshInterval
        policy.maximumInterval = configuration.maximumRefreshInterval
        if let lease = overrides.claimLease { policy.claimLease = lease }
        policy.guardWindow = configuration.refreshGuardWindow
        policy.hostRequestsPerSecond = configuration.hostRequestsPerSecond
        policy.fullTextAllowsPrivateAddresses = configuration.fullTextAllowsPrivateAddresses
        policy.fetchesIcons = configuration.fetchesIcons
        let extractor = LibXMLArticleExtractor(rules: configuration.extractionRules + BuiltInExtractionRules.all)
        let rules = RuleApplier(book: RuleBook(configuration.articleRules), feeds: store.feeds, articles: store.articles,
                                clock: clock)
        let refresher = RefreshInteractor(feeds: store.feeds, fetcher: fetcher, parser: parser, clock: clock, policy: policy,
                                          queue: store.queue, holder: LoginName.holder, ledger: store.ledger,
                                          probe: LoginName.Probe(),
                                          logger: refreshLogger(configuration.refreshLogPath,
                                                                database: RefreshLog.databaseName(configuration.databasePath)),
                                          fullTexts: store.fullTexts, extractor: extractor,
                                          hook: configuration.onNewArticles.map {
                                              NewArticlesCommand(words: $0, timeLimit: .milliseconds(Int64(configuration.onNewArticlesTimeout * 1000)))
                                          },
                                          rules: rules, icons: store.icons, pageIcons: discoverer)
        let downloader: any EnclosureDownloading
        let closeDownloads: @Sendable () async -> Void
        if let injected = overrides.downloader {
            downloader = injected
            closeDownloads = {}
        } else {
            let http = HTTPEnclosureDownloader(perHost: configuration.downloadPerHost,
                                               userAgent: configuration.userAgent ?? FetcherConfiguration.default.userAgent)
            downloader = http
            closeDownloads = { await http.shutdown() }
        }
        let downloads = DownloadInteractor(
            queue: DownloadQueueFile(path: downloadQueuePath(for: store, dataDirectory: configuration.dataDirectory)), downloader: downloader,
            feeds: store.feeds, articles: store.articles, clock: clock,
            policy: DownloadPolicy(folder: configuration.downloadFolder ?? NSHomeDirectory() + "/Podcasts",
                                   parallel: configuration.downloadParallel,
                                   maxBytes: Int64(configuration.downloadMaxBytes),
                                   allowsPrivateAddresses: configuration.fullTextAllowsPrivateAddresses))
        let subscriber = SubscribeInteractor(feeds: store.feeds, fetcher: fetcher, parser: parser, discoverer: discoverer,
                                             lists: lists, clock: clock, scriptSources: scriptSources, rules: rules)
        return HeraldServices(feeds: store.feeds, articles: store.articles, search: store.search, observer: store.observer,
                              fetcher: fetcher, parser: parser, renderer: LibXMLHTMLRenderer(),
                              sanitizer: LibXMLHTMLSanitizer(), lists: lists, discoverer: discoverer, clock: clock,
                              refresher: refresher, subscriber: subscriber, databasePath: store.location,
                              users: store.users, accounts: store.accounts, credentials: ScryptCredentialHasher(),
                              extractor: extractor, fullTexts: store.fullTexts, icons: store.icons,
                              tags: store.tags, newsboat: NewsboatHomeReader(),
                              scriptSources: scriptSources,
                              fullTextAllowsPrivateAddresses: configuration.fullTextAllowsPrivateAddresses,
                              rules: rules, ruleRecorder: ConfigFileRuleRecorder(path: configuration.configFilePath),
                              downloads: downloads,
                              shutdownHandler: {
                                  // A refresh still running ends first: cancelled, its claims
                                  // released, while its fetcher and store are still open.
                                  await refresher.stopRefreshes()
                                  await shutdown()
                                  await closeDownloads()
                                  await close()
                              })
    }

    /// The download queue's file: `DATABASE-downloads.json` beside a SQLite database (its entries
    /// name that database's articles, and two databases in one folder keep two queues), else
    /// `downloads.json` in Herald's data folder.
    private static func downloadQueuePath(for store: OpenedStore, dataDirectory: String?) -> String {
        if case .sqlite(let path) = StoreLocation(store.location) {
            return path + "-downloads.json"
        }
        return (dataDirectory ?? NSHomeDirectory() + "/.local/share/herald") + "/downloads.json"
    }

    /// Releases network resources.
    public func shutdown() async { await shutdownHandler() }

    /// The logger of refresh runs: JSON lines in the refresh log file, each naming the database
    /// (`herald log --db` shows that database's last run), or nothing without a file.
    private static func refreshLogger(_ path: String?, database: String) -> Logger {
        guard let path else { return Logger(label: "herald.refresh", factory: { _ in SwiftLogNoOpLogHandler() }) }
        let writer = LogFileWriter(path: path)
        var logger = Logger(label: "herald.refresh", factory: { _ in JSONLinesLogHandler(writer: writer) })
        logger[metadataKey: "database"] = "\(database)"
        return logger
    }
}

/// Services a test or another front end replaces; `nil` keeps the real one.
public struct ServiceOverrides: Sendable {
    /// A clock, e.g. ``FixedWallClock``.
    public var clock: (any WallClock)?
    /// A fetcher, e.g. a fake or one with other limits.
    public var fetcher: (any FeedFetching)?
    /// How long a claim on a shared refresh queue lasts (`herald worker --lease`); `nil` keeps the
    /// policy's two minutes.
    public var claimLease: TimeInterval?
    /// Whether subscribing and importing may add feeds that run commands (`exec:`, `filter:`):
    /// only the command line's `add` and `import` ask, for the person at the machine; a shared
    /// (PostgreSQL) database refuses them whatever is asked.
    public var scriptSources: ScriptSourcePolicy
    /// A downloader of enclosures, e.g. one with another per-host limit.
    public var downloader: (any EnclosureDownloading)?

    /// Creates overrides.
    public init(clock: (any WallClock)? = nil, fetcher: (any FeedFetching)? = nil, claimLease: TimeInterval? = nil,
                scriptSources: ScriptSourcePolicy = .refused) {
        self.clock = clock
        self.fetcher = fetcher
        self.claimLease = claimLease
        self.scriptSources = scriptSources
    }
}
