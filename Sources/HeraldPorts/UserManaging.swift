#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

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
