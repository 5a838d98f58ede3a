import Foundation
import HeraldDomain
import HeraldInteractors

/// Records what an article-list interactor presents, in order.
actor ArticleListPresentationSpy: ArticleListPresentationLogic {
    enum Event: Equatable {
        case loading
        case articles(ArticleListResponse)
        case loadFailure(String)
        case nextUnread(ArticleID, ArticleFilter)
        case notice(Notice)
        case actionFailure(String)
    }

    private(set) var events: [Event] = []

    func presentLoading() { events.append(.loading) }
    func presentArticles(_ response: ArticleListResponse) { events.append(.articles(response)) }
    func presentLoadFailure(_ message: String) { events.append(.loadFailure(message)) }
    func presentNextUnread(_ id: ArticleID, within filter: ArticleFilter) { events.append(.nextUnread(id, filter)) }
    func presentNotice(_ notice: Notice) { events.append(.notice(notice)) }
    func presentActionFailure(_ failure: ActionFailure) { events.append(.actionFailure(failure.message)) }

    /// The last rows presented.
    var lastResponse: ArticleListResponse? {
        for event in events.reversed() { if case .articles(let response) = event { return response } }
        return nil
    }
}
