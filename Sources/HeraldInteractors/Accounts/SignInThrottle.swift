#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Counts failed sign-ins per account and per client address, and refuses new attempts from either
/// once `limit` failures happened within `window` seconds, until the oldest of them leaves the
/// window. A guesser gets `limit` tries per window per account, whatever addresses they use, and
/// one address gets `limit` tries across all accounts.
///
/// An attempt is counted as a failure when it is admitted, before its credentials are checked,
/// and forgiven when it succeeds: a thousand attempts sent at once cannot all slip in before the
/// first failure is recorded.
public actor SignInThrottle {
    private let limit: Int
    private let window: Double
    private var failures: [String: [Date]] = [:]
    private var admitted = 0

    /// Creates a throttle: by default 10 failures per 15 minutes.
    public init(limit: Int = 10, window: Double = 900) {
        self.limit = max(1, limit)
        self.window = window
    }

    /// Admits an attempt for `keys`, counting it as a failure until ``succeeded(_:at:)`` says
    /// otherwise. - Returns: 0 when admitted, else the seconds to wait (nothing is counted).
    func admit(_ keys: [String], at now: Date) -> Int {
        admitted += 1
        if admitted % 1_000 == 0 { forgetOld(at: now) }
        var wait = 0.0
        for key in keys {
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
            failures[key] = recent.isEmpty ? nil : recent
            if recent.count >= limit, let oldest = recent.first {
                wait = max(wait, window - now.timeIntervalSince(oldest))
            }
        }
        if wait > 0 { return max(1, Int(wait.rounded(.up))) }
        for key in keys { failures[key, default: []].append(now) }
        return 0
    }

    /// The seconds an attempt for `keys` must wait (0: none), counting nothing: for a credential
    /// checked before it is counted (``failed(_:at:)``).
    func wait(for keys: [String], at now: Date) -> Int {
        var wait = 0.0
        for key in keys {
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
            if recent.count >= limit, let oldest = recent.first {
                wait = max(wait, window - now.timeIntervalSince(oldest))
            }
        }
        return wait > 0 ? max(1, Int(wait.rounded(.up))) : 0
    }

    /// Counts a failure of a credential checked before it was counted. - Returns: 0, or the
    /// seconds to wait when `keys` are now over the limit (the caller answers as it would to an
    /// attempt refused unchecked, so that a check's answer tells nothing once the limit is reached).
    func failed(_ keys: [String], at now: Date) -> Int {
        let wait = admit(keys, at: now)
        return wait > 0 ? wait : self.wait(for: keys, at: now)
    }

    /// Forgives an admitted attempt that succeeded, and clears `clearing` (the account that signed in).
    func succeeded(_ keys: [String], at now: Date, clearing: String) {
        for key in keys {
            guard var dates = failures[key], let index = dates.lastIndex(of: now) else { continue }
            dates.remove(at: index)
            failures[key] = dates.isEmpty ? nil : dates
        }
        failures[clearing] = nil
    }

    /// Drops keys whose failures all left the window (names tried once and never again).
    private func forgetOld(at now: Date) {
        failures = failures.filter { _, dates in dates.contains { now.timeIntervalSince($0) < window } }
    }
}
