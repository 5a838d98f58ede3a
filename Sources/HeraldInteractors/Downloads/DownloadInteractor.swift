import Foundation
import HeraldDomain
import HeraldPorts

/// Podboat's job: the queue of enclosures to download, the feeds whose new episodes join it by
/// themselves, and runs that download it in parallel (the downloader keeps the per-host limit),
/// resuming partial files and marking each entry finished or failed.
public final class DownloadInteractor: Sendable {
    private let queue: any DownloadQueueStoring
    private let downloader: any EnclosureDownloading
    private let feeds: any FeedStoring
    private let articles: any ArticleStoring
    private let clock: any WallClock
    /// Where files go, how many at once, how large.
    public let policy: DownloadPolicy

    /// Creates the interactor.
    public init(queue: any DownloadQueueStoring, downloader: any EnclosureDownloading, feeds: any FeedStoring,
                articles: any ArticleStoring, clock: any WallClock, policy: DownloadPolicy) {
        self.queue = queue
        self.downloader = downloader
        self.feeds = feeds
        self.articles = articles
        self.clock = clock
        self.policy = policy
    }

    /// The queue as it is.
    public func entries() throws(DownloadError) -> [EpisodeDownload] {
        try queue.load().entries
    }

    /// The queue's entries for one article's enclosures.
    public func entries(of article: ArticleID) -> [EpisodeDownload] {
        ((try? queue.load().entries) ?? []).filter { $0.articleID == article }
    }

    /// Queues every enclosure of an article (one already queued stays as it is).
    /// - Returns: The article's entries.
    /// - Throws: ``DownloadError/noEnclosure(_:)`` when it has none.
    @discardableResult
    public func enqueue(article id: ArticleID) async throws(DownloadError) -> [EpisodeDownload] {
        let article: Article
        let feed: Feed
        do {
            article = try await articles.article(id)
            feed = try await feeds.feed(article.feedID)
        } catch {
            throw .store(error.message)
        }
        let downloadable = article.enclosures.filter {
            !$0.url.lowercased().hasPrefix("file:") || feed.url.lowercased().hasPrefix("file:")
        }
        guard !downloadable.isEmpty else { throw .noEnclosure(id) }
        let now = clock.now()
        let written = try queue.update { queue in add(article, of: feed, to: &queue, at: now) }
        return written.entries.filter { $0.articleID == id }
    }

    /// Removes entries by enclosure URL or article; their files stay on disk.
    /// - Returns: How many were removed.
    @discardableResult
    public func remove(_ selection: DownloadSelection) throws(DownloadError) -> Int {
        var removed = 0
        try queue.update { queue in
            let before = queue.entries.count
            queue.entries.removeAll { selection.matches($0) }
            removed = before - queue.entries.count
        }
        return removed
    }

    /// Turns on or off the queueing of a feed's new episodes; turning it on starts from now (the
    /// back catalogue is queued by hand, article by article).
    public func setQueuesEpisodes(_ isOn: Bool, for id: FeedID) async throws(DownloadError) {
        do {
            var settings = try await feeds.feed(id).settings
            settings.downloadsEpisodes = isOn ? true : nil
            try await feeds.setSettings(settings, for: id)
        } catch {
            throw .store(error.message)
        }
        let now = clock.now()
        try queue.update { queue in
            if isOn { queue.autoQueuedThrough[id] = now } else { queue.autoQueuedThrough[id] = nil }
        }
    }

