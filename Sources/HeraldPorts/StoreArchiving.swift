#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Everything a store holds for the person it acts for, read and written in bulk, so that one store
/// can be copied into another (`herald migrate`, SQLite to PostgreSQL and back).
///
/// Reading gives the archiving store's own identifiers; restoring assigns the destination's and
/// returns the map from one to the other, which the later steps take. Restoring never replaces
/// what the destination already holds for the person: a feed at a URL they already subscribe to is
/// that feed (its subscription, tags and fetch state are left as they are); an article they already
/// have in that feed, by identity, is left as it is, with their state of it; a saved search with the
/// same name, query and (remapped) filter is that saved search. So a copy interrupted part way is
/// completed by running it again, without duplicates. A destination that holds other data for the
/// person is merged into, which the counts then show; `StoreMigration` refuses one that holds
/// feeds the source does not have. The tags created on their own and the feeds' icons travel
/// through the stores' own ports (``TagStoring``, ``FeedIconStoring``).
public protocol StoreArchiving: TagStoring, FeedIconStoring {
    /// Every feed the person subscribes to, with their subscription (custom title, tags in order,
    /// hidden, settings) and the feed's whole fetch state, ordered by identifier.
    func archivedFeeds() async throws(StoreError) -> [Feed]

    /// The person's articles with identifiers greater than `after` (from the first when `nil`),
    /// at most `limit` of them, in identifier order: a keyset page, so that a large store is read
    /// without holding it in memory.
    func archivedArticles(after: ArticleID?, limit: Int) async throws(StoreError) -> [ArchivedArticle]

    /// Every saved search of the person, ordered by identifier.
    func archivedSavedSearches() async throws(StoreError) -> [SavedSearch]

    /// Subscribes the person to archived feeds, with their subscription and fetch state, in one
    /// transaction. A feed at a URL the person already subscribes to is kept as it is; a feed
    /// another person of a shared store subscribes to keeps its fetch state (it is fetched for them).
    /// - Returns: The destination's identifier of every archived feed, keyed by the archived one.
    func restoreFeeds(_ feeds: [Feed]) async throws(StoreError) -> [FeedID: FeedID]

    /// Stores a page of archived articles with the person's state (read, starred, tags), in one
    /// transaction, into the feeds `feedIDs` maps them to. An article the person already has (same
    /// feed, same identity) is skipped, so a page restored twice is stored once.
    /// - Returns: How many of the articles were new to the destination.
    /// - Throws: ``StoreError/feedNotFound(_:)`` with the archived identifier when an article's feed
    ///   is not in `feedIDs`.
    func restoreArticles(_ articles: [ArchivedArticle], feedIDs: [FeedID: FeedID]) async throws(StoreError) -> Int

    /// Does the work a store deferred while pages of articles were restored (indexing them for
    /// search). Reads are correct without it; a restore calls it after its last page.
    func finishRestoring() async throws(StoreError)

    /// Saves archived searches, their filters' feeds (and saved searches) replaced by the
    /// destination's. A saved search that already exists (same name, query and remapped filter)
    /// is kept, not duplicated. A filter on a feed the source no longer has, which matched nothing
    /// there, keeps matching nothing.
    /// - Returns: The destination's identifier of every archived saved search, keyed by the archived one.
    func restoreSavedSearches(_ searches: [SavedSearch], feedIDs: [FeedID: FeedID])
        async throws(StoreError) -> [SavedSearchID: SavedSearchID]

    /// How much the store holds for the person, counted from the stored rows, to verify a copy.
    func archiveCounts() async throws(StoreError) -> ArchiveCounts
}
