import Foundation
import HeraldDomain
import HeraldPostgres
import HeraldStore
import HeraldPorts

/// Reads at the benchmark's size on both stores, through the same ports the screens use:
/// list pages (first, unread, one feed, deep keyset page) and searches, p50 and p99 of 40 runs.
enum ScaleReads {
    struct Query: Sendable {
        let label: String
        let run: @Sendable (any ArticleStoring & ArticleSearching) async throws -> Void
    }

    static func measure(postgres url: String, user: String, sqlite path: String?, articles: Int) async {
        print("")
        print("Reads at \(articles) articles (p50 / p99 of 40 runs, after 3 warm-ups):")
        let postgres: PostgresStore
        do {
            postgres = try await PostgresStore.open(url: url, user: user, maximumConnections: 2)
        } catch {
            print("cannot open the PostgreSQL store: \(error.message)")
            return
        }
        let sqlite = path.flatMap { try? SQLiteStore(path: $0) }
        let pgQueries = await queries(for: postgres)
        var sqliteQueries: [Query]?
        if let sqlite { sqliteQueries = await queries(for: sqlite) }
        print("| query | PostgreSQL | SQLite |")
        print("|---|---|---|")
        for (index, query) in pgQueries.enumerated() {
            let pg = await time(query, on: postgres)
            var other = "not run"
            if let sqlite, let sqliteQueries { other = await time(sqliteQueries[index], on: sqlite) }
            print("| \(query.label) | \(pg) | \(other) |")
        }
        await postgres.close()
    }

    /// The queries, with the feed and deep cursor of this store found first.
    private static func queries(for store: any ArticleStoring & ArticleSearching & FeedStoring) async -> [Query] {
        let feed = (try? await store.articles(ArticlePageRequest(filter: ArticleFilter(), limit: 1)))?.articles.first?.feedID
        var cursor: PageCursor?
        for _ in 0..<200 {
            cursor = (try? await store.articles(ArticlePageRequest(filter: ArticleFilter(), limit: 50, after: cursor)))?.next
        }
        let deep = cursor
        return [
            Query(label: "all, first page (50)") { _ = try await $0.articles(ArticlePageRequest(filter: ArticleFilter(), limit: 50)) },
            Query(label: "unread, first page") { _ = try await $0.articles(ArticlePageRequest(filter: ArticleFilter(unreadOnly: true), limit: 50)) },
            Query(label: "one feed, first page") { store in
                if let feed { _ = try await store.articles(ArticlePageRequest(filter: ArticleFilter(scope: .feed(feed)), limit: 50)) }
            },
            Query(label: "all, keyset page 201 (10,000 deep)") { _ = try await $0.articles(ArticlePageRequest(filter: ArticleFilter(), limit: 50, after: deep)) },
            Query(label: "search `government` (common word)") { _ = try await $0.search(SearchRequest(query: "government", limit: 20)) },
            Query(label: "search `title:harvest drought`") { _ = try await $0.search(SearchRequest(query: "title:harvest drought", limit: 20)) },
            Query(label: "search `\"court ruling\"` (phrase)") { _ = try await $0.search(SearchRequest(query: "\"court ruling\"", limit: 20)) },
            Query(label: "search `desk 4242` (rare)") { _ = try await $0.search(SearchRequest(query: "desk 4242", limit: 20)) },
        ]
    }

    private static func time(_ query: Query, on store: any ArticleStoring & ArticleSearching) async -> String {
        var samples: [Double] = []
        for run in 0..<43 {
            let start = ContinuousClock.now
            do { try await query.run(store) } catch { return "failed: \(error)" }
            if run >= 3 { samples.append(ScaleBenchmark.seconds(since: start) * 1000) }
        }
        samples.sort()
        let p50 = samples[samples.count / 2]
        let p99 = samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))]
        return String(format: "%.2f / %.2f ms", p50, p99)
    }
}
