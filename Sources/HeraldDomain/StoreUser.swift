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
