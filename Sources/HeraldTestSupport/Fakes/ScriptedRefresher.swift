import HeraldDomain
import HeraldPorts

/// A ``FeedRefreshing`` that replays a scripted sequence of events, for module tests.
///
/// Each refresh records its selection, runs the optional `whileRefreshing` step (to change a
/// store as a real refresh would), then yields the script and finishes.
public actor ScriptedRefresher: FeedRefreshing {
    private let script: @Sendable (RefreshSelection) -> [RefreshEvent]
    private let whileRefreshing: (@Sendable () async -> Void)?
    /// Every selection asked for, in order.
    public private(set) var selections: [RefreshSelection] = []
    /// How many times ``cancelRefreshes()`` was called.
    public private(set) var cancellations = 0
    private var tasks: [Task<Void, Never>] = []

    /// Creates a refresher that answers every selection with the same events.
    /// - Parameters:
    ///   - events: The events to stream; end them with ``RefreshEvent/finished(_:)``.
    ///   - whileRefreshing: Runs before the events are streamed, e.g. to seed new articles.
    public init(events: [RefreshEvent], whileRefreshing: (@Sendable () async -> Void)? = nil) {
        self.script = { _ in events }
        self.whileRefreshing = whileRefreshing
    }

    /// Creates a refresher whose events depend on the selection.
    public init(script: @escaping @Sendable (RefreshSelection) -> [RefreshEvent]) {
        self.script = script
        self.whileRefreshing = nil
    }

    /// Streams the scripted events for `selection`.
    public nonisolated func refresh(_ selection: RefreshSelection) -> AsyncStream<RefreshEvent> {
        AsyncStream { continuation in
            let task = Task {
                let events = await self.begin(selection)
                for event in events {
                    if Task.isCancelled { break }
                    continuation.yield(event)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
            Task { await self.track(task) }
        }
    }

    /// Stops the scripted refreshes in progress (their streams end early).
    public func cancelRefreshes() async {
        cancellations += 1
        for task in tasks { task.cancel() }
        tasks.removeAll()
    }

    private func track(_ task: Task<Void, Never>) {
        tasks.append(task)
    }

    private func begin(_ selection: RefreshSelection) async -> [RefreshEvent] {
        selections.append(selection)
        await whileRefreshing?()
        return script(selection)
    }
}
