import Foundation
import HeraldDomain
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

/// Real-shaped parsed items and feeds for the store tests.
enum StoreFixtures {
    static let epoch = Date(timeIntervalSince1970: 1_750_000_000)

    static func item(_ identity: String, title: String, body: String = "<p>Body</p>", published: Date? = epoch,
                     updated: Date? = nil, author: String? = "Ada Lovelace") -> ParsedItem {
        ParsedItem(identity: identity, id: identity, title: TextConstruct(type: .text, value: title), plainTitle: title,
                   links: [Link(href: "https://news.example.org/\(identity)", rel: "alternate")],
                   authors: author.map { [Person(name: $0)] } ?? [], published: published, updated: updated,
                   summary: nil, content: TextConstruct(type: .html, value: body),
                   categories: [Category(term: "science")])
    }

    static func feed(_ items: [ParsedItem], title: String = "Example News") -> ParsedFeed {
        ParsedFeed(format: .rss, version: "2.0", title: TextConstruct(type: .text, value: title), plainTitle: title,
                   links: [Link(href: "https://news.example.org/", rel: "alternate")], items: items)
    }

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
