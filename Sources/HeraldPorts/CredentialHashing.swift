import HeraldDomain

/// The cryptography of accounts: slow salted password hashes, token digests, random tokens and the
/// Fever key. Implemented with swift-crypto; interactors never see an algorithm.
public protocol CredentialHashing: Sendable {
    /// A new salted slow hash of `password`, in PHC string form. Slow on purpose: an implementation
    /// runs it off the caller's executor, so a server's other requests go on meanwhile.
    func hashPassword(_ password: String) async -> String
    /// Whether `password` matches `hash` (compared in constant time); false for a malformed hash.
    func verifyPassword(_ password: String, against hash: String) async -> Bool
    /// SHA-256 of a token, lowercase hex: what a store keeps of a token.
    func tokenDigest(_ token: String) -> String
    /// A new random token (32 bytes, URL-safe base64, no padding).
    func newToken() -> String
    /// A new short random identifier (for a token's public id).
    func newIdentifier() -> String
    /// md5("name:password") in lowercase hex: the Fever API's key, by that protocol's design.
    func feverKey(name: String, password: String) -> String
    /// Compares two strings in time that depends only on their lengths.
    func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool
}
