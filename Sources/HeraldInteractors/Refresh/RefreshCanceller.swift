/// Cancels a refresh from outside the task that consumes its events, so that the consumer still
/// reads the final ``RefreshEvent/finished(_:)`` with `cancelled: true` (a front end's Ctrl-C
/// handler calls ``cancel()`` and keeps reading). Cancelling the consuming task instead ends the
/// stream at once; the work stops the same way but no further event can be read.
public actor RefreshCanceller {
    private var isCancelled = false
    private var tasks: [Task<Void, Never>] = []

    /// Creates a canceller that has not fired.
    public init() {}

    /// Stops the attached refreshes: no new fetch starts, in-flight ones end without writing.
    public func cancel() {
        isCancelled = true
        for task in tasks { task.cancel() }
        tasks.removeAll()
    }

    /// Attaches a refresh; cancels it at once if ``cancel()`` was already called.
    func attach(_ task: Task<Void, Never>) {
        if isCancelled {
            task.cancel()
        } else {
            tasks.append(task)
        }
    }
}