    /// Queues the enclosures of articles stored since the last look in feeds that queue new
    /// episodes by themselves; hidden articles (a rule's `block`) are left out.
    /// - Returns: The entries added.
    @discardableResult
    public func queueNewEpisodes() async throws(DownloadError) -> [EpisodeDownload] {
        let automatic: [Feed]
        do {
            automatic = try await feeds.feeds().filter(\.settings.queuesEpisodes)
        } catch {
            throw .store(error.message)
        }
        guard !automatic.isEmpty else { return [] }
        let now = clock.now()
        let marks = try queue.load().autoQueuedThrough
        var found: [(Article, Feed)] = []
        var newMarks: [FeedID: Date] = [:]
        for feed in automatic {
            guard let since = marks[feed.id] else {
                // Turned on elsewhere (another front end's settings): start from now.
                newMarks[feed.id] = now
                continue
            }
            do {
                let ids = try await articles.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .feed(feed.id)),
                                                                         firstSeenSince: since))
                let fresh = try await articles.articles(withIDs: ids).filter { $0.firstSeenAt > since }
                for article in fresh where !article.state.isHidden && !article.enclosures.isEmpty {
                    found.append((article, feed))
                }
                newMarks[feed.id] = fresh.map(\.firstSeenAt).max() ?? since
            } catch {
                throw .store(error.message)
            }
        }
        var added: [EpisodeDownload] = []
        try queue.update { queue in
            let before = Set(queue.entries.map(\.url))
            for (article, feed) in found.sorted(by: { $0.0.firstSeenAt < $1.0.firstSeenAt }) {
                add(article, of: feed, to: &queue, at: now)
            }
            added = queue.entries.filter { !before.contains($0.url) }
            for (feed, mark) in newMarks { queue.autoQueuedThrough[feed] = max(mark, queue.autoQueuedThrough[feed] ?? mark) }
        }
        return added
    }

    /// Downloads the queued entries (and the failed ones with `retryingFailed`), `policy.parallel`
    /// at once, reporting each step; one run at a time per queue.
    /// - Throws: ``DownloadError/alreadyRunning(queuePath:)``, or a queue that cannot be read.
    public func run(retryingFailed: Bool = false,
                    events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }) async throws(DownloadError) -> DownloadRunSummary {
        let lease = try queue.beginRun()
        defer { lease.release() }
        let pending = try queue.load().entries.filter {
            switch $0.state {
            case .queued: true
            case .failed: retryingFailed
            case .finished: false
            }
        }
        let tally = DownloadTally()
        await withTaskGroup(of: Void.self) { group in
            var next = pending.makeIterator()
            for _ in 0..<policy.parallel {
                guard let entry = next.next() else { break }
                group.addTask { await self.download(entry, tally: tally, events: events) }
            }
            while await group.next() != nil {
                if Task.isCancelled { continue }
                if let entry = next.next() {
                    group.addTask { await self.download(entry, tally: tally, events: events) }
                }
            }
        }
        return await tally.summary
    }

    /// One entry downloaded, its progress and outcome written to the queue.
    private func download(_ entry: EpisodeDownload, tally: DownloadTally,
                          events: @escaping @Sendable (DownloadEvent) -> Void) async {
        let transfer = EnclosureTransfer(url: entry.url, partialPath: entry.partialPath, finalPath: entry.path,
                                         validator: entry.validator, maxBytes: policy.maxBytes,
                                         refusesPrivateAddresses: entry.refusesPrivateAddresses)
        let store = queue
        let received = ByteCounter()
        do {
            let size = try await downloader.download(transfer) { step in
                switch step {
                case let .began(from, total, validator):
                    received.start(at: from)
                    _ = try? store.update { queue in
                        guard let index = queue.entries.firstIndex(where: { $0.url == entry.url }) else { return }
                        queue.entries[index].validator = validator
                        queue.entries[index].totalBytes = total ?? queue.entries[index].totalBytes
                        queue.entries[index].bytesWritten = from
                    }
                    events(.started(entry, from: from, total: total))
                case .wrote(let written):
                    received.reach(written)
                    events(.progressed(url: entry.url, written: written))
                }
            }
            var finished = entry
            finished.state = .finished(at: clock.now())
            finished.bytesWritten = size
            finished.totalBytes = size
            do {
                try queue.update { queue in
                    guard let index = queue.entries.firstIndex(where: { $0.url == entry.url }) else { return }
                    queue.entries[index].state = finished.state
                    queue.entries[index].bytesWritten = size
                    queue.entries[index].totalBytes = size
                }
            } catch {
                // The file is whole, but the queue does not say so: the run says it failed.
                await tally.failed(bytes: received.received)
                events(.failed(finished, error))
                return
            }
            await tally.finished(bytes: received.received)
            events(.finished(finished))
        } catch {
            // An interruption or a dropped connection stays queued: the next run resumes the
            // partial file. A refusal (a status, a size, a disk) waits for `--retry`.
            let state: DownloadState
            switch error {
            case .cancelled, .transport: state = .queued
            default: state = .failed(reason: error.message)
            }
            let position = received.hasBegun ? received.position : nil
            _ = try? queue.update { queue in
                guard let index = queue.entries.firstIndex(where: { $0.url == entry.url }) else { return }
                queue.entries[index].state = state
                // Before the response began, the partial file is as the queue last knew it.
                if let position { queue.entries[index].bytesWritten = position }
            }
            await tally.failed(bytes: received.received)
            var failed = entry
            failed.state = state
            events(.failed(failed, error))
        }
    }

    /// Adds an article's enclosures not yet queued, each to a free path in its feed's folder.
    private func add(_ article: Article, of feed: Feed, to queue: inout DownloadQueue, at date: Date) {
        var taken = Set(queue.entries.map { $0.path.lowercased() })
        let folder = policy.folder + "/" + EpisodeFileName.folder(forFeedTitle: feed.displayTitle)
        // A file URL is a local file: only a feed that is itself a local file may name one.
        let feedIsLocal = feed.url.lowercased().hasPrefix("file:")
        for enclosure in article.enclosures where queue.entry(for: enclosure.url) == nil {
            if enclosure.url.lowercased().hasPrefix("file:") && !feedIsLocal { continue }
            let name = EpisodeFileName.file(for: enclosure.url, type: enclosure.type, article: article.id.description)
            // Not a name in the queue (whatever its case), nor one on disk: a removed entry's file
            // or partial file is never overwritten or continued by another episode.
            let path = EpisodeFileName.unique(name, in: folder) { taken.contains($0.lowercased()) || downloader.occupies($0) }
            taken.insert(path.lowercased())
            queue.entries.append(EpisodeDownload(
                url: enclosure.url, articleID: article.id, feedID: feed.id, feedTitle: feed.displayTitle,
                title: article.title, type: enclosure.type, path: path, totalBytes: enclosure.length, queuedAt: date,
                refusesPrivateAddresses: PageAddressRule.refusesPrivateAddresses(
                    page: enclosure.url, feedURL: feed.url, allowed: policy.allowsPrivateAddresses)))
        }
    }
}

