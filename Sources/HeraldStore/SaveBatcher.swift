import GRDB
import HeraldDomain
import Synchronization

/// Group commit for ``SQLiteStore/saveFetchedFeed(_:fetchState:for:at:)``: saves that wait for the
/// single writer at the same time go into one transaction, each inside its own savepoint, so one
/// feed's failure undoes only that feed. A commit writes every page the transaction changed to the
/// WAL, and a feed's save shares most of its upper B-tree pages (indexes, counters, the feeds table)
/// with the others: one commit for several feeds writes those pages once, and pays the commit's
/// fixed cost once. A save that finds the writer idle is committed alone, as before.
///
/// Every call still returns only once its feed is committed (or failed), with its own outcome or
/// error; a failed commit fails every save of its transaction. A save whose task is cancelled before
/// its work has run is not written (it throws `CancellationError`); once run, it is committed with
/// its transaction.
final class SaveBatcher: Sendable {
    /// One feed's save: the work to run inside the transaction, and its caller.
    typealias Work = @Sendable (Database) throws -> StoreOutcome

    private struct Job: Sendable {
        let work: Work
        let continuation: CheckedContinuation<StoreOutcome, any Error>
        let cancellation: CancellationFlag

        /// Ends the call with `CancellationError` when its task was cancelled; true then.
        func endIfCancelled() -> Bool {
            guard cancellation.isSet else { return false }
            continuation.resume(throwing: CancellationError())
            return true
        }
    }

    /// Set by the cancellation handler of a waiting save.
    private final class CancellationFlag: Sendable {
        private let flag = Atomic<Bool>(false)
        var isSet: Bool { flag.load(ordering: .acquiring) }
        func set() { flag.store(true, ordering: .releasing) }
    }

    private struct State: Sendable {
        var jobs: [Job] = []
        var isDraining = false
    }

    /// The most saves one transaction takes (a transaction's dirty pages stay in memory until it commits).
    static let maximumBatch = 16

    private let writer: any DatabaseWriter
    private let state = Mutex(State())

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `work` in a write transaction, alone or with other saves that wait at the same time.
    /// - Throws: What `work` threw (its savepoint was rolled back), or the transaction's error.
    func save(_ work: @escaping Work) async throws -> StoreOutcome {
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let startsDraining = state.withLock { state in
                    state.jobs.append(Job(work: work, continuation: continuation, cancellation: cancellation))
                    guard !state.isDraining else { return false }
                    state.isDraining = true
                    return true
                }
                if startsDraining {
                    Task { await self.drain() }
                }
            }
        } onCancel: {
            cancellation.set()
        }
    }

    /// Commits the waiting saves, a batch at a time, until none waits.
    private func drain() async {
        while true {
            let batch = state.withLock { state -> [Job] in
                let batch = Array(state.jobs.prefix(Self.maximumBatch))
                state.jobs.removeFirst(batch.count)
                if batch.isEmpty { state.isDraining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            await commit(batch)
        }
    }

    private func commit(_ waiting: [Job]) async {
        let batch = waiting.filter { !$0.endIfCancelled() }
        guard !batch.isEmpty else { return }
        if batch.count == 1 {
            // Alone: the transaction is the feed's (no savepoint); its failure rolls it back.
            let job = batch[0]
            do {
                let outcome = try await writer.write { db in
                    if job.cancellation.isSet { throw CancellationError() }
                    return try job.work(db)
                }
                job.continuation.resume(returning: outcome)
            } catch {
                job.continuation.resume(throwing: error)
            }
            return
        }
        let results: [Result<StoreOutcome, any Error>]
        do {
            results = try await writer.write { db in
                var results: [Result<StoreOutcome, any Error>] = []
                for job in batch {
                    if job.cancellation.isSet {
                        results.append(.failure(CancellationError()))
                        continue
                    }
                    do {
                        var outcome = StoreOutcome(inserted: 0, updated: 0, unchanged: 0)
                        try db.inSavepoint {
                            outcome = try job.work(db)
                            return .commit
                        }
                        results.append(.success(outcome))
                    } catch {
                        // SQLite rolls a whole transaction back by itself after some errors (a full
                        // disk, an I/O error): then nothing of this batch can be committed.
                        guard db.isInsideTransaction else { throw error }
                        results.append(.failure(error))
                    }
                }
                return results
            }
        } catch {
            for job in batch { job.continuation.resume(throwing: error) }
            return
        }
        for (job, result) in zip(batch, results) {
            job.continuation.resume(with: result)
        }
    }
}
