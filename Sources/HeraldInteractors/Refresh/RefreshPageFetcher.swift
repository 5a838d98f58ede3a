#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// Fetches what a refreshed feed links to (an article's page, the feed's icon) with the feeds'
/// politeness: a slot of the address's host and a work slot of the refresh (taken host first, as
/// feeds take them, so the two never wait on each other), the process's per-host rate cap, and
/// the fetcher's limits; non-public addresses on another host than the feed's are refused unless
/// full text may reach them (`full-text-private-addresses`).
struct RefreshPageFetcher: Sendable {
    let fetcher: any FeedFetching
    let policy: RefreshPolicy
    let hostSlots: SlotLimiter
    let workSlots: SlotLimiter
    let politeness: PolitenessGuard

    /// Fetches `url`, then hands the result to `use` while still holding the work slot (the host's
    /// slot is free again, so the host's next request need not wait for `use`).
    /// - Returns: What `use` returned; nil, without a request, when the refresh was cancelled or
    ///   the rate cap refused the host.
    func fetch<Value: Sendable>(_ url: String, linkedFrom feedURL: String,
                                then use: (Result<FetchResponse, FetchError>) -> Value) async -> Value? {
        let host = HostKey.of(url)
        guard await hostSlots.acquire(host) else { return nil }
        guard await workSlots.acquire(FeedRefresher.workKey) else {
            await hostSlots.release(host)
            return nil
        }
        guard await politeness.permitPage(on: host) else {
            await hostSlots.release(host)
            await workSlots.release(FeedRefresher.workKey)
            return nil
        }
        let fetched: Result<FetchResponse, FetchError>
        do {
            let refuses = PageAddressRule.refusesPrivateAddresses(page: url, feedURL: feedURL,
                                                                   allowed: policy.fullTextAllowsPrivateAddresses)
            fetched = .success(try await fetcher.fetch(FetchRequest(url: url, refusesPrivateAddresses: refuses)))
        } catch {
            fetched = .failure(error)
        }
        await hostSlots.release(host)
        let value = use(fetched)
        await workSlots.release(FeedRefresher.workKey)
        return value
    }
}
