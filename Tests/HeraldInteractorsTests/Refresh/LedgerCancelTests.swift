import Foundation
import HeraldDomain
@testable import HeraldInteractors
import HeraldPorts
import Logging
import Synchronization
import Testing

/// A ledger that refuses a cancelled task's calls, as both stores do, and takes a moment to
/// begin a run (a database round trip).
private actor CancelRefusingLedger: FetchLedgering {
    private(set) var ended: [String] = []

    private func refuseIfCancelled() throws(StoreError) {
        if Task.isCancelled { throw StoreError.database(reason: "the task was cancelled") }
    }

    func beginRefreshRun(_ run: String, holder: String, now: Date) async throws(StoreError) {
        do { try await Task.sleep(for: .seconds(5)) } catch { throw StoreError.database(reason: "the task was cancelled") }
    }

    func keepRefreshRunAlive(_ run: String, now: Date) async throws(StoreError) { try refuseIfCancelled() }

    func endRefreshRun(_ run: String, now: Date) async throws(StoreError) {
        try refuseIfCancelled()
        ended.append(run)
    }

    func liveRefreshRuns(liveSince: Date) async throws(StoreError) -> [(run: String, holder: String)] {
        try refuseIfCancelled()
        return []
    }

    func requestFetch(of feed: FeedID, run: String, now: Date, window: TimeInterval,
                      liveSince: Date) async throws(StoreError) -> FetchLedgerAnswer {
        try refuseIfCancelled()
        return .granted
    }
}

/// The refresh log's lines, kept in memory, shared by the handler's copies.
private final class LogLines: Sendable {
    let value = Mutex<[String]>([])
}

/// Writes the refresh log into ``LogLines``.
private struct RecordingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.value.withLock { $0.append("\(event.level) \(event.message)") }
    }
}

@Suite("A refresh stopped at once says nothing of a failing ledger")
struct LedgerCancelTests {
    @Test("a stop while the run's ledger entry is being written: no ledger problem in the log, and the run's end is recorded")
    func stopDuringTheLedgerBegin() async throws {
        let harness = RefreshHarness()
        _ = await harness.store.seed("https://calm.example/feed")
        let ledger = CancelRefusingLedger()
        let lines = LogLines()
        let logger = Logger(label: "test", factory: { _ in RecordingLogHandler(lines: lines) })
        let interactor = RefreshInteractor(feeds: harness.store, fetcher: harness.fetcher, parser: harness.parser,
                                           clock: FixedWallClock(RefreshHarness.start), policy: harness.policy,
                                           jitter: harness.jitter, ledger: ledger, logger: logger)
        let stream = interactor.refresh(.all)
        await interactor.stopRefreshes()
        var events: [RefreshEvent] = []
        for await event in stream { events.append(event) }
        #expect(events.summary?.cancelled == true, "\(events)")
        let logged = lines.value.withLock { $0 }
        #expect(!logged.contains { $0.contains("ledger") }, "\(logged)")
        #expect(await ledger.ended.count == 1, "the end is recorded, shielded from the cancel")
    }
}
