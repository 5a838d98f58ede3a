import Foundation
import HeraldDomain
import HeraldInteractors

/// The fakes of one refresh test wired together, and a way to run a refresh at a given time.
struct RefreshHarness {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    let store = RefreshTestStore()
    let fetcher = RefreshTestFetcher()
    let parser = RefreshTestParser()
    var policy = RefreshPolicy(jitterStyle: .none)
    var jitter = RefreshTestJitter(value: 0.5)

    func interactor(at date: Date) -> RefreshInteractor {
        RefreshInteractor(feeds: store, fetcher: fetcher, parser: parser, clock: FixedWallClock(date),
                          policy: policy, jitter: jitter)
    }

    /// Runs a refresh to its end and returns every event.
    func run(_ selection: RefreshSelection = .all, at date: Date = start) async -> [RefreshEvent] {
        var events: [RefreshEvent] = []
        for await event in interactor(at: date).refresh(selection) {
            events.append(event)
        }
        return events
    }
}

extension [RefreshEvent] {
    /// The summary of the `.finished` event, if any.
    var summary: RefreshSummary? {
        for case .finished(let summary) in self { return summary }
        return nil
    }

    /// The failures reported, by feed.
    var failures: [FeedID: FeedFailure] {
        var result: [FeedID: FeedFailure] = [:]
        for case let .failed(reference, failure) in self { result[reference.id] = failure }
        return result
    }

    /// The feeds with a terminal event (`notModified`, `stored` or `failed`), in order.
    var finishedFeeds: [FeedID] {
        compactMap { event in
            switch event {
            case .notModified(let reference), .stored(let reference, _), .failed(let reference, _): reference.id
            default: nil
            }
        }
    }
}
