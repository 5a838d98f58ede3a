import Foundation
import GRDB
import HeraldDomain
import Testing
@testable import HeraldStore

/// Saves that wait for the writer together share a transaction, each in its own savepoint: one
/// failing save must undo only its own rows, and every caller gets its own answer.
@Suite("Group commit of feed saves")
struct SaveBatcherTests {
    /// What one save's caller got.
    private enum Answer: Sendable {
        case stored(StoreOutcome)
        case failed(String)
    }

    @Test func savesWaitingTogetherCommitTogetherAndAFailureUndoesOnlyItsOwnRows() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { try $0.execute(sql: "CREATE TABLE rows (feed INTEGER NOT NULL, n INTEGER NOT NULL)") }
        let batcher = SaveBatcher(writer: queue)
        let transactions = TransactionCounter()
        queue.add(transactionObserver: transactions, extent: .databaseLifetime)

        // Hold the writer so that the saves below wait for it together.
        let gate = DispatchSemaphore(value: 0)
        let holder = Task { try await queue.write { _ in gate.wait() } }
        try await Task.sleep(for: .milliseconds(50))
        let results = await withTaskGroup(of: (Int, Answer).self) { group in
            for feed in 0..<6 {
                group.addTask {
                    do {
                        let outcome = try await batcher.save { db in
                            try db.execute(sql: "INSERT INTO rows VALUES (?, 1), (?, 2)", arguments: [feed, feed])
                            if feed == 3 { throw StoreError.feedNotFound(FeedID(Int64(feed))) }
                            return StoreOutcome(inserted: 2, updated: 0, unchanged: feed)
                        }
                        return (feed, .stored(outcome))
                    } catch {
                        return (feed, .failed(String(describing: error)))
                    }
                }
            }
            try? await Task.sleep(for: .milliseconds(100))
            gate.signal()
            var results: [Int: Answer] = [:]
            for await (feed, result) in group { results[feed] = result }
            return results
        }
        try await holder.value

        for feed in [0, 1, 2, 4, 5] {
            guard case .stored(let outcome)? = results[feed] else {
                Issue.record("feed \(feed) should have been stored: \(String(describing: results[feed]))")
                continue
            }
            #expect(outcome.unchanged == feed)
        }
        guard case .failed(let message)? = results[3] else {
            Issue.record("feed 3 should have failed: \(String(describing: results[3]))")
            return
        }
        #expect(message.contains("feedNotFound"))
        let stored = try await queue.read { try Int.fetchAll($0, sql: "SELECT DISTINCT feed FROM rows ORDER BY feed") }
        #expect(stored == [0, 1, 2, 4, 5])
        #expect(try await queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM rows") } == 10)
        // Six saves, at most two commits: the first save may have been taken alone before the others
        // arrived (it then waited for the holder, whose transaction changed nothing and is not
        // counted); everything that waited behind it went into one transaction.
        #expect((1...2).contains(transactions.commits), "\(transactions.commits) commits")
    }

    @Test func aSaveCancelledWhileItWaitsIsNotWritten() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { try $0.execute(sql: "CREATE TABLE rows (feed INTEGER NOT NULL)") }
        let batcher = SaveBatcher(writer: queue)
        let gate = DispatchSemaphore(value: 0)
        let holder = Task { try await queue.write { _ in gate.wait() } }
        try await Task.sleep(for: .milliseconds(50))
        let saves = (0..<4).map { feed in
            Task {
                try await batcher.save { db in
                    try db.execute(sql: "INSERT INTO rows VALUES (?)", arguments: [feed])
                    return StoreOutcome(inserted: 1, updated: 0, unchanged: 0)
                }
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        saves[2].cancel()
        gate.signal()
        try await holder.value
        for (feed, save) in saves.enumerated() {
            let result = await save.result
            if feed == 2 {
                #expect(throws: CancellationError.self) { try result.get() }
            } else {
                #expect(try result.get().inserted == 1)
            }
        }
        #expect(try await queue.read { try Int.fetchAll($0, sql: "SELECT feed FROM rows ORDER BY feed") } == [0, 1, 3])
    }

    @Test func aSaveThatFindsTheWriterIdleIsCommittedAlone() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { try $0.execute(sql: "CREATE TABLE rows (n INTEGER NOT NULL)") }
        let batcher = SaveBatcher(writer: queue)
        for n in 0..<3 {
            let outcome = try await batcher.save { db in
                try db.execute(sql: "INSERT INTO rows VALUES (?)", arguments: [n])
                return StoreOutcome(inserted: 1, updated: 0, unchanged: 0)
            }
            #expect(outcome.inserted == 1)
        }
        await #expect(throws: StoreError.self) {
            try await batcher.save { db in
                try db.execute(sql: "INSERT INTO rows VALUES (99)")
                throw StoreError.diskFull
            }
        }
        #expect(try await queue.read { try Int.fetchAll($0, sql: "SELECT n FROM rows ORDER BY n") } == [0, 1, 2])
    }
}

/// Counts the commits of transactions that changed a row.
private final class TransactionCounter: TransactionObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var changed = false

    var commits: Int { lock.withLock { count } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) { lock.withLock { changed = true } }
    func databaseDidCommit(_ db: Database) {
        lock.withLock {
            if changed { count += 1 }
            changed = false
        }
    }
    func databaseDidRollback(_ db: Database) { lock.withLock { changed = false } }
}
