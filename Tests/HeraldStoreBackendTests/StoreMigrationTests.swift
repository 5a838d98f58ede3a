import Foundation
import HeraldComposition
import HeraldDomain
import HeraldInteractors
import HeraldTestSupport
import Synchronization
import Testing
import HeraldPorts

/// A store that can also be archived and restored.
typealias ArchivingStore = AnyStore & StoreArchiving

/// A source and a destination backend of a migration.
struct BackendPair: Sendable, CustomTestStringConvertible {
    let source: Backend
    let destination: Backend

    var testDescription: String { "\(source.rawValue) → \(destination.rawValue)" }

    /// Every pair of the backends under test (SQLite → SQLite always; with PostgreSQL, both ways and PostgreSQL → PostgreSQL).
    static let all: [BackendPair] = Backend.all.flatMap { source in Backend.all.map { BackendPair(source: source, destination: $0) } }

    /// Runs `body` on a new empty store of each backend.
    func withStores(_ body: (ArchivingStore, ArchivingStore) async throws -> Void) async throws {
        try await source.withStore { sourceStore in
            try await destination.withStore { destinationStore in
                try await body(try #require(sourceStore as? any ArchivingStore),
                               try #require(destinationStore as? any ArchivingStore))
            }
        }
    }
}

@Suite("Migrating a store into another (herald migrate)")
struct StoreMigrationTests {
    @Test("Given a store with feeds, articles, state and saved searches, when it is migrated, then the destination holds the same, lists, counts and searches the same, and a second run adds nothing",
          arguments: BackendPair.all)
    func copiesEverything(_ pair: BackendPair) async throws {
        try await pair.withStores { source, destination in
            let seeded = try await MigrationFixture.fill(source)
            try await source.keepTag("Reading list")
            let icon = try #require(FeedIcon(feedID: seeded.news, data: FeedIconStoreTests.png, url: "https://news.example/favicon.ico",
                                             fetchedAt: StoreFixtures.epoch))
            try await source.saveIcon(icon)
            let progress = ProgressRecorder()
            let migration = StoreMigration(source: source, destination: destination, pageSize: 3)
            let report = try await migration.run(progress: progress.record)

            let expected = ArchiveCounts(feeds: 4, articles: 7, read: 2, starred: 2, taggedArticles: 2, savedSearches: 3)
            #expect(report.counts == expected)
            #expect(report.feeds == 4 && report.articlesAdded == 7 && report.articlesAlreadyPresent == 0 && report.savedSearches == 3)
            #expect(try await source.archiveCounts() == expected)
            #expect(try await destination.archiveCounts() == expected)
            let last = try #require(progress.values.last { $0.stage == .articles })
            #expect(last.articlesCopied == 7 && last.articlesTotal == 7)
            #expect(progress.values.map(\.stage).last == .verification)

            let feedIDs = try await MigrationComparison.expectSameContent(source, destination)
            try await MigrationComparison.expectSameViews(source, destination, feedIDs: feedIDs, seeded: seeded)
            // The tags created on their own and the icons came along, the icon under the copied feed.
            #expect(try await destination.keptTags() == ["Reading list"])
            let copiedNews = try #require(feedIDs[seeded.news])
            #expect(try await destination.icon(for: copiedNews)?.data == FeedIconStoreTests.png)

            // A second run into the same destination finds everything there and adds nothing.
            let again = try await migration.run()
            #expect(again.articlesAdded == 0 && again.articlesAlreadyPresent == 7)
            #expect(try await destination.archiveCounts() == expected)
            #expect(try await destination.savedSearches().count == 3)
            #expect(try await destination.feeds().count == 4)

