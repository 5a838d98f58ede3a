import Foundation
import HeraldDomain
import HeraldPorts
import HeraldTestSupport
import Synchronization
import Testing
@testable import HeraldInteractors

/// A download queue in memory, with the run lock of the real file.
private final class MemoryQueue: DownloadQueueStoring {
    let location = "memory"
    private let queue = Mutex(DownloadQueue())
    private let running = Flag()

    func load() throws(DownloadError) -> DownloadQueue { queue.withLock { $0 } }

    func update(_ change: (inout DownloadQueue) -> Void) throws(DownloadError) -> DownloadQueue {
        queue.withLock { queue in
            change(&queue)
            return queue
        }
    }

    func beginRun() throws(DownloadError) -> any DownloadRunLease {
        let taken = running.value.withLock { running in
            defer { running = true }
            return running
        }
        if taken { throw .alreadyRunning(queuePath: location) }
        return Lease(running: running)
    }

    final class Flag: Sendable {
        let value = Mutex(false)
    }

    private struct Lease: DownloadRunLease {
        let running: Flag
        func release() { running.value.withLock { $0 = false } }
    }
}

/// A downloader that answers each URL as scripted and counts transfers in flight.
private final class ScriptedDownloader: EnclosureDownloading {
    enum Outcome: Sendable { case bytes(Int64), failure(DownloadError), hang }

    private let outcomes: [String: Outcome]
    private let flight = Mutex((now: 0, peak: 0))

    init(_ outcomes: [String: Outcome], occupied: Set<String> = []) {
        self.outcomes = outcomes
        self.occupied = occupied
    }

    var peak: Int { flight.withLock { $0.peak } }

    /// Paths that hold a file already (a removed entry's, or the user's own).
    let occupied: Set<String>

    func occupies(_ path: String) -> Bool { occupied.contains(path) }

    func download(_ transfer: EnclosureTransfer,
                  progress: @escaping @Sendable (TransferProgress) -> Void) async throws(DownloadError) -> Int64 {
        flight.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
        defer { flight.withLock { $0.now -= 1 } }
        progress(.began(resumedFrom: 0, total: nil, validator: "\"v\""))
        switch outcomes[transfer.url] ?? .bytes(10) {
        case .bytes(let size):
            try? await Task.sleep(for: .milliseconds(30))
            progress(.wrote(size))
            return size
        case .failure(let error):
            throw error
        case .hang:
            progress(.wrote(5))
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(10)) }
            throw .cancelled
        }
    }
}

@Suite("The download queue's use cases, with a queue and a downloader in memory")
struct DownloadInteractorTests {
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private static func make(_ downloader: ScriptedDownloader, parallel: Int = 2)
        async -> (DownloadInteractor, InMemoryStore, MemoryQueue) {
        let store = InMemoryStore()
        let queue = MemoryQueue()
        let interactor = DownloadInteractor(queue: queue, downloader: downloader, feeds: store, articles: store,
                                            clock: FixedWallClock(now),
                                            policy: DownloadPolicy(folder: "/pods", parallel: parallel))
        return (interactor, store, queue)
    }

