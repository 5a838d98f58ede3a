// The entirety of Herald's public API for front ends: open an engine, build screens, run the engine's
// operations. Everything a front end needs (entities, view models, intents, routes, the Container)
// is re-exported from here, so `import Herald` is the only import a front end writes. The composition
// root (`HeraldComposition`) and the ports (`HeraldPorts`) are not: a front end cannot name a store,
// a fetcher or a parser (Docs/decisions.md, D39).
import HeraldComposition
@_exported import HeraldContainer
@_exported import HeraldDomain
@_exported import HeraldInteractors
@_exported import HeraldPresenters
@_exported import HeraldRouting
@_exported import HeraldSettings
import Foundation

/// A Herald engine: the store, the fetcher, the parser and the use cases, built once, plus the screens
/// (VIP modules) any front end builds on demand.
///
/// ```swift
/// let herald = try Herald.open()                       // ~/.local/share/herald/herald.db
/// let screen = UnreadScreen()                          // your ArticleListDisplayLogic
/// let list = herald.articleListScreen(ArticleFilter(unreadOnly: true), display: screen)
/// await list.viewAppeared()                            // screen.display(.loaded(...)) is called
/// await herald.shutdown()
/// ```
public final class Herald: Sendable {
    /// The resolved configuration.
    public let configuration: HeraldConfiguration
    /// The shared Container every screen reports loading, progress, errors and notices to.
    public let container: Container
    /// Builds screens (the `…Screen` methods and ``module(for:display:pageSize:history:startingAfter:format:)``).
    let modules: ModuleFactory
    /// The services; the composition root's, never a front end's.
    let services: HeraldServices
    /// The use cases that show no screen.
    private var library: LibraryInteractor { modules.library() }

