import Foundation
import GRDB
import Synchronization
import HeraldDomain

extension SQLiteStore: StoreObserving {
    /// The changes committed by this process from now on, one value per commit that touched the
    /// tables a kind of change covers (GRDB's region observation, run after each commit on the
    /// writer's queue). The stream keeps the newest merged value when its reader is behind.
    public func changes() -> AsyncStream<StoreChanges> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChanges.self, bufferingPolicy: .bufferingNewest(8))
        let regions: [(StoreChanges, [String])] = [
            (.feeds, ["feeds", "feed_tags", "saved_searches"]),
            (.articles, ["articles", "article_tags"]),
            (.counts, ["feed_counts"]),
        ]
        var cancellables: [AnyDatabaseCancellable] = []
        for (kind, tables) in regions {
            let observation = DatabaseRegionObservation(tracking: tables.map { Table($0) })
            cancellables.append(observation.start(in: writer, onError: { _ in continuation.finish() },
                                                  onChange: { _ in continuation.yield(kind) }))
        }
        let holder = ObservationHolder(cancellables)
        continuation.onTermination = { _ in holder.cancel() }
        return stream
    }
}

/// Keeps a stream's database observations alive until the stream ends.
private final class ObservationHolder: Sendable {
    private let cancellables: Mutex<[AnyDatabaseCancellable]>

    init(_ cancellables: [AnyDatabaseCancellable]) {
        self.cancellables = Mutex(cancellables)
    }

    func cancel() {
        let all = cancellables.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
        for cancellable in all { cancellable.cancel() }
    }
}
