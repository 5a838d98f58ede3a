#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The activity indicator.
public enum Activity: Sendable, Hashable {
    /// Nothing running.
    case idle
    /// Something loading, length unknown.
    case loading
    /// A long task: `done` of `total`, with what it is doing now.
    case progress(done: Int, total: Int, label: String)

    /// The completed fraction (0…1) for progress, `nil` otherwise.
    public var fraction: Double? {
        guard case let .progress(done, total, _) = self else { return nil }
        return total == 0 ? 0 : Double(done) / Double(total)
    }
}

/// Who reports an activity: each screen module and each long task has its own, so one screen
/// hiding its spinner never hides another's, nor a refresh's progress.
public struct ActivitySource: Sendable, Hashable {
    /// A number unique within one ``Container``.
    public let id: Int

    /// Creates a source; ``Container/makeSource()`` hands out unique ones.
    public init(id: Int) { self.id = id }
}

/// One source's indicator.
public struct SourcedActivity: Sendable, Hashable {
    /// Who reports it.
    public let source: ActivitySource
    /// What it shows.
    public var activity: Activity
}

/// A queued error shown as an alert.
public struct ErrorAlert: Sendable, Hashable, Identifiable {
    /// A stable identifier.
    public let id: Int
    /// What went wrong and what the user can do.
    public let message: String
    /// The failed action, run again by "Retry"; `nil` when retrying cannot help.
    public let retry: RetryAction?

    /// Whether the alert offers "Retry".
    public var canRetry: Bool { retry != nil }
}

/// A failed action to run again; compared by identity, not by its closure.
public struct RetryAction: Sendable, Hashable {
    /// A stable identifier.
    public let id: Int
    /// The action.
    public let run: @Sendable () async -> Void

    /// Same identifier, same action.
    public static func == (lhs: RetryAction, rhs: RetryAction) -> Bool { lhs.id == rhs.id }
    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A notice shown in passing until it expires.
public struct TransientNotice: Sendable, Hashable, Identifiable {
    /// A stable identifier.
    public let id: Int
    /// The sentence.
    public let message: String
    /// When it disappears.
    public let expiresAt: Date
}
