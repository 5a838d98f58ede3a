#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the shared wrapper shows over every screen, as a value changed only by ``reduce(_:now:)``.
public struct ContainerState: Sendable, Hashable {
    /// The indicator: nothing, loading, or progress.
    public private(set) var activity: Activity = .idle
    /// Errors waiting to be seen, oldest first; the first is the alert on screen.
    public private(set) var errors: [ErrorAlert] = []
    /// Notices not yet expired, oldest first.
    public private(set) var notices: [TransientNotice] = []
    private var nextID = 1
    /// How long a notice stays, in seconds.
    public let noticeLifetime: Double
    /// How many notices are kept at once (the oldest go first).
    public let noticeLimit: Int

    /// Creates an idle state.
    public init(noticeLifetime: Double = 5, noticeLimit: Int = 3) {
        self.noticeLifetime = noticeLifetime
        self.noticeLimit = max(noticeLimit, 1)
    }

    /// The alert on screen, if any.
    public var currentError: ErrorAlert? { errors.first }

    /// Applies an action at `now` (notice expiry is measured from it).
    public mutating func reduce(_ action: ContainerAction, now: Date) {
        notices.removeAll { $0.expiresAt <= now }
        switch action {
        case .showLoading:
            if case .progress = activity { return }
            activity = .loading
        case let .showProgress(done, total, label):
            activity = .progress(done: min(max(done, 0), max(total, 0)), total: max(total, 0), label: label)
        case .hideLoading:
            activity = .idle
        case let .showError(message, retry):
            let id = takeID()
            let alert = ErrorAlert(id: id, message: message, retry: retry.map { RetryAction(id: id, run: $0) })
            if let index = errors.firstIndex(where: { $0.message == message }) {
                errors[index] = alert
            } else {
                errors.append(alert)
            }
        case .dismissError:
            if !errors.isEmpty { errors.removeFirst() }
        case .dismissNotice(let id):
            notices.removeAll { $0.id == id }
        case .showNotice(let message):
            notices.append(TransientNotice(id: takeID(), message: message, expiresAt: now.addingTimeInterval(noticeLifetime)))
            if notices.count > noticeLimit { notices.removeFirst(notices.count - noticeLimit) }
        case .tick:
            break
        }
    }

    private mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}

/// The changes a ``ContainerState`` accepts.
public enum ContainerAction: Sendable {
    /// Show an indeterminate indicator (ignored while progress is shown).
    case showLoading
    /// Show progress.
    case showProgress(done: Int, total: Int, label: String)
    /// Hide loading or progress.
    case hideLoading
    /// Queue an error; an error with the same message already queued is replaced, not repeated.
    case showError(String, retry: (@Sendable () async -> Void)?)
    /// Close the alert on screen.
    case dismissError
    /// Show a transient notice.
    case showNotice(String)
    /// Remove a notice the front end has shown (e.g. printed once on a console).
    case dismissNotice(id: Int)
    /// Only let time pass (expires notices).
    case tick
}
