import Foundation
import HeraldDomain
import HeraldStore

/// Runs fuzzed queries against one in-memory store holding a few articles.
enum SearchFuzzing {
    private static let store: SQLiteStore = {
        guard let store = try? SQLiteStore.inMemory() else { fatalError("an in-memory store must open") }
        wait {
            let feed = try await store.addFeed(NewFeed(url: "https://example.org/feed.xml"), at: Date(timeIntervalSince1970: 0)).feed
            let items = ["Swift on the server", "Rust and Swift", "日本語のニュース", "Café crème"].enumerated().map { index, title in
                ParsedItem(identity: "i\(index)", title: TextConstruct(type: .text, value: title), plainTitle: title,
                           content: TextConstruct(type: .text, value: title + " body text"))
            }
            _ = try await store.saveFetchedFeed(ParsedFeed(format: .rss, version: "2.0", items: items),
                                                fetchState: FetchState(), for: feed.id, at: Date(timeIntervalSince1970: 0))
        }
        return store
    }()

    /// Searches for `query`; a store error other than an invalid query is a finding (a crash).
    static func run(_ query: String) {
        wait {
            do {
                _ = try await store.search(SearchRequest(query: query, limit: 5))
            } catch StoreError.invalidQuery {
                // The clear refusal the user sees.
            } catch {
                fatalError("query \(query.debugDescription) failed with \(error), not as an invalid query")
            }
        }
    }

    /// Runs async work to completion from libFuzzer's synchronous callback.
    private static func wait(_ work: @escaping @Sendable () async throws -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            try? await work()
            done.signal()
        }
        done.wait()
    }
}
