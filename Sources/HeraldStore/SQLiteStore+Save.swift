import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

extension SQLiteStore {
    /// Stores a fetched feed in one transaction: its title and site link, its items (new ones
    /// inserted, changed ones updated with read/starred/tags kept, unchanged ones not rewritten)
    /// and the new fetch state. Items that dropped out of the feed stay. New articles wait to be
    /// indexed until ``finishSaving()`` or until ``indexingBatch`` of them wait. Saves of several
    /// feeds that wait for the writer together share one transaction, each in its own savepoint
    /// (``SaveBatcher``); the call returns once its feed is committed.
    public func saveFetchedFeed(_ parsed: ParsedFeed, fetchState: FetchState, for id: FeedID, at date: Date)
        async throws(StoreError) -> StoreOutcome {
        let batch = indexingBatch
        let items = parsed.items.map(ItemFields.init)
        do {
            return try await saves.save { db in
                try Self.save(parsed, items: items, fetchState: fetchState, for: id, at: date, indexingBatch: batch, in: db)
            }
        } catch {
            throw StoreErrorMapping.map(error, path: path)
        }
    }

    private static func save(_ parsed: ParsedFeed, items: [ItemFields], fetchState: FetchState, for id: FeedID,
                             at date: Date, indexingBatch batch: Int, in db: Database) throws -> StoreOutcome {
        try db.cachedStatement(sql: """
            UPDATE feeds SET title = coalesce(?, title), site_url = coalesce(?, site_url) WHERE id = ?
            """).execute(arguments: [parsed.plainTitle ?? parsed.title.map(IndexText.of), parsed.siteURL, id.rawValue])
        if db.changesCount == 0 { throw StoreError.feedNotFound(id) }
        try FeedRows.writeFetchState(db, fetchState, for: id)
        let outcome = try ArticleUpsert(db: db, feedID: id, seenAt: date).store(items)
        if outcome.inserted > 0, try DeferredIndexing.waitingSpan(db) >= batch {
            try DeferredIndexing.indexWaitingArticles(db)
        }
        return outcome
    }
}
