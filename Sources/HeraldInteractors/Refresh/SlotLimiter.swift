/// An async counting semaphore keyed by name (a host, or one shared key for the global limit).
///
/// A waiter that is cancelled stops waiting at once and is told so; a released slot goes straight
/// to the longest waiter of the same key. Keys are independent: waiting for one never blocks another.
actor SlotLimiter {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let limit: Int
    private var inUse: [String: Int] = [:]
    private var waiters: [String: [Waiter]] = [:]
    private var nextWaiterID = 0

    /// Creates a limiter allowing `limit` holders per key.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Waits for a slot of `key`.
    /// - Returns: `true` when the slot is held (release it with ``release(_:)``), `false` when the
    ///   task was cancelled first (nothing to release).
    func acquire(_ key: String) async -> Bool {
        if Task.isCancelled { return false }
        if inUse[key, default: 0] < limit {
            inUse[key, default: 0] += 1
            return true
        }
        let id = nextWaiterID
        nextWaiterID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    waiters[key, default: []].append(Waiter(id: id, continuation: continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id, key: key) }
        }
    }

    /// Gives a slot of `key` back, handing it to the longest waiter if any.
    func release(_ key: String) {
        if var queue = waiters[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiters[key] = queue.isEmpty ? nil : queue
            next.continuation.resume(returning: true)
            return
        }
        let remaining = inUse[key, default: 1] - 1
        inUse[key] = remaining > 0 ? remaining : nil
    }

    private func cancelWaiter(_ id: Int, key: String) {
        guard var queue = waiters[key], let index = queue.firstIndex(where: { $0.id == id }) else { return }
        let waiter = queue.remove(at: index)
        waiters[key] = queue.isEmpty ? nil : queue
        waiter.continuation.resume(returning: false)
    }
}
