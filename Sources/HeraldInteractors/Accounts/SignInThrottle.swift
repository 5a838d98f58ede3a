#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Counts failed sign-ins per account and per client address, and refuses new attempts from either
/// once `limit` failures happened within `window` seconds, until the oldest of them leaves the
/// window. A guesser gets `limit` tries per window per account, whatever addresses they use, and
/// one address gets `limit` tries across all accounts. A success clears the account's count.
public actor SignInThrottle {
    private let limit: Int
    private let window: Double
    private var failures: [String: [Date]] = [:]

    /// Creates a throttle: by default 10 failures per 15 minutes.
    public init(limit: Int = 10, window: Double = 900) {
        self.limit = max(1, limit)
        self.window = window
    }

    /// The seconds to wait before `keys` may try again; 0 when they may try now.
    func delay(for keys: [String], at now: Date) -> Int {
        var wait = 0.0
        for key in keys {
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
            failures[key] = recent.isEmpty ? nil : recent
            if recent.count >= limit, let oldest = recent.first {
                wait = max(wait, window - now.timeIntervalSince(oldest))
            }
        }
        return wait > 0 ? max(1, Int(wait.rounded(.up))) : 0
    }

    /// Records a failure for each key.
    func recordFailure(for keys: [String], at now: Date) {
        for key in keys { failures[key, default: []].append(now) }
    }

    /// Forgets the failures of a key (an account that signed in).
    func clear(_ key: String) {
        failures[key] = nil
    }
}
