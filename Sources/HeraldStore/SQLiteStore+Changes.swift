import Foundation
import GRDB
import Synchronization
import HeraldDomain
import HeraldPorts

extension SQLiteStore: StoreObserving {
    /// How often commits by other processes (a `herald refresh` from cron while the reader is open)
    /// are looked for.
    static let externalChangeInterval: Duration = .seconds(2)

    /// The changes committed from now on: by this process, one value per commit that touched the
    /// tables a kind of change covers (GRDB's region observation, run after each commit on the
    /// writer's queue); by other processes, `.all` within ``externalChangeInterval`` of their commit
    /// (SQLite's `PRAGMA data_version` on the writer connection moves only for other connections'
    /// commits). The stream keeps the newest merged value when its reader is behind.
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
        let writer = self.writer
        let external = Task {
            var seen = try? await Self.dataVersion(of: writer)
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.externalChangeInterval)
                guard !Task.isCancelled, let now = try? await Self.dataVersion(of: writer) else { continue }
                if let before = seen, now != before { continuation.yield(.all) }
                seen = now
            }
        }
        let holder = ObservationHolder(cancellables)
        continuation.onTermination = { _ in
            external.cancel()
            holder.cancel()
        }
        return stream
    }

    /// The writer connection's `data_version`: it changes when another connection (another
    /// process) commits, never for this connection's own commits.
    private static func dataVersion(of writer: any DatabaseWriter) async throws -> Int {
        try await writer.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        }
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
