#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import Synchronization

/// The shared wrapper every screen reports through: it keeps the current ``ContainerState``,
/// reduces reports into it with the clock's time, and streams every change to the front end.
public actor Container: ContainerReporting {
    private let clock: any WallClock
    private var current: ContainerState
    private var observers: [Int: AsyncStream<ContainerState>.Continuation] = [:]
    private var nextObserver = 0
    private var expiryTimer: Task<Void, Never>?
    private let sourceCounter = Atomic<Int>(1)

    /// Creates an idle container.
    /// - Parameters:
    ///   - clock: The time notices expire by.
    ///   - noticeLifetime: How long a notice stays, in seconds.
    public init(clock: any WallClock, noticeLifetime: Double = 5) {
        self.clock = clock
        self.current = ContainerState(noticeLifetime: noticeLifetime)
    }

    /// The state now (expired notices removed).
    public var state: ContainerState {
        current.reduce(.tick, now: clock.now())
        return current
    }

    /// The state now, then each later state. A slow reader gets the newest state (intermediate
    /// ones may be skipped), which is all a screen needs to redraw.
    public func changes() -> AsyncStream<ContainerState> {
        let (stream, continuation) = AsyncStream.makeStream(of: ContainerState.self, bufferingPolicy: .bufferingNewest(1))
        let id = nextObserver
        nextObserver += 1
        observers[id] = continuation
        continuation.yield(state)
        continuation.onTermination = { _ in Task { await self.removeObserver(id) } }
        return stream
    }

    /// A new source of loading and progress (one per screen module, one per long task).
    public nonisolated func makeSource() -> ActivitySource {
        ActivitySource(id: sourceCounter.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    /// Shows an indeterminate indicator for a source.
    public func showLoading(from source: ActivitySource) { send(.showLoading(source)) }
    /// Shows a source's progress.
    public func showProgress(done: Int, total: Int, label: String, from source: ActivitySource) {
        send(.showProgress(source, done: done, total: total, label: label))
    }
    /// Hides a source's loading or progress.
    public func hideLoading(from source: ActivitySource) { send(.hideLoading(source)) }
    /// Queues an error as an alert with an optional retry.
    public func showError(_ message: String, retry: (@Sendable () async -> Void)?) { send(.showError(message, retry: retry)) }
    /// Shows a transient notice.
    public func showNotice(_ message: String) { send(.showNotice(message)) }

    /// Closes the alert on screen without retrying.
    public func dismissError() { send(.dismissError) }

    /// Removes a notice the front end has shown.
    public func dismissNotice(_ id: Int) { send(.dismissNotice(id: id)) }

    /// Closes the alert on screen and runs its retry (a retry that fails again queues a new alert).
    public func retryCurrentError() async {
        guard let retry = current.currentError?.retry else { return }
        send(.dismissError)
        await retry.run()
    }

    private func send(_ action: ContainerAction) {
        current.reduce(action, now: clock.now())
        for observer in observers.values { observer.yield(current) }
        scheduleExpiry()
    }

    /// Sleeps until the next notice expires, then emits the state without it, so a front end
    /// that only redraws on changes sees the notice go.
    private func scheduleExpiry() {
        expiryTimer?.cancel()
        expiryTimer = nil
        guard let expiry = current.nextExpiry else { return }
        let delay = max(expiry.timeIntervalSince(clock.now()), 0)
        expiryTimer = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int64(delay * 1000) + 5))
            guard !Task.isCancelled else { return }
            await self?.expireNotices()
        }
    }

    private func expireNotices() {
        let before = current.notices.count
        current.reduce(.tick, now: clock.now())
        if current.notices.count != before {
            for observer in observers.values { observer.yield(current) }
        }
        scheduleExpiry()
    }

    private func removeObserver(_ id: Int) {
        observers[id] = nil
    }
}
