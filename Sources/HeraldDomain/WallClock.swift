#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The current date, injected so that tests can fix time.
/// (Named to stay clear of the standard library's `Clock`.)
public protocol WallClock: Sendable {
    /// The current date.
    func now() -> Date
}

/// The real wall clock.
public struct SystemWallClock: WallClock {
    /// Creates the system clock.
    public init() {}
    /// The current date.
    public func now() -> Date { Date() }
}

/// A clock that always answers the same date; for tests and reproducible runs.
public struct FixedWallClock: WallClock {
    /// The date it answers.
    public let date: Date
    /// Creates a fixed clock.
    public init(_ date: Date) { self.date = date }
    /// The fixed date.
    public func now() -> Date { date }
}
