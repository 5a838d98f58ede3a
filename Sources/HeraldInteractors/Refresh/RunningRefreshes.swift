import Synchronization

/// The refreshes a ``RefreshInteractor`` has started and not finished, so that
/// ``RefreshInteractor/cancelRefreshes()`` and ``RefreshInteractor/stopRefreshes()`` can stop them
/// while their streams are still read.
///
/// A refresh is recorded synchronously, before its stream is handed out: a stop that comes right
/// after the refresh started (an engine shut down at once) cannot miss it, as it could when the
/// record was made by a task of its own.
final class RunningRefreshes: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    /// Records a refresh's task; it is dropped once it ends.
    func add(_ task: Task<Void, Never>) {
        tasks.withLock { $0.append(task) }
        Task { [weak self] in
            _ = await task.value
            self?.forget(task)
        }
    }

    /// Cancels every recorded refresh; each stays recorded until it has ended, so that a
    /// ``stopAll()`` that follows (the engine shutting down just after a cancel) still waits for it.
    func cancelAll() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }

    /// Cancels every recorded refresh and waits until each has ended: its claims released, its
    /// last save and its stream's `finished` done.
    func stopAll() async {
        let stopping = takeAll()
        for task in stopping { task.cancel() }
        for task in stopping { await task.value }
    }

    private func takeAll() -> [Task<Void, Never>] {
        tasks.withLock { tasks in
            let taken = tasks
            tasks.removeAll()
            return taken
        }
    }

    private func forget(_ task: Task<Void, Never>) {
        tasks.withLock { $0.removeAll { $0 == task } }
    }
}
