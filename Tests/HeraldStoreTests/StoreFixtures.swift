import Foundation
import HeraldDomain
import HeraldTestSupport
@testable import HeraldStore

/// A folder under the system temporary directory, removed when released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var databasePath: String { url.appendingPathComponent("herald.db").path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The store fixtures that need this target's store type.
extension StoreFixtures {
    /// A file store in a temporary folder with one feed.
    static func storeWithFeed(in folder: TemporaryFolder, url: String = "https://news.example.org/feed.xml",
                              tags: [String] = []) async throws -> (SQLiteStore, Feed) {
        let store = try SQLiteStore(path: folder.databasePath)
        let (feed, _) = try await store.addFeed(NewFeed(url: url, tags: tags), at: epoch)
        return (store, feed)
    }

    /// Saves items into a feed with an empty fetch state.
    @discardableResult
    static func save(_ items: [ParsedItem], to feed: FeedID, in store: SQLiteStore, at date: Date = epoch)
        async throws -> StoreOutcome {
        try await store.saveFetchedFeed(self.feed(items), fetchState: FetchState(lastSuccessAt: date), for: feed, at: date)
    }
}
