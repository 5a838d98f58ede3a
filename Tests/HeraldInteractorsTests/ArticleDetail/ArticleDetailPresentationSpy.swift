import Foundation
import HeraldDomain
import HeraldInteractors

/// Records what an article-detail interactor presents, in order.
actor ArticleDetailPresentationSpy: ArticleDetailPresentationLogic {
    enum Event: Equatable {
        case loading
        case article(ArticleDetailResponse)
        case loadFailure(String)
        case externalLink(String)
        case notice(Notice)
        case actionFailure(String)
    }

    private(set) var events: [Event] = []
    private(set) var retries: [@Sendable () async -> Void] = []

    func presentLoading() { events.append(.loading) }
    func presentArticle(_ response: ArticleDetailResponse) { events.append(.article(response)) }
    func presentLoadFailure(_ message: String) { events.append(.loadFailure(message)) }
    func presentExternalLink(_ url: String) { events.append(.externalLink(url)) }
    func presentNotice(_ notice: Notice) { events.append(.notice(notice)) }
    func presentActionFailure(_ failure: ActionFailure) {
        events.append(.actionFailure(failure.message))
        if let retry = failure.retry { retries.append(retry) }
    }

    /// The last article presented.
    var lastArticle: ArticleDetailResponse? {
        for event in events.reversed() { if case .article(let response) = event { return response } }
        return nil
    }
}