/// Which queue entries a removal names.
public enum DownloadSelection: Sendable, Hashable {
    /// The entry of one enclosure URL.
    case url(String)
    /// Every entry of an article.
    case article(ArticleID)
    /// Every finished entry (the files stay).
    case finished

    func matches(_ entry: EpisodeDownload) -> Bool {
        switch self {
        case .url(let url): entry.url == url
        case .article(let id): entry.articleID == id
        case .finished: if case .finished = entry.state { true } else { false }
        }
    }
}

/// What a run did, added up across its parallel downloads.
private actor DownloadTally {
    private(set) var summary = DownloadRunSummary()

    func finished(bytes: Int64) {
        summary.finished += 1
        summary.bytesReceived += bytes
    }

    func failed(bytes: Int64) {
        summary.failed += 1
        summary.bytesReceived += bytes
    }
}

/// Bytes of one transfer: where it resumed and how far it got (written from the downloader's
/// progress callback, read once it returns).
private final class ByteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var start: Int64 = 0
    private var reached: Int64 = 0
    private var began = false

    func start(at offset: Int64) {
        lock.withLock {
            start = offset
            reached = offset
            began = true
        }
    }

    /// Whether the response began (the position is the partial file's).
    var hasBegun: Bool { lock.withLock { began } }

    func reach(_ position: Int64) { lock.withLock { reached = position } }

    /// Bytes received in this run.
    var received: Int64 { lock.withLock { reached - start } }
    /// Bytes on disk.
    var position: Int64 { lock.withLock { reached } }
}