    @Test("File and folder names come from the URL and the title, made safe: no separator, no control character, no leading dot, no clash")
    func namesAreSafe() async throws {
        let (interactor, store, _) = await Self.make(ScriptedDownloader([:]))
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "../../etc\u{1B}[31m/Radio")
        let hostile = await store.seedArticle(in: feed.id, title: "One", published: Self.now, enclosures: [
            Enclosure(url: "https://cdn.example/a/..%2F..%2F.bashrc?x=1", type: "audio/mpeg"),
            Enclosure(url: "https://cdn.example/show/episode.mp3"),
            Enclosure(url: "https://cdn.example/", type: "audio/mp4"),
        ])
        let twin = await store.seedArticle(in: feed.id, title: "Two", published: Self.now,
                                           enclosures: [Enclosure(url: "https://mirror.example/show/episode.mp3")])
        let first = try await interactor.enqueue(article: hostile.id)
        let second = try await interactor.enqueue(article: twin.id)
        let paths = (first + second).map(\.path)
        #expect(paths == [
            "/pods/etc[31m-Radio/bashrc.mp3",
            "/pods/etc[31m-Radio/episode.mp3",
            "/pods/etc[31m-Radio/episode-\(hostile.id).m4a",
            "/pods/etc[31m-Radio/episode (2).mp3",
        ])
        for path in paths {
            let relative = path.dropFirst("/pods/".count)
            #expect(relative.split(separator: "/").count == 2
                    && !relative.split(separator: "/").contains { $0.hasPrefix(".") || $0.hasPrefix("-") })
        }
        // Queued again: nothing twice.
        #expect(try await interactor.enqueue(article: hostile.id).count == 3)
        #expect(try interactor.entries().count == 4)
    }

    @Test("""
        A name already on disk (a removed entry's file or partial file) is never reused, names are bounded in bytes \
        for the file system, and a file URL from a feed that is not a local file is never queued
        """)
    func namesAvoidFilesOnDiskAndFileURLsStayLocal() async throws {
        let (interactor, store, _) = await Self.make(ScriptedDownloader([:], occupied: ["/pods/Radio/tides.mp3"]))
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Radio")
        let article = await store.seedArticle(in: feed.id, title: "One", published: Self.now, enclosures: [
            Enclosure(url: "https://cdn.example/tides.mp3"), Enclosure(url: "file:///home/ada/.ssh/id_rsa"),
        ])
        let entries = try await interactor.enqueue(article: article.id)
        #expect(entries.map(\.path) == ["/pods/Radio/tides (2).mp3"], "the file on disk is left alone; the file URL is not queued")
        let local = await store.seedArticle(in: feed.id, title: "Local only", published: Self.now,
                                            enclosures: [Enclosure(url: "file:///etc/passwd")])
        await #expect(throws: DownloadError.noEnclosure(local.id)) { try await interactor.enqueue(article: local.id) }

        let wide = await store.seedFeed(url: "https://b.example/feed", title: String(repeating: "新聞", count: 80))
        let episode = await store.seedArticle(in: wide.id, title: "Two", published: Self.now,
                                              enclosures: [Enclosure(url: "https://cdn.example/" + String(repeating: "é", count: 300) + ".mp3")])
        let path = try #require(try await interactor.enqueue(article: episode.id).first?.path)
        let parts = path.dropFirst("/pods/".count).split(separator: "/")
        #expect(parts.count == 2 && parts.allSatisfy { $0.utf8.count <= 200 }, "\(parts.map(\.utf8.count))")
    }

    @Test("An enclosure on another host than its feed's refuses private addresses; one on the feed's host, or with the setting, does not")
    func privateAddressRule() async throws {
        let (interactor, store, _) = await Self.make(ScriptedDownloader([:]))
        let feed = await store.seedFeed(url: "http://nas.local/podcast.xml", title: "Home")
        let article = await store.seedArticle(in: feed.id, title: "One", published: Self.now, enclosures: [
            Enclosure(url: "http://nas.local/media/one.mp3"), Enclosure(url: "https://cdn.example/two.mp3"),
        ])
        let entries = try await interactor.enqueue(article: article.id)
        #expect(entries.map(\.refusesPrivateAddresses) == [false, true])

        let allowing = DownloadInteractor(queue: MemoryQueue(), downloader: ScriptedDownloader([:]), feeds: store, articles: store,
                                          clock: FixedWallClock(Self.now),
                                          policy: DownloadPolicy(folder: "/pods", allowsPrivateAddresses: true))
        #expect(try await allowing.enqueue(article: article.id).allSatisfy { !$0.refusesPrivateAddresses })
    }

    @Test("An article without enclosure cannot be queued, and says so")
    func noEnclosure() async throws {
        let (interactor, store, _) = await Self.make(ScriptedDownloader([:]))
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Blog")
        let article = await store.seedArticle(in: feed.id, title: "Text only", published: Self.now)
        await #expect(throws: DownloadError.noEnclosure(article.id)) { try await interactor.enqueue(article: article.id) }
    }

    @Test("A run keeps to download-parallel; a dropped connection stays queued for a resume, a refusal is marked failed")
    func parallelismAndOutcomes() async throws {
        let urls = (1...5).map { "https://cdn.example/\($0).mp3" }
        let downloader = ScriptedDownloader([
            urls[3]: .failure(.transport("the connection was reset")),
            urls[4]: .failure(.httpStatus(403)),
        ])
        let (interactor, store, _) = await Self.make(downloader, parallel: 2)
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Radio")
        let article = await store.seedArticle(in: feed.id, title: "Five", published: Self.now,
                                              enclosures: urls.map { Enclosure(url: $0) })
        try await interactor.enqueue(article: article.id)
        let summary = try await interactor.run()
        #expect(summary.finished == 3 && summary.failed == 2)
        #expect(downloader.peak == 2)
        let states = try interactor.entries().map(\.state)
        #expect(states[0...2].allSatisfy { $0 == .finished(at: Self.now) })
        #expect(states[3] == .queued)
        #expect(states[4] == .failed(reason: DownloadError.httpStatus(403).message))
        #expect(try interactor.entries().allSatisfy { $0.validator == "\"v\"" })
    }

    @Test("Cancelling a run (Ctrl-C) leaves the entry queued with the bytes it had, and frees the queue for the next run")
    func cancellationKeepsTheEntryQueued() async throws {
        let url = "https://cdn.example/long.mp3"
        let (interactor, store, queue) = await Self.make(ScriptedDownloader([url: .hang]))
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Radio")
        let article = await store.seedArticle(in: feed.id, title: "Long", published: Self.now,
                                              enclosures: [Enclosure(url: url)])
        try await interactor.enqueue(article: article.id)
        let run = Task { try await interactor.run() }
        try await Task.sleep(for: .milliseconds(100))
        await #expect(throws: DownloadError.alreadyRunning(queuePath: "memory")) { try await interactor.run() }
        run.cancel()
        let summary = try await run.value
        #expect(summary.failed == 1)
        let entry = try #require(try interactor.entries().first)
        #expect(entry.state == .queued && entry.bytesWritten == 5)
        try queue.beginRun().release()
    }
}
