import Foundation
import GRDB
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// `herald_rank` must be bm25 whenever a phrase has fewer matches than it counts exactly, and a
/// close estimate above that.
@Suite("Search ranking function")
struct RankFunctionTests {
    /// 4,000 articles: "common" in every one, "frequent" in every third (1,334, above the exact
    /// count), "rare" in every hundredth, "common frequent" adjacent in every sixth; lengths vary.
    private func corpus(_ folder: TemporaryFolder) async throws -> SQLiteStore {
        let (store, feed) = try await StoreFixtures.storeWithFeed(in: folder)
        var items: [ParsedItem] = []
        for index in 0..<4_000 {
            var words = ["common"]
            if index % 3 == 0 { words.append(index % 6 == 0 ? "frequent" : "filler frequent") }
            if index % 100 == 0 { words.append("rare") }
            words += Array(repeating: "padding", count: index % 7)
            items.append(StoreFixtures.item("a\(index)", title: index % 3 == 0 ? "common title" : "other title",
                                            body: "<p>\(words.joined(separator: " "))</p>",
                                            published: StoreFixtures.epoch.addingTimeInterval(Double(index))))
        }
        try await StoreFixtures.save(items, to: feed.id, in: store)
        try await store.finishSaving()
        return store
    }

    private func scores(_ store: SQLiteStore, _ function: String, _ query: String) async throws -> [Int64: Double] {
        try await store.writer.read { db in
            var scores: [Int64: Double] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT rowid, \(function)(articles_fts, 10.0, 1.0) FROM articles_fts WHERE articles_fts MATCH ?
                """, arguments: [query]) {
                scores[row[0]] = row[1]
            }
            return scores
        }
    }

    @Test func equalsBM25BelowTheExactCount() async throws {
        let folder = try TemporaryFolder()
        let store = try await corpus(folder)
        for query in ["rare", "\"common frequent\"", "rare OR \"common frequent\"", "rare AND \"common frequent\""] {
            let ours = try await scores(store, RankFunction.name, query)
            let fts5 = try await scores(store, "bm25", query)
            #expect(!ours.isEmpty && ours.count == fts5.count, "\(query)")
            let worst = ours.map { abs($0.value - (fts5[$0.key] ?? .infinity)) }.max() ?? .infinity
            #expect(worst < 1e-9, "\(query): differs by \(worst)")
        }
    }

    @Test func estimatesCommonPhrasesCloselyAndKeepsTheOrder() async throws {
        let folder = try TemporaryFolder()
        let store = try await corpus(folder)
        // "common" (4,000 matches) and "frequent" (1,334) are above the exact count.
        for query in ["common", "frequent", "frequent AND rare", "frequent OR rare", "common AND frequent",
                      "title:common AND rare"] {
            let ours = try await scores(store, RankFunction.name, query)
            let fts5 = try await scores(store, "bm25", query)
            #expect(ours.count == fts5.count)
            let relative = ours.map { abs($0.value - fts5[$0.key]!) / max(abs(fts5[$0.key]!), 1e-9) }.max() ?? 1
            #expect(relative < 0.05, "\(query): off by \(relative)")
            let order: ([Int64: Double]) -> [Int64] = { $0.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key) }
            #expect(order(ours).prefix(20) == order(fts5).prefix(20), "\(query)")
        }
    }
}
