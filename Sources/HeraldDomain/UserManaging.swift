import Foundation

/// A person with their own subscriptions and reading state in a shared database.
public struct StoreUser: Sendable, Hashable {
    /// The name given to `--user`.
    public let name: String
    /// How many feeds they subscribe to.
    public let subscriptions: Int
    /// When they were added.
    public let added: Date

    /// Creates a user summary.
    public init(name: String, subscriptions: Int, added: Date) {
        self.name = name
        self.subscriptions = subscriptions
        self.added = added
    }
}

/// Adds and lists the people who share a database (PostgreSQL). A store acts for one of them;
/// what one person subscribes to, reads, stars, tags or saves is never visible to another.
public protocol UserManaging: Sendable {
    /// The person this store acts for.
    var currentUser: String { get }
    /// Adds a person with no subscriptions.
    /// - Throws: ``StoreError/userExists(_:)`` when the name is taken.
    func addUser(_ name: String) async throws(StoreError)
    /// Every person, by name.
    func users() async throws(StoreError) -> [StoreUser]
}
