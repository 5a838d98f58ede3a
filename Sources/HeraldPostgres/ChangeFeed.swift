import Foundation
import HeraldDomain
import PostgresNIO
import Synchronization

/// Hears every commit to the store's schema, by this process or any other (a worker, another
/// user's reader), through one connection that LISTENs on the schema's channel: the tables'
/// statement triggers NOTIFY it with the kind of change, and PostgreSQL delivers the notices at
/// commit. Each ``PostgresStore/changes()`` stream is one more receiver of what that connection
/// hears, so a stream sees every commit made after it was asked for.
final class ChangeFeed: Sendable {
    private let receivers = Mutex<[UUID: AsyncStream<StoreChanges>.Continuation]>([:])
    private let listener = Mutex<Task<Void, Never>?>(nil)

    private init() {}

    /// Starts listening; returns once the server has confirmed the LISTEN.
    static func start(client: PostgresClient, channel: String) async throws -> ChangeFeed {
        let feed = ChangeFeed()
        let (ready, readiness) = AsyncStream.makeStream(of: (any Error)?.self)
        let task = Task {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        readiness.yield(nil)
                        for try await notification in notifications {
                            feed.deliver(StoreChanges(rawValue: Int(notification.payload) ?? StoreChanges.all.rawValue))
                        }
                    }
                }
            } catch {
                readiness.yield(error)
            }
            readiness.finish()
            feed.finishReceivers()
        }
        feed.listener.withLock { $0 = task }
        for await outcome in ready {
            if let outcome {
                task.cancel()
                throw outcome
            }
            return feed
        }
        throw StoreError.database(reason: "listening for changes ended before it started")
    }

    /// A stream of the changes committed from now on.
    func stream() -> AsyncStream<StoreChanges> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChanges.self, bufferingPolicy: .bufferingNewest(8))
        let id = UUID()
        let running = listener.withLock { $0 != nil }
        guard running else {
            continuation.finish()
            return stream
        }
        receivers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.receivers.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// Stops listening and ends every stream.
    func stop() {
        let task = listener.withLock { task in
            defer { task = nil }
            return task
        }
        task?.cancel()
        finishReceivers()
    }

    private func deliver(_ changes: StoreChanges) {
        for continuation in receivers.withLock({ Array($0.values) }) { continuation.yield(changes) }
    }

    private func finishReceivers() {
        let all = receivers.withLock { receivers in
            defer { receivers.removeAll() }
            return Array(receivers.values)
        }
        for continuation in all { continuation.finish() }
    }
}

extension PostgresStore {
    /// The changes committed from now on, by this process or any other: one value per commit and
    /// kind of change (feeds, articles, counts), as PostgreSQL's NOTIFY delivers them. The stream
    /// keeps the newest values when its reader is behind.
    public func changes() -> AsyncStream<StoreChanges> {
        changeFeed.stream()
    }
}
