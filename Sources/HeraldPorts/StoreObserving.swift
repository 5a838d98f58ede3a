#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Reports committed changes to the store as they happen, so a screen shows the articles a
/// refresh adds and the counts a mark changes without being asked to reload.
public protocol StoreObserving: Sendable {
    /// A stream of the changes committed from now on (by any task of this process); it ends when
    /// the consumer stops reading. Several commits in a row may arrive as one merged value.
    func changes() -> AsyncStream<StoreChanges>
}
