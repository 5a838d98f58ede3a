import Foundation
import HeraldDomain
import HeraldFetching
import HeraldInteractors
import HeraldParsing
import HeraldStore

/// One timed refresh through the real pipeline: `RefreshInteractor` over `HTTPFeedFetcher`,
/// `LibXMLFeedParser` and `SQLiteStore`, read event by event until `.finished`.
struct RefreshBenchmarkPipeline {
    /// What one refresh did and how long it took.
    struct Run: Sendable {
        /// Wall-clock seconds from `refresh(.all)` to `.finished`.
        var seconds: Double
        /// The summary of the `.finished` event.
        var summary: RefreshSummary
        /// The per-feed events seen.
        var events = EventCounts()
        /// What the server answered during the refresh.
        var server = RefreshBenchmarkServerTally.Snapshot()
        /// The most fetches in flight at once.
        var inFlight = RefreshBenchmarkInFlight.Peaks()
    }

    /// Counts of the per-feed events of one refresh.
    struct EventCounts: Sendable {
        var fetching = 0
        var stored = 0
        var notModified = 0
        var failed = 0
        var moved = 0
        var newArticles = 0
        /// The first failure's message, to show why a run is invalid.
        var firstFailure: String?
    }

    let store: SQLiteStore
    let policy: RefreshPolicy
    let tally: RefreshBenchmarkServerTally

    /// Refreshes every subscribed feed with a new fetcher (a new connection pool, as a new
    /// `herald refresh` process would have), shut down afterwards and outside the timing.
    func refreshAll() async -> Run {
        let fetcher = HTTPFeedFetcher()
        let counted = RefreshBenchmarkInFlight(fetcher)
        let interactor = RefreshInteractor(feeds: store, fetcher: counted, parser: LibXMLFeedParser(),
                                           clock: SystemWallClock(), policy: policy)
        let before = tally.snapshot
        var events = EventCounts()
        var summary: RefreshSummary?
        let start = ContinuousClock.now
        for await event in interactor.refresh(.all) {
            switch event {
            case .started: break
            case .fetching: events.fetching += 1
            case .notModified: events.notModified += 1
            case .stored(_, let outcome):
                events.stored += 1
                events.newArticles += outcome.inserted
            case .moved: events.moved += 1
            case .fullTexts: break
            case .skipped(let feed, let reason):
                events.failed += 1
                if events.firstFailure == nil { events.firstFailure = "\(feed.title): skipped, \(reason.message)" }
            case .failed(let feed, let failure):
                events.failed += 1
                if events.firstFailure == nil { events.firstFailure = "\(feed.title): \(failure)" }
            case .finished(let result): summary = result
            }
        }
        let seconds = RefreshBenchmarkReport.seconds(ContinuousClock.now - start)
        await fetcher.shutdown()
        let empty = RefreshSummary(total: 0, stored: 0, notModified: 0, failed: 0, newArticles: 0, cancelled: true)
        return Run(seconds: seconds, summary: summary ?? empty, events: events, server: tally.snapshot.since(before),
                   inFlight: counted.peaks)
    }

    /// Why a cold refresh of `feeds` feeds of `items` items is not a valid measurement, or `nil`.
    static func coldProblem(_ run: Run, feeds: Int, items: Int) -> String? {
        let summary = run.summary
        if summary.cancelled || summary.total != feeds || summary.stored != feeds || summary.failed != 0 {
            return "cold refresh summary \(summary) (first failure: \(run.events.firstFailure ?? "none"))"
        }
        if summary.newArticles != feeds * items || run.events.newArticles != feeds * items {
            return "cold refresh stored \(summary.newArticles) new articles, expected \(feeds * items)"
        }
        if run.events.stored != feeds || run.server.full != feeds || run.server.notModified != 0 {
            return "cold refresh: \(run.events.stored) stored events, server sent \(run.server.full) bodies "
                + "and \(run.server.notModified) 304s for \(feeds) feeds"
        }
        return nil
    }

    /// Why a warm refresh of `feeds` feeds is not a valid measurement (all 304s), or `nil`.
    static func warmProblem(_ run: Run, feeds: Int) -> String? {
        let summary = run.summary
        if summary.cancelled || summary.total != feeds || summary.notModified != feeds || summary.failed != 0 {
            return "warm refresh summary \(summary) (first failure: \(run.events.firstFailure ?? "none"))"
        }
        if run.events.notModified != feeds || run.server.notModified != feeds || run.server.full != 0 {
            return "warm refresh: \(run.events.notModified) not-modified events, server sent "
                + "\(run.server.notModified) 304s and \(run.server.full) bodies for \(feeds) feeds"
        }
        return nil
    }
}
