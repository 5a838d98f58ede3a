import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPresenters

/// Records what presenters report to the Container.
actor ActivitySpy: ActivityReporting {
    enum Report: Equatable {
        case loading
        case progress(done: Int, total: Int, label: String)
        case hidden
        case error(String, canRetry: Bool)
        case notice(String)
    }

    private(set) var reports: [Report] = []
    private(set) var retries: [@Sendable () async -> Void] = []

    func showLoading() { reports.append(.loading) }
    func showProgress(done: Int, total: Int, label: String) { reports.append(.progress(done: done, total: total, label: label)) }
    func hideLoading() { reports.append(.hidden) }
    func showError(_ message: String, retry: (@Sendable () async -> Void)?) {
        reports.append(.error(message, canRetry: retry != nil))
        if let retry { retries.append(retry) }
    }
    func showNotice(_ message: String) { reports.append(.notice(message)) }
}

/// A feeds screen that keeps every view model it is given.
actor FeedsDisplaySpy: FeedsDisplayLogic {
    private(set) var viewModels: [FeedsViewModel] = []
    func display(_ viewModel: FeedsViewModel) { viewModels.append(viewModel) }
}

/// An article list that keeps every view model and routing request it is given.
actor ArticleListDisplaySpy: ArticleListDisplayLogic {
    private(set) var viewModels: [ArticleListViewModel] = []
    private(set) var nextUnread: [(ArticleID, ArticleFilter)] = []
    func display(_ viewModel: ArticleListViewModel) { viewModels.append(viewModel) }
    func displayNextUnread(_ id: ArticleID, within filter: ArticleFilter) { nextUnread.append((id, filter)) }
}

/// An article screen that keeps every view model and link it is given.
actor ArticleDetailDisplaySpy: ArticleDetailDisplayLogic {
    private(set) var viewModels: [ArticleDetailViewModel] = []
    private(set) var links: [String] = []
    func display(_ viewModel: ArticleDetailViewModel) { viewModels.append(viewModel) }
    func displayExternalLink(_ url: String) { links.append(url) }
}

/// A search screen that keeps every view model it is given.
actor SearchDisplaySpy: SearchDisplayLogic {
    private(set) var viewModels: [SearchViewModel] = []
    func display(_ viewModel: SearchViewModel) { viewModels.append(viewModel) }
}

/// The fixed "now" of presenter tests: Sunday 22 November 2026, 12:00 UTC.
let testNow = Date(timeIntervalSince1970: 1_795_348_800)
let utc = TimeZone(identifier: "UTC")!
