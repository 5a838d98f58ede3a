import HeraldDomain
import HeraldPorts

extension InMemoryStore: StoreObserving {
    /// The changes a test announces with ``announce(_:)`` from now on.
    public nonisolated func changes() -> AsyncStream<StoreChanges> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChanges.self, bufferingPolicy: .unbounded)
        Task { await self.addObserver(continuation) }
        return stream
    }

    /// Tells every observer that `changes` were committed (a test does this after it changes the
    /// store behind a module's back, as a refresh in another task would).
    public func announce(_ changes: StoreChanges) {
        for observer in observers { observer.yield(changes) }
    }

    /// Waits until `count` observers listen (the stream registers them asynchronously).
    public func waitForObservers(_ count: Int) async {
        while observers.count < count { await Task.yield() }
    }

    private func addObserver(_ continuation: AsyncStream<StoreChanges>.Continuation) {
        observers.append(continuation)
    }
}
