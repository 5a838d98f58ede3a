#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a person signs in to the sync APIs (`herald serve`): a slow salted password hash, and the
/// Fever API's key when Fever is on. Never the password itself.
public struct AccountCredentials: Sendable, Hashable {
    /// The account's name (the PostgreSQL user; on SQLite, the one local account).
    public var name: String
    /// The password's hash in PHC string form (`$scrypt$ln=…,r=…,p=…$salt$hash`).
    public var passwordHash: String
    /// md5("name:password") in lowercase hex, which is what Fever clients send; `nil` when Fever is off.
    public var feverKey: String?
    /// When the password was last set.
    public var updatedAt: Date

    /// Creates credentials.
    public init(name: String, passwordHash: String, feverKey: String?, updatedAt: Date) {
        self.name = name
        self.passwordHash = passwordHash
        self.feverKey = feverKey
        self.updatedAt = updatedAt
    }
}

/// A revocable API token as stored: its public id and its digest, never the token itself.
public struct APITokenRecord: Sendable, Hashable {
    /// The short public identifier `herald user token --revoke` takes.
    public var id: String
    /// The account it signs in as.
    public var account: String
    /// SHA-256 of the token, lowercase hex.
    public var digest: String
    /// What the person called it ("phone", "newsboat").
    public var label: String
    /// When it was made.
    public var createdAt: Date

    /// Creates a record.
    public init(id: String, account: String, digest: String, label: String, createdAt: Date) {
        self.id = id
        self.account = account
        self.digest = digest
        self.label = label
        self.createdAt = createdAt
    }
}
