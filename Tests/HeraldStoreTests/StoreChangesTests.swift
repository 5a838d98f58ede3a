import Foundation
import HeraldDomain
import Testing
@testable import HeraldStore

/// The store's change observation: what a screen needs to update live.
@Suite("Store changes")
struct StoreChangesTests {
    /// Collects the first change a stream reports that satisfies `condition`, or `nil` after `timeout`.
    private func firstChange(in stream: AsyncStream<StoreChanges>, within timeout: Duration,
                             where condition: @escaping @Sendable (StoreChanges) -> Bool) async -> StoreChanges? {
        await withTaskGroup(of: StoreChanges?.self) { group in
            group.addTask {
                for await change in stream where condition(change) { return change }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test("storing articles reports articles and counts; marking read reports articles; adding a feed reports feeds")
    func ownCommits() async throws {
        let folder = try TemporaryFolder()
        let (store, feed) = try await StoreFixtures.storeWithFeed(in: folder)
        let saved = store.changes()
        try await StoreFixtures.save([StoreFixtures.item("a", title: "A")], to: feed.id, in: store)
        #expect(await firstChange(in: saved, within: .seconds(5)) { $0.contains(.articles) } != nil)

        let counted = store.changes()
        try await StoreFixtures.save([StoreFixtures.item("b", title: "B")], to: feed.id, in: store)
        #expect(await firstChange(in: counted, within: .seconds(5)) { $0.contains(.counts) } != nil)

        let marked = store.changes()
        let ids = try await store.articles(ArticlePageRequest(limit: 10)).articles.map(\.id)
        try await store.setRead(true, for: ids)
        #expect(await firstChange(in: marked, within: .seconds(5)) { $0.contains(.articles) } != nil)

        let subscribed = store.changes()
        _ = try await store.addFeed(NewFeed(url: "https://other.example.org/rss"), at: StoreFixtures.epoch)
        #expect(await firstChange(in: subscribed, within: .seconds(5)) { $0.contains(.feeds) } != nil)
    }

    @Test("a commit by another connection to the same file (another herald process) is reported within seconds")
    func otherConnectionsCommits() async throws {
        let folder = try TemporaryFolder()
        let (reader, feed) = try await StoreFixtures.storeWithFeed(in: folder)
        let other = try SQLiteStore(path: folder.databasePath)
        let stream = reader.changes()
        // Let the observation read its first data_version before the other connection commits.
        try await Task.sleep(for: .milliseconds(300))
        try await StoreFixtures.save([StoreFixtures.item("x", title: "From cron")], to: feed.id, in: other)
        let change = await firstChange(in: stream, within: SQLiteStore.externalChangeInterval * 4) { $0 == .all }
        #expect(change == .all)
        #expect(try await reader.articles(ArticlePageRequest(limit: 10)).articles.map(\.title) == ["From cron"])
    }

    @Test("with no commits anywhere, nothing is reported")
    func quietStore() async throws {
        let folder = try TemporaryFolder()
        let (store, _) = try await StoreFixtures.storeWithFeed(in: folder)
        let stream = store.changes()
        #expect(await firstChange(in: stream, within: SQLiteStore.externalChangeInterval * 2) { _ in true } == nil)
    }
}
