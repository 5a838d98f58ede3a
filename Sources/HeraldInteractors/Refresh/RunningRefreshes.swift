/// The refreshes a ``RefreshInteractor`` has started and not finished, so that
/// ``RefreshInteractor/cancelRefreshes()`` can stop them while their streams are still read.
actor RunningRefreshes {
    private var tasks: [Task<Void, Never>] = []

    /// Records a refresh's task; finished tasks are dropped on the way.
    func add(_ task: Task<Void, Never>) {
        tasks.append(task)
        Task { [weak self] in
            _ = await task.value
            await self?.forget(task)
        }
    }

    /// Cancels every recorded refresh.
    func cancelAll() {
        for task in tasks { task.cancel() }
        tasks.removeAll()
    }

    /// Cancels every recorded refresh and waits until each has ended: its claims released, its
    /// last save and its stream's `finished` done.
    func stopAll() async {
        let stopping = tasks
        cancelAll()
        for task in stopping { await task.value }
    }

    private func forget(_ task: Task<Void, Never>) {
        tasks.removeAll { $0 == task }
    }
}