    /// Opens the engine on the configured SQLite database (config file, `HERALD_DB`, then
    /// `databasePath`). A `postgres://` database needs the `async` ``open(databasePath:user:environment:claimLease:)``.
    /// - Parameters:
    ///   - databasePath: Overrides every other source of the database path (the CLI's `--db`).
    ///   - environment: The environment to read `HERALD_DB`, `HERALD_CONFIG` and the XDG folders from.
    /// - Throws: ``HeraldError`` for a bad configuration or a database that cannot be opened.
    public static func open(databasePath: String? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws(HeraldError) -> Herald {
        let configuration = try configuration(databasePath: databasePath, user: nil, environment: environment)
        let services = try HeraldServices.live(configuration: configuration)
        return Herald(services: services, configuration: configuration)
    }

    /// Opens the engine on the configured database: a SQLite file, or PostgreSQL for a
    /// `postgres://` URL (from `--db`, `HERALD_DB` or the config file's `database`).
    ///
    /// ```swift
    /// let herald = try await Herald.open(databasePath: "postgres://herald@db.example/herald", user: "alice")
    /// ```
    /// - Parameters:
    ///   - databasePath: Overrides every other source of the database (the CLI's `--db`).
    ///   - user: Whose subscriptions and reading state a PostgreSQL database shows (the CLI's
    ///     `--user`); `nil` is `HERALD_USER`, the config file's `user`, then the login name (added
    ///     on its first use). A SQLite database refuses a user.
    ///   - environment: The environment to read `HERALD_DB`, `HERALD_USER`, `HERALD_CONFIG` and the XDG folders from.
    ///   - claimLease: How long a refresh's claim on a queued feed lasts unless renewed (a worker's
    ///     `--lease`); `nil` keeps the default of two minutes.
    ///   - scriptSources: Whether subscribing and importing add feeds that run commands (`exec:`,
    ///     `filter:`). Pass `.accepted` only for the person at the machine (the command line's `add`
    ///     and `import`), never for requests from a web page or a sync client; a PostgreSQL database
    ///     refuses them whatever is passed. Feeds already stored run either way (on SQLite).
    ///     `.remote`, for an engine serving people elsewhere (`herald serve`), refuses local files
    ///     (`file://`) as well.
    /// - Throws: ``HeraldError`` for a bad configuration, a database that cannot be opened or an unknown user.
    public static func open(databasePath: String? = nil, user: String? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            claimLease: TimeInterval? = nil,
                            scriptSources: ScriptSourcePolicy = .refused) async throws(HeraldError) -> Herald {
        let configuration = try configuration(databasePath: databasePath, user: user, environment: environment)
        let services = try await HeraldServices.open(configuration: configuration,
                                                     overrides: ServiceOverrides(claimLease: claimLease,
                                                                                 scriptSources: scriptSources))
        return Herald(services: services, configuration: configuration)
    }

    /// The records of the last refresh run in the refresh log (`refresh-log`, by default
    /// `$XDG_STATE_HOME/herald/refresh.log`), oldest first; empty when nothing was logged.
    /// - Parameter databasePath: Only a run of this database (a file or a `postgres://` URL); nil
    ///   for the last run of any.
    /// - Returns: The log file's path (`nil` when the log is off) and the records.
    /// - Throws: ``HeraldError`` for a bad configuration.
    public static func lastRefreshLog(databasePath: String? = nil,
                                      environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(HeraldError) -> (path: String?, records: [RefreshLogRecord]) {
        let configuration = try configuration(databasePath: databasePath, user: nil, environment: environment)
        guard let path = configuration.refreshLogPath else { return (nil, []) }
        return (path, RefreshLog(path: path).lastRun(of: databasePath.map { _ in RefreshLog.databaseName(configuration.databasePath) }))
    }

    static func configuration(databasePath: String?, user: String?,
                                      environment: [String: String]) throws(HeraldError) -> HeraldConfiguration {
        do {
            return try ConfigurationLoader(environment: environment).load(databaseOverride: databasePath, userOverride: user)
        } catch {
            throw .configuration(error)
        }
    }

    /// Wraps services built elsewhere (tests, an in-memory engine): inside the package only.
    package init(services: HeraldServices, configuration: HeraldConfiguration) {
        self.services = services
        self.configuration = configuration
        self.container = Container(clock: services.clock)
        self.modules = ModuleFactory(services: services, container: container, retention: configuration.retention)
    }

    // MARK: Screens

    /// The statistics screen (feeds, failing feeds, articles, unread, starred, size). Call
    /// `viewAppeared()` to load it.
    public func statsScreen(display: any StatsDisplayLogic) -> StatsInteractor {
        modules.stats(display: display)
    }

    /// The feeds screen. Call `viewAppeared()` to load it.
    public func feedsScreen(display: any FeedsDisplayLogic) -> FeedsInteractor {
        modules.feeds(display: display)
    }

    /// An article list (a feed, a tag, all, unread, starred, a saved search), from the newest article
    /// or continuing after `startingAfter` (a row's `cursor`).
    public func articleListScreen(_ filter: ArticleFilter, pageSize: Int = 50, startingAfter: PageCursor? = nil,
                                  display: any ArticleListDisplayLogic) -> ArticleListInteractor {
        modules.articleList(filter, pageSize: pageSize, startingAfter: startingAfter, display: display)
    }

    /// One article, with next/previous within `filter`.
    public func articleScreen(_ id: ArticleID, within filter: ArticleFilter = ArticleFilter(),
                              display: any ArticleDetailDisplayLogic) -> ArticleDetailInteractor {
        modules.articleDetail(id, within: filter, display: display)
    }

    /// The search screen.
    public func searchScreen(filter: ArticleFilter = ArticleFilter(), pageSize: Int = 20,
                             display: any SearchDisplayLogic) -> SearchInteractor {
        modules.search(filter: filter, pageSize: pageSize, display: display)
    }

    /// A refresh worker (`herald worker`): each `passRequested()` refreshes the due feeds of
    /// everyone who shares the database, its progress, failures and totals in the Container.
    public func refreshWorker() -> WorkerInteractor {
        modules.worker()
    }

    // MARK: Engine operations

    /// Refreshes feeds, streaming progress; ``cancelRefreshes()`` stops it (stored feeds are kept).
    public func refresh(_ selection: RefreshSelection = .due) -> AsyncStream<RefreshEvent> {
        services.refresher.refresh(selection)
    }

    /// Stops every refresh in progress; their streams end with a summary marked cancelled.
    public func cancelRefreshes() async {
        await services.refresher.cancelRefreshes()
    }

    /// What the store commits from now on (feeds, articles, counts), for screens that stay open.
    public func storeChanges() -> AsyncStream<StoreChanges> {
        services.observer.changes()
    }

    /// The module for a route (the Router's routes become screens through this).
    /// - Parameters:
    ///   - startingAfter: Where a list starts (a page link's keyset cursor); `nil` for the newest.
    ///   - format: `.html` to get article bodies as sanitised HTML too (a web page).
    public func module(for route: Route, display: any ScreenDisplaying, pageSize: Int = 50,
                       history: [String] = [], startingAfter: PageCursor? = nil,
                       format: BodyFormat = .text) -> ScreenModule {
        modules.module(for: route, display: display, pageSize: pageSize, history: history,
                       startingAfter: startingAfter, format: format)
    }

    // MARK: People sharing a database

    /// The person this engine acts for on a PostgreSQL database; `nil` on SQLite (one person's news).
    public var currentUser: String? { services.users?.currentUser }

    /// Adds a person to a shared (PostgreSQL) database.
    /// - Throws: ``StoreError/userExists(_:)``, or ``StoreError/singlePerson`` on SQLite.
    public func addUser(_ name: String) async throws(HeraldError) {
        guard let users = services.users else { throw .store(.singlePerson) }
        do { try await users.addUser(name) } catch { throw .store(error) }
    }

    /// The people sharing the database, by name.
    /// - Throws: ``StoreError/singlePerson`` on SQLite.
    public func users() async throws(HeraldError) -> [StoreUser] {
        guard let users = services.users else { throw .store(.singlePerson) }
        do { return try await users.users() } catch { throw .store(error) }
    }

    /// Every subscribed feed.
    public func feeds() async throws(HeraldError) -> [Feed] {
        do { return try await library.feeds() } catch { throw .store(error) }
    }

    /// The subscribed feeds among `ids` by id (ids of no feed are absent): the feeds of a page of
    /// articles, without reading every feed.
    public func feeds(withIDs ids: some Sequence<FeedID>) async throws(HeraldError) -> [FeedID: Feed] {
        do {
            let feeds = try await library.feeds(withIDs: Set(ids))
            return Dictionary(feeds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        } catch {
            throw .store(error)
        }
    }

    /// The title of a list of articles, as its screen shows it ("Unread", a feed's or tag's name, a
    /// saved search's), without loading the list; for a confirmation that names it.
    /// - Returns: nil when the list's feed or saved search is gone (or the store cannot say).
    public func listTitle(of filter: ArticleFilter) async -> String? {
        guard let source = try? await library.source(of: filter) else { return nil }
        return ArticleListPresenter.title(for: source, filter: filter)
    }

    /// The feed a person named: by id, by URL, by title, else by the one title containing the name.
    /// - Throws: ``HeraldError/notFound(_:)`` saying what matched (nothing, or several: pick by id).
    public func feed(named name: String) async throws(HeraldError) -> Feed {
        do {
            return try await library.feed(named: name)
        } catch {
            if case .store(let failure) = error { throw .store(failure) }
            throw .notFound(error.message)
        }
    }

    /// One stored article with its body and state.
    public func article(_ id: ArticleID) async throws(HeraldError) -> Article {
        do { return try await library.article(id) } catch { throw .store(error) }
    }

    /// Changes reading state: read or starred by ids, or every article of a filter read.
    /// - Returns: How many articles the change named (by ids), or how many it changed (by filter).
    /// - Parameter ignoringUnknownArticles: Apply it to the ids that name an article and skip the
    ///   rest (a sync client's batch may name articles retention has deleted), instead of failing.
    @discardableResult
    public func apply(_ change: ReadingStateChange, ignoringUnknownArticles: Bool = false) async throws(HeraldError) -> Int {
        do {
            return try await library.apply(change, ignoringUnknownArticles: ignoringUnknownArticles)
        } catch {
            throw .store(error)
        }
    }

    /// Marks articles read or unread.
    public func setRead(_ isRead: Bool, for ids: [ArticleID]) async throws(HeraldError) {
        try await apply(.read(isRead, ids: ids))
    }

    /// Stars or unstars articles.
    public func setStarred(_ isStarred: Bool, for ids: [ArticleID]) async throws(HeraldError) {
        try await apply(.starred(isStarred, ids: ids))
    }

    /// Marks every article a filter covers read. - Returns: How many changed.
    public func markAllRead(in filter: ArticleFilter) async throws(HeraldError) -> Int {
        try await apply(.allRead(filter))
    }

    /// Totals over the store.
    public func statistics() async throws(HeraldError) -> StoreStatistics {
        do { return try await library.statistics() } catch { throw .store(error) }
    }

    /// Deletes articles beyond the configured retention (never starred ones). - Returns: How many.
    public func applyRetention() async throws(HeraldError) -> Int {
        do { return try await library.applyRetention(configuration.retention) } catch { throw .store(error) }
    }

    /// Parses a feed document without storing it (no engine needed: nothing is opened).
    public static func parseFeed(_ data: Data, documentURL: String? = nil,
                                 charset: String? = nil) throws(HeraldError) -> ParsedFeed {
        do {
            return try FeedDocuments.parse(data, documentURL: documentURL, charset: charset)
        } catch {
            throw .parse(error)
        }
    }

    /// Parses a feed file without storing it, reading it as a mapping that is let go page by page,
    /// so a large file and its parsed feed are never both resident in full.
    /// - Returns: nil when the file cannot be read.
    public static func parseFeed(contentsOfFile path: String, documentURL: String? = nil,
                                 charset: String? = nil) throws(HeraldError) -> ParsedFeed? {
        do {
            return try FeedDocuments.parse(fileAtPath: path, documentURL: documentURL, charset: charset)
        } catch {
            throw .parse(error)
        }
    }

    /// The documented JSON form of a parsed feed (Docs/json-schema.md).
    public static func json(for feed: ParsedFeed) -> Data { FeedDocuments.json(feed) }

    /// Writes the same JSON document to a file descriptor (standard output, say) item by item,
    /// followed by a newline, without building it whole first.
    public static func writeJSON(for feed: ParsedFeed, toFileDescriptor descriptor: Int32,
                                 name: String = "standard output") throws(HeraldError) {
        try FeedDocuments.writeJSON(feed, toFileDescriptor: descriptor, name: name)
    }

    /// A human-readable report of a parsed feed, safe for a terminal.
    public static func report(for feed: ParsedFeed) -> String { FeedDocuments.report(feed) }

    /// The database file, when the store is on disk.
    public var databasePath: String? { services.databasePath }

    /// Releases network resources; call once when done.
    public func shutdown() async { await services.shutdown() }
}
