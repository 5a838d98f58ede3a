import HeraldDomain

/// Why an account operation or a sign-in failed; each case says what the person can do.
public enum AccountError: Error, Sendable, Hashable {
    /// The store failed.
    case store(StoreError)
    /// The password is too short.
    case weakPassword(minimumLength: Int)
    /// The name, password, token or key does not match an account (which one is never said).
    case wrongCredentials
    /// Too many failed sign-ins from this address or for this account; try again after the delay.
    case throttled(retryAfterSeconds: Int)
    /// The account has no password yet, so it cannot have tokens.
    case noPassword(String)

    /// What went wrong and what to do, as one sentence.
    public var message: String {
        switch self {
        case .store(let error):
            error.message
        case .weakPassword(let minimum):
            "The password is too short: use at least \(minimum) characters (a few words are easy to remember)."
        case .wrongCredentials:
            "The name and password (or the token) do not match an account."
        case .throttled(let seconds):
            "Too many failed sign-ins; try again in \(seconds) seconds."
        case .noPassword(let name):
            "\(name) has no password yet; set one first with `herald user password \(name)`."
        }
    }
}
