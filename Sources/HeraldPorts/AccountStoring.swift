import HeraldDomain

/// The sign-in credentials of the people a store serves (the sync APIs' accounts).
///
/// A SQLite store serves one person: it holds at most one account, and setting the credentials of
/// another name replaces it (with its tokens). A PostgreSQL store holds one per user, and refuses
/// a name that is not a user.
public protocol AccountStoring: Sendable {
    /// The credentials of `name`; `nil` when no password was set for that name.
    func credentials(of name: String) async throws(StoreError) -> AccountCredentials?
    /// The name of the only account, when the store holds exactly one (always so on SQLite once a
    /// password was set); `nil` otherwise.
    func onlyAccountName() async throws(StoreError) -> String?
    /// Sets (or replaces) an account's password hash and Fever key.
    /// - Throws: ``StoreError/unknownUser(_:)`` on PostgreSQL for a name that is not a user.
    func setCredentials(_ credentials: AccountCredentials) async throws(StoreError)
    /// The account whose password hash has this Fever key, if any.
    func account(forFeverKey key: String) async throws(StoreError) -> String?
    /// Stores a new token.
    /// - Throws: ``StoreError/unknownUser(_:)`` when its account has no password yet.
    func addToken(_ token: APITokenRecord) async throws(StoreError)
    /// The tokens of an account, oldest first.
    func tokens(of name: String) async throws(StoreError) -> [APITokenRecord]
    /// The token with this digest, if any.
    func token(withDigest digest: String) async throws(StoreError) -> APITokenRecord?
    /// Deletes a token of an account. - Returns: False when it has no token with that id.
    func revokeToken(id: String, of name: String) async throws(StoreError) -> Bool
}