            // The content hashes came along: the next refresh of a feed sees its items unchanged.
            let news = try #require(feedIDs[seeded.news])
            let outcome = try await destination.saveFetchedFeed(StoreFixtures.feed(MigrationFixture.newsItems), fetchState: FetchState(),
                                                                for: news, at: StoreFixtures.epoch)
            #expect(outcome == StoreOutcome(inserted: 0, updated: 0, unchanged: MigrationFixture.newsItems.count))
        }
    }

    @Test("Given a migration interrupted after its first page, when it is run again, then it completes without duplicates",
          arguments: BackendPair.all)
    func completesAnInterruptedCopy(_ pair: BackendPair) async throws {
        try await pair.withStores { source, destination in
            _ = try await MigrationFixture.fill(source)
            // What a run killed after its first page of articles leaves behind.
            let feedIDs = try await destination.restoreFeeds(try await source.archivedFeeds())
            let firstPage = try await source.archivedArticles(after: nil, limit: 2)
            #expect(try await destination.restoreArticles(firstPage, feedIDs: feedIDs) == 2)
            #expect(try await destination.restoreArticles(firstPage, feedIDs: feedIDs) == 0)

            let report = try await StoreMigration(source: source, destination: destination, pageSize: 4).run()
            #expect(report.articlesAdded == 5 && report.articlesAlreadyPresent == 2)
            #expect(try await destination.archiveCounts() == (try await source.archiveCounts()))
            _ = try await MigrationComparison.expectSameContent(source, destination)
        }
    }

    @Test("Given more articles than one page and one part of a page, when migrated, then every one arrives once with its state",
          arguments: BackendPair.all)
    func copiesManyPages(_ pair: BackendPair) async throws {
        try await pair.withStores { source, destination in
            for index in 0..<3 {
                let feed = try await source.addFeed(NewFeed(url: "https://bulk\(index).example.org/rss"), at: StoreFixtures.epoch).feed.id
                let items = (0..<300).map { number in
                    StoreFixtures.item("bulk\(index)-\(number)", title: "Bulk story \(number) of feed \(index)",
                                       body: "<p>Words for story \(number): café, naïve, 東京.</p>",
                                       published: StoreFixtures.epoch.addingTimeInterval(Double(number * 3 + index) * 60))
                }
                _ = try await StoreFixtures.save(items, to: feed, in: source)
                if index == 1 { _ = try await source.markAllRead(in: ArticleFilter(scope: .feed(feed))) }
            }
            let report = try await StoreMigration(source: source, destination: destination, pageSize: 700).run()
            #expect(report.counts == ArchiveCounts(feeds: 3, articles: 900, read: 300, starred: 0, taggedArticles: 0, savedSearches: 0))
            #expect(report.articlesAdded == 900)
            #expect(try await destination.statistics().unread == 600)
            #expect(try await destination.search(SearchRequest(query: "東京 naive", limit: 5)).nextOffset != nil)
            let sample = try await destination.search(SearchRequest(query: "\"story 299 of feed 2\""))
            #expect(sample.hits.map(\.article.title) == ["Bulk story 299 of feed 2"])
        }
    }

    @Test("Given a destination with a feed the source does not have, when migrating into it, then the migration refuses and writes nothing",
          arguments: BackendPair.all)
    func refusesADestinationWithOtherFeeds(_ pair: BackendPair) async throws {
        try await pair.withStores { source, destination in
            _ = try await MigrationFixture.fill(source)
            _ = try await destination.addFeed(NewFeed(url: "https://elsewhere.example.net/feed"), at: StoreFixtures.epoch)

            let error = await #expect(throws: StoreMigrationError.self) {
                try await StoreMigration(source: source, destination: destination).run()
            }
            #expect(error == .destinationHoldsOtherFeeds(urls: ["https://elsewhere.example.net/feed"]))
            #expect(error?.message.contains("https://elsewhere.example.net/feed") == true)
            #expect(try await destination.archiveCounts()
                    == ArchiveCounts(feeds: 1, articles: 0, read: 0, starred: 0, taggedArticles: 0, savedSearches: 0))
        }
    }

    @Test("Given a destination whose copy was marked unread after a first run, when the migration runs again, then it reports the read count that differs",
          arguments: BackendPair.all)
    func reportsCountsThatDiffer(_ pair: BackendPair) async throws {
        try await pair.withStores { source, destination in
            _ = try await MigrationFixture.fill(source)
            let migration = StoreMigration(source: source, destination: destination)
            _ = try await migration.run()
            let read = try await destination.articles(ArticlePageRequest(filter: ArticleFilter(scope: .all), limit: 50))
                .articles.filter(\.isRead)
            #expect(read.count == 1)
            try await destination.setRead(false, for: read.map(\.id))

            let error = await #expect(throws: StoreMigrationError.self) { try await migration.run() }
            #expect(error == .countsDiffer([StoreMigrationError.CountMismatch(kind: .read, source: 2, destination: 1)]))
            #expect(error?.message.contains("2 read articles in the store migrated from, 1 in the store migrated to") == true)
        }
    }
}

/// Collects the progress a migration reports.
final class ProgressRecorder: Sendable {
    private let recorded = Mutex<[StoreMigrationProgress]>([])

    var values: [StoreMigrationProgress] { recorded.withLock { $0 } }

    var record: @Sendable (StoreMigrationProgress) -> Void {
        { progress in self.recorded.withLock { $0.append(progress) } }
    }
}
