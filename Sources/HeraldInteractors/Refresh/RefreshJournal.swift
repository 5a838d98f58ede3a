import HeraldDomain
import Logging
import Synchronization

/// The log of one refresh run, written through swift-log as its events happen: the run's start
/// and totals, each feed fetched (with how long it took), skipped and why, failed and why. Every
/// line carries the run's identifier, so `herald log` can show the last run's problems.
final class RefreshJournal: Sendable {
    private let logger: Logger
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    /// When each feed in flight began to be fetched.
    private let fetching = Mutex<[FeedID: ContinuousClock.Instant]>([:])

    /// A journal of run `run`, by `holder`, of `selection`.
    init(logger: Logger, run: String, holder: String, selection: RefreshSelection) {
        var logger = logger
        logger[metadataKey: "run"] = "\(run)"
        logger[metadataKey: "holder"] = "\(holder)"
        self.logger = logger
        self.started = clock.now
        logger.info("refresh started", metadata: ["selection": "\(Self.describe(selection))"])
    }

    /// Logs `event`.
    func record(_ event: RefreshEvent) {
        switch event {
        case .started(let total):
            logger.info("feeds selected", metadata: ["total": "\(total)"])
        case .fetching(let feed):
            let now = clock.now
            fetching.withLock { $0[feed.id] = now }
        case .notModified(let feed):
            logger.info("not modified", metadata: metadata(feed, ended: true))
        case .stored(let feed, let outcome):
            var fields = metadata(feed, ended: true)
            fields["new"] = "\(outcome.inserted)"
            fields["updated"] = "\(outcome.updated)"
            logger.info("stored", metadata: fields)
        case .moved(let feed, let target):
            var fields = metadata(feed, ended: false)
            fields["to"] = "\(target)"
            logger.notice("moved", metadata: fields)
        case .failed(let feed, let failure):
            var fields = metadata(feed, ended: true)
            fields["reason"] = "\(failure.message)"
            logger.warning("failed", metadata: fields)
        case .fullTexts(let feed, let kept, let failed):
            var fields = metadata(feed, ended: false)
            fields["kept"] = "\(kept)"
            fields["failed"] = "\(failed)"
            logger.info("full texts", metadata: fields)
        case .skipped(let feed, let reason):
            var fields = metadata(feed, ended: false)
            fields["reason"] = "\(reason.message)"
            logger.warning("skipped", metadata: fields)
        case .finished(let summary):
            let elapsed = clock.now - started
            logger.info("refresh finished", metadata: [
                "total": "\(summary.total)", "stored": "\(summary.stored)",
                "unchanged": "\(summary.notModified)", "failed": "\(summary.failed)",
                "skipped": "\(summary.skipped)", "new": "\(summary.newArticles)",
                "cancelled": "\(summary.cancelled)", "ms": "\(Self.milliseconds(elapsed))",
            ])
        }
    }

    /// Logs something wrong with the run itself rather than with one feed (a refusal of a
    /// misbehaving queue, a failing ledger).
    func problem(_ message: String, metadata: Logger.Metadata = [:]) {
        logger.error("\(message)", metadata: metadata)
    }

    private func metadata(_ feed: FeedReference, ended: Bool) -> Logger.Metadata {
        var fields: Logger.Metadata = ["feed": "\(feed.id.rawValue)", "title": "\(feed.title)"]
        if ended, let start = fetching.withLock({ $0.removeValue(forKey: feed.id) }) {
            fields["ms"] = "\(Self.milliseconds(clock.now - start))"
        }
        return fields
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    private static func describe(_ selection: RefreshSelection) -> String {
        switch selection {
        case .due: "due"
        case .all: "all"
        case .dueForEveryone: "due for everyone"
        case .feeds(let ids): "feeds " + ids.map { String($0.rawValue) }.joined(separator: ",")
        }
    }
}

/// Where a refresh's events go: the front end's stream, and the run's journal.
struct RefreshEventSink: Sendable {
    let continuation: AsyncStream<RefreshEvent>.Continuation
    let journal: RefreshJournal

    /// Logs `event` and hands it to the front end.
    func yield(_ event: RefreshEvent) {
        journal.record(event)
        continuation.yield(event)
    }

    /// Ends the stream.
    func finish() {
        continuation.finish()
    }
}
