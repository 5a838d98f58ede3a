#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// The shared wrapper every screen reports through: it keeps the current ``ContainerState``,
/// reduces reports into it with the clock's time, and streams every change to the front end.
public actor Container: ContainerReporting {
    private let clock: any WallClock
    private var current: ContainerState
    private var observers: [Int: AsyncStream<ContainerState>.Continuation] = [:]
    private var nextObserver = 0

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

    /// Shows an indeterminate indicator.
    public func showLoading() { send(.showLoading) }
    /// Shows progress.
    public func showProgress(done: Int, total: Int, label: String) { send(.showProgress(done: done, total: total, label: label)) }
    /// Hides loading or progress.
    public func hideLoading() { send(.hideLoading) }
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
    }

    private func removeObserver(_ id: Int) {
        observers[id] = nil
    }
}
