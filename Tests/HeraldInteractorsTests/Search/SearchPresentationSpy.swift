import Foundation
import HeraldDomain
import HeraldInteractors

/// Records what a search interactor presents, in order.
actor SearchPresentationSpy: SearchPresentationLogic {
    enum Event: Equatable {
        case loading
        case results(SearchResponse)
        case problem(SearchProblem)
        case notice(Notice)
        case actionFailure(String)
    }

    private(set) var events: [Event] = []

    func presentLoading() { events.append(.loading) }
    func presentResults(_ response: SearchResponse) { events.append(.results(response)) }
    func presentProblem(_ problem: SearchProblem) { events.append(.problem(problem)) }
    func presentNotice(_ notice: Notice) { events.append(.notice(notice)) }
    func presentActionFailure(_ failure: ActionFailure) { events.append(.actionFailure(failure.message)) }

    /// The last results presented.
    var lastResults: SearchResponse? {
        for event in events.reversed() { if case .results(let response) = event { return response } }
        return nil
    }
}
