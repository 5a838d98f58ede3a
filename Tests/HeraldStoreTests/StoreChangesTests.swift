import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// The SQLite store hears other processes' commits (the shared behaviour: Tests/HeraldStoreBackendTests).
@Suite("Store changes")
struct StoreChangesTests {
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
}
