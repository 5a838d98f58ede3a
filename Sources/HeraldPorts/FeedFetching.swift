#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Fetches feed documents over HTTP(S) and from `file://` URLs.
public protocol FeedFetching: Sendable {
    /// Fetches one feed, sending the validators and following redirects.
    /// - Throws: ``FetchError`` for every failure; never another error type.
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse
}
