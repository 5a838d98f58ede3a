/// What a sync client signs in with.
public enum SignInAttempt: Sendable, Hashable {
    /// A name and password (HTTP Basic, Google Reader's ClientLogin).
    case password(name: String, password: String)
    /// An API token (Miniflux's `X-Auth-Token`, Google Reader's `GoogleLogin auth=`).
    case token(String)
    /// The Fever API's key, md5("name:password").
    case feverKey(String)
}
