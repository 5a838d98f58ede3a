import Foundation
import GRDB
import HeraldDomain

extension SQLiteStore {
    /// Stores a fetched feed in one transaction: its title and site link, its items (new ones
    /// inserted, changed ones updated with read/starred/tags kept, unchanged ones not rewritten)
    /// and the new fetch state. Items that dropped out of the feed stay. New articles wait to be
    /// indexed until ``finishSaving()`` or until ``indexingBatch`` of them wait.
    public func saveFetchedFeed(_ parsed: ParsedFeed, fetchState: FetchState, for id: FeedID, at date: Date)
        async throws(StoreError) -> StoreOutcome {
        let batch = indexingBatch
        let items = parsed.items.map(ItemFields.init)
        return try await write { db in
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
}
