#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Feeds' icons (``FeedIcon``), and when each feed's icon was last looked for, so that a feed
/// without one is asked again only after days, not at every refresh.
public protocol FeedIconStoring: Sendable {
    /// Keeps a feed's icon, replacing an earlier one.
    func saveIcon(_ icon: FeedIcon) async throws(StoreError)
    /// Records that no icon was found for a feed at `date`; an icon kept earlier stays.
    func recordIconMissing(for feed: FeedID, at date: Date) async throws(StoreError)
    /// When each feed's icon was last looked for (found or not); feeds never looked at are absent.
    func iconCheckTimes() async throws(StoreError) -> [FeedID: Date]
    /// The icons of the feeds the store's person follows (feeds without one are absent).
    func icons() async throws(StoreError) -> [FeedIcon]
    /// The person's feeds that have an icon (without reading the images).
    func feedsWithIcons() async throws(StoreError) -> Set<FeedID>
    /// A feed's icon, if it has one.
    func icon(for feed: FeedID) async throws(StoreError) -> FeedIcon?
}
