import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPresenters

/// Builds the screen modules on demand: an Interactor wired to its real Presenter, which reports to the
/// front end's display and to the shared Container. Modules get ports, never concrete services.
public struct ModuleFactory: Sendable {
    /// The services the modules use.
    public let services: HeraldServices
    /// Where every module reports loading, progress, errors and notices.
    public let activity: any ActivityReporting
    /// The time zone for "yesterday" and absolute dates.
    public let timeZone: TimeZone

    /// Creates a factory.
    public init(services: HeraldServices, activity: any ActivityReporting, timeZone: TimeZone = .current) {
        self.services = services
        self.activity = activity
        self.timeZone = timeZone
    }

    /// The feeds screen: subscriptions, groups, errors, add/remove/refresh/import/export.
    public func feeds(display: any FeedsDisplayLogic) -> FeedsInteractor {
        let presenter = FeedsPresenter(display: display, activity: activity, clock: services.clock)
        let ports = FeedsInteractor.Dependencies(feeds: services.feeds, articles: services.articles,
                                                 searches: services.search, subscriber: services.subscriber,
                                                 refresher: services.refresher)
        return FeedsInteractor(dependencies: ports, presenter: presenter)
    }

    /// An article list for a filter, newest first, paged; optionally continuing after a row.
    public func articleList(_ filter: ArticleFilter, pageSize: Int = 50, startingAfter: PageCursor? = nil,
                            display: any ArticleListDisplayLogic) -> ArticleListInteractor {
        let presenter = ArticleListPresenter(display: display, activity: activity, clock: services.clock,
                                             timeZone: timeZone)
        let ports = ArticleListInteractor.Dependencies(feeds: services.feeds, articles: services.articles,
                                                       searches: services.search)
        return ArticleListInteractor(filter: filter, pageSize: pageSize, startingAfter: startingAfter,
                                     dependencies: ports, presenter: presenter)
    }

    /// One article, rendered, with next/previous within a filter.
    public func articleDetail(_ id: ArticleID, within filter: ArticleFilter = ArticleFilter(),
                              display: any ArticleDetailDisplayLogic) -> ArticleDetailInteractor {
        let presenter = ArticleDetailPresenter(display: display, activity: activity, clock: services.clock,
                                               timeZone: timeZone)
        let ports = ArticleDetailInteractor.Dependencies(feeds: services.feeds, articles: services.articles,
                                                         renderer: services.renderer)
        return ArticleDetailInteractor(articleID: id, within: filter, dependencies: ports, presenter: presenter)
    }

    /// The search screen.
    public func search(filter: ArticleFilter = ArticleFilter(), pageSize: Int = 20,
                       display: any SearchDisplayLogic) -> SearchInteractor {
        let presenter = SearchPresenter(display: display, activity: activity, clock: services.clock,
                                        timeZone: timeZone)
        return SearchInteractor(searches: services.search, presenter: presenter, filter: filter, pageSize: pageSize)
    }
}
