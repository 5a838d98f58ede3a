#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the shared wrapper shows over every screen, as a value changed only by ``reduce(_:now:)``.
public struct ContainerState: Sendable, Hashable {
    /// Each source's indicator, oldest first; a source that hides its indicator leaves the list.
    public private(set) var activities: [SourcedActivity] = []
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

    /// The one indicator a front end draws: the newest progress if any source reports progress
    /// (a refresh keeps its bar while a screen loads), else loading if any source loads, else idle.
    public var activity: Activity {
        if let progress = activities.last(where: { $0.activity.fraction != nil }) { return progress.activity }
        return activities.isEmpty ? .idle : .loading
    }

    /// When the next notice expires, if any is shown.
    public var nextExpiry: Date? { notices.map(\.expiresAt).min() }

    /// Applies an action at `now` (notice expiry is measured from it).
    public mutating func reduce(_ action: ContainerAction, now: Date) {
        // A notice expiring more than two lifetimes from now was timed by a clock that was ahead (the
        // clock jumped back more than a lifetime): it would otherwise stay up for the length of the jump.
        notices.removeAll { $0.expiresAt <= now || $0.expiresAt.timeIntervalSince(now) > 2 * noticeLifetime }
        switch action {
        case .showLoading(let source):
            if activities.contains(where: { $0.source == source && $0.activity.fraction != nil }) { return }
            set(.loading, for: source)
        case let .showProgress(source, done, total, label):
            set(.progress(done: min(max(done, 0), max(total, 0)), total: max(total, 0), label: label), for: source)
        case .hideLoading(let source):
            activities.removeAll { $0.source == source }
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

    private mutating func set(_ activity: Activity, for source: ActivitySource) {
        if let index = activities.firstIndex(where: { $0.source == source }) {
            activities[index].activity = activity
        } else {
            activities.append(SourcedActivity(source: source, activity: activity))
        }
    }

    private mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}

/// The changes a ``ContainerState`` accepts.
public enum ContainerAction: Sendable {
    /// A source shows an indeterminate indicator (ignored while that source shows progress).
    case showLoading(ActivitySource)
    /// A source shows progress.
    case showProgress(ActivitySource, done: Int, total: Int, label: String)
    /// A source hides its loading or progress; other sources' indicators stay.
    case hideLoading(ActivitySource)
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
