import Foundation
import HeraldContainer
import HeraldDomain
import HeraldInteractors
import HeraldPresenters
import HeraldRouting

/// How an article screen delivers its body.
public enum BodyFormat: Sendable, Hashable {
    /// Text blocks with numbered links (terminals, bots).
    case text
    /// Text blocks, plus the body as sanitised HTML (web pages).
    case html
}

/// Builds the screen modules on demand: an Interactor wired to its real Presenter, which reports to the
/// front end's display and to the shared Container (each module as its own activity source, so one
/// screen's `hideLoading` never hides another's spinner or a refresh's progress). Modules get ports,
/// never concrete services.
public struct ModuleFactory: Sendable {
    /// The services the modules use.
    public let services: HeraldServices
    /// The shared Container every module reports to.
    public let container: Container
    /// What the feeds screen's refresh keeps afterwards.
    public let retention: RetentionPolicy?
    /// The time zone for "yesterday" and absolute dates.
    public let timeZone: TimeZone
    /// Failed sign-ins, shared by every request this engine serves.
    private let signInThrottle = SignInThrottle()

    /// Creates a factory.
    public init(services: HeraldServices, container: Container, retention: RetentionPolicy? = nil,
                timeZone: TimeZone = .current) {
        self.services = services
        self.container = container
        self.retention = retention
        self.timeZone = timeZone
    }

    /// A new module's line to the Container, with a source of its own.
    private func activity() -> ContainerActivity {
        ContainerActivity(container: container, source: container.makeSource())
    }

    /// The feeds screen: subscriptions, groups, errors, add/remove/refresh/import/export.
    public func feeds(display: any FeedsDisplayLogic) -> FeedsInteractor {
        let presenter = FeedsPresenter(display: display, activity: activity(), clock: services.clock)
        let ports = FeedsInteractor.Dependencies(feeds: services.feeds, articles: services.articles,
                                                 searches: services.search, subscriber: services.subscriber,
                                                 refresher: services.refresher, retention: retention,
                                                 clock: services.clock)
        return FeedsInteractor(dependencies: ports, presenter: presenter)
    }

    /// A refresh worker's passes, reported to the Container.
    public func worker() -> WorkerInteractor {
        WorkerInteractor(refresher: services.refresher, presenter: WorkerPresenter(activity: activity()))
    }

    /// The library's use cases that show no screen (find a feed, one article, reading state by ids
    /// or filter, totals, retention).
    public func library() -> LibraryInteractor {
        LibraryInteractor(feeds: services.feeds, articles: services.articles, clock: services.clock,
                          searches: services.search)
    }

    /// Subscriptions as use cases with typed results (the sync APIs).
    public func subscriptions() -> SubscriptionInteractor {
        SubscriptionInteractor(feeds: services.feeds, subscriber: services.subscriber, tags: services.tags)
    }

    /// Articles' full texts on demand: kept ones, or pages fetched, extracted and kept.
    public func fullTexts() -> FullTextInteractor {
        FullTextInteractor(articles: services.articles, fullTexts: services.fullTexts, feeds: services.feeds,
                           fetcher: services.fetcher,
                           extractor: services.extractor, clock: services.clock,
                           allowsPrivateAddresses: services.fullTextAllowsPrivateAddresses)
    }

    /// What the sync APIs read: entries with sanitised bodies, counts.
    public func sync() -> SyncInteractor {
        SyncInteractor(articles: services.articles, sanitizer: services.sanitizer, fullTexts: services.fullTexts,
                       icons: services.icons, search: services.search)
    }

    /// The sync APIs' accounts: passwords, tokens, sign-in.
    public func accounts() -> AccountInteractor {
        AccountInteractor(accounts: services.accounts, hashing: services.credentials, throttle: signInThrottle,
                          clock: services.clock)
    }

    /// The statistics screen: the store's totals and the database file.
    public func stats(display: any StatsDisplayLogic) -> StatsInteractor {
        StatsInteractor(articles: services.articles, databasePath: services.databasePath,
                        presenter: StatsPresenter(display: display, activity: activity()))
    }

    /// An article list for a filter, newest first, paged; optionally continuing after a row.
    public func articleList(_ filter: ArticleFilter, pageSize: Int = 50, startingAfter: PageCursor? = nil,
                            display: any ArticleListDisplayLogic) -> ArticleListInteractor {
        let presenter = ArticleListPresenter(display: display, activity: activity(), clock: services.clock,
                                             timeZone: timeZone)
        let ports = ArticleListInteractor.Dependencies(feeds: services.feeds, articles: services.articles,
                                                       searches: services.search)
        return ArticleListInteractor(filter: filter, pageSize: pageSize, startingAfter: startingAfter,
                                     dependencies: ports, presenter: presenter)
    }

    /// One article, rendered, with next/previous within a filter.
    /// - Parameter format: `.html` adds the body as sanitised HTML (the web front end).
    public func articleDetail(_ id: ArticleID, within filter: ArticleFilter = ArticleFilter(), format: BodyFormat = .text,
                              display: any ArticleDetailDisplayLogic) -> ArticleDetailInteractor {
        let presenter = ArticleDetailPresenter(display: display, activity: activity(), clock: services.clock,
                                               timeZone: timeZone)
        let ports = ArticleDetailInteractor.Dependencies(feeds: services.feeds, articles: services.articles,
                                                         renderer: services.renderer,
                                                         sanitizer: format == .html ? services.sanitizer : nil,
                                                         fullTexts: fullTexts(), downloads: services.downloads)
        return ArticleDetailInteractor(articleID: id, within: filter, dependencies: ports, presenter: presenter)
    }

    /// The search screen.
    public func search(filter: ArticleFilter = ArticleFilter(), pageSize: Int = 20, history: [String] = [],
                       display: any SearchDisplayLogic) -> SearchInteractor {
        let presenter = SearchPresenter(display: display, activity: activity(), clock: services.clock,
                                        timeZone: timeZone)
        return SearchInteractor(searches: services.search, presenter: presenter, filter: filter, history: history,
                                pageSize: pageSize)
    }

    /// The module a route names, reporting to `display` (a front end's screen that can show any
    /// module's view model). This is how every front end turns the Router's routes into screens.
    /// - Parameters:
    ///   - pageSize: Rows per page of lists and searches (a terminal asks for about a screenful).
    ///   - history: Recent queries for a search screen.
    ///   - startingAfter: Where a list starts (a page link's keyset cursor); `nil` for the newest.
    ///   - format: How article bodies are delivered (`.html` for a web page).
    public func module(for route: Route, display: any ScreenDisplaying, pageSize: Int = 50,
                       history: [String] = [], startingAfter: PageCursor? = nil, format: BodyFormat = .text) -> ScreenModule {
        switch route {
        case .feeds:
            .feeds(feeds(display: display))
        case .articleList(let filter):
            .articleList(articleList(filter, pageSize: pageSize, startingAfter: startingAfter, display: display))
        case let .articleDetail(id, filter):
            .articleDetail(articleDetail(id, within: filter, format: format, display: display))
        case let .search(query, filter):
            .search(search(filter: filter, pageSize: pageSize, history: history, display: display), query: query)
        case .help:
            .help
        }
    }
}
