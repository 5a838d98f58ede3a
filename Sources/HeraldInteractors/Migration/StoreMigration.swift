import HeraldDomain
import HeraldPorts

/// Copies everything one store holds for its person into another (`herald migrate`): the feeds
/// with their subscriptions and fetch state, then the articles with their state a page at a time
/// (the next page is read while the last one is written), then the saved searches, their filters
/// pointed at the copied feeds, the tags created on their own and the feeds' icons; and verifies the copy by comparing the counts of both stores.
///
/// The destination must hold nothing for the person, or only what an earlier run of the same
/// migration put there: restoring skips what is already there (``StoreArchiving``), so a run that
/// was interrupted is completed by running it again. A destination with feeds the source does not
/// have is refused before anything is written.
public struct StoreMigration: Sendable {
    /// The store copied from; only read.
    public let source: any StoreArchiving
    /// The store copied into.
    public let destination: any StoreArchiving
    /// How many articles are read and written at a time.
    public let pageSize: Int

    /// The default ``pageSize``: large enough that each page's statements cost little per article,
    /// small enough that two pages in memory are a few megabytes.
    public static let defaultPageSize = 2_000

    /// Creates a migration between two stores.
    public init(source: any StoreArchiving, destination: any StoreArchiving, pageSize: Int = defaultPageSize) {
        self.source = source
        self.destination = destination
        self.pageSize = max(1, pageSize)
    }

    /// Copies the source into the destination and verifies the copy.
    /// - Parameter progress: Called at each stage and after each page of articles.
    /// - Returns: What was copied, and the counts both stores agree on.
    /// - Throws: ``StoreMigrationError/destinationHoldsOtherFeeds(urls:)`` before writing anything,
    ///   ``StoreMigrationError/countsDiffer(_:)`` when the copy does not match, or the failure of either store.
    public func run(progress: @escaping @Sendable (StoreMigrationProgress) -> Void = { _ in })
        async throws(StoreMigrationError) -> StoreMigrationReport {
        let source = self.source
        let destination = self.destination
        let total = try await Self.reading { () async throws(StoreError) in try await source.archiveCounts() }.articles
        progress(StoreMigrationProgress(stage: .feeds, articlesCopied: 0, articlesTotal: total))
        let feeds = try await Self.reading { () async throws(StoreError) in try await source.archivedFeeds() }
        try await refuseOtherData(besides: feeds)
        let feedIDs = try await Self.writing { () async throws(StoreError) in try await destination.restoreFeeds(feeds) }

        progress(StoreMigrationProgress(stage: .articles, articlesCopied: 0, articlesTotal: total))
        let (copied, added) = try await copyArticles(feedIDs: feedIDs, total: total, progress: progress)
        try await Self.writing { () async throws(StoreError) in try await destination.finishRestoring() }

        progress(StoreMigrationProgress(stage: .savedSearches, articlesCopied: copied, articlesTotal: total))
        let searches = try await Self.reading { () async throws(StoreError) in try await source.archivedSavedSearches() }
        _ = try await Self.writing { () async throws(StoreError) in
            try await destination.restoreSavedSearches(searches, feedIDs: feedIDs)
        }

        // The tags created on their own, and the icons found so far (the next refresh's look would
        // find them again, but not at once).
        let kept = try await Self.reading { () async throws(StoreError) in try await source.keptTags() }
        let icons = try await Self.reading { () async throws(StoreError) in try await source.icons() }
        try await Self.writing { () async throws(StoreError) in
            for tag in kept { try await destination.keepTag(tag) }
            for var icon in icons {
                guard let copied = feedIDs[icon.feedID] else { continue }
                icon.feedID = copied
                try await destination.saveIcon(icon)
            }
        }

        progress(StoreMigrationProgress(stage: .verification, articlesCopied: copied, articlesTotal: total))
        let counts = try await verify()
        return StoreMigrationReport(feeds: feeds.count, articlesAdded: added, articlesAlreadyPresent: copied - added,
                                    savedSearches: searches.count, counts: counts)
    }

    /// Compares the counts of both stores.
    /// - Returns: The counts, when they agree.
    /// - Throws: ``StoreMigrationError/countsDiffer(_:)`` naming every count that differs.
    public func verify() async throws(StoreMigrationError) -> ArchiveCounts {
        let source = self.source
        let destination = self.destination
        let expected = try await Self.reading { () async throws(StoreError) in try await source.archiveCounts() }
        let found = try await Self.writing { () async throws(StoreError) in try await destination.archiveCounts() }
        let mismatches = ArchiveCounts.Kind.allCases.filter { expected[$0] != found[$0] }.map {
            StoreMigrationError.CountMismatch(kind: $0, source: expected[$0], destination: found[$0])
        }
        guard mismatches.isEmpty else { throw .countsDiffer(mismatches) }
        return expected
    }

    /// Refuses a destination holding, for the person, feeds the source does not have.
    private func refuseOtherData(besides feeds: [Feed]) async throws(StoreMigrationError) {
        let destination = self.destination
        let present = try await Self.writing { () async throws(StoreError) in try await destination.archivedFeeds() }
        let copied = Set(feeds.map(\.url))
        let others = present.map(\.url).filter { !copied.contains($0) }.sorted()
        guard others.isEmpty else { throw .destinationHoldsOtherFeeds(urls: others) }
    }

    /// Copies the articles page by page, reading each page while the one before is written.
    /// - Returns: How many articles were copied, and how many of them were new to the destination.
    private func copyArticles(feedIDs: [FeedID: FeedID], total: Int,
                              progress: @Sendable (StoreMigrationProgress) -> Void) async throws(StoreMigrationError)
        -> (copied: Int, added: Int) {
        var copied = 0
        var added = 0
        var next: Task<Result<[ArchivedArticle], StoreError>, Never>? = read(after: nil)
        defer { next?.cancel() }
        while let reading = next {
            let page = try await reading.value.mapError(StoreMigrationError.source).get()
            guard let last = page.last else { break }
            next = page.count < pageSize ? nil : read(after: last.article.id)
            let destination = self.destination
            added += try await Self.writing { () async throws(StoreError) in
                try await destination.restoreArticles(page, feedIDs: feedIDs)
            }
            copied += page.count
            progress(StoreMigrationProgress(stage: .articles, articlesCopied: copied, articlesTotal: max(total, copied)))
        }
        return (copied, added)
    }

    /// Starts reading the page of articles after `id`.
    private func read(after id: ArticleID?) -> Task<Result<[ArchivedArticle], StoreError>, Never> {
        let source = self.source
        let limit = pageSize
        return Task {
            do throws(StoreError) {
                return .success(try await source.archivedArticles(after: id, limit: limit))
            } catch {
                return .failure(error)
            }
        }
    }

    private static func reading<T>(_ body: () async throws(StoreError) -> T) async throws(StoreMigrationError) -> T {
        do {
            return try await body()
        } catch {
            throw .source(error)
        }
    }

    private static func writing<T>(_ body: () async throws(StoreError) -> T) async throws(StoreMigrationError) -> T {
        do {
            return try await body()
        } catch {
            throw .destination(error)
        }
    }
}
