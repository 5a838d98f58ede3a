import Foundation
import Herald
import HeraldTestSupport
import Synchronization
import Testing

/// Ignores the feeds screen's states.
private actor QuietFeedsScreen: FeedsDisplayLogic {
    func display(_ viewModel: FeedsViewModel) {}
}

@Suite("Podcast downloads, end to end: real database file, real HTTP servers on 127.0.0.1, real files")
struct DownloadEndToEndTests {
    /// A podcast feed whose episodes are on `media`.
    static func podcast(_ media: LocalHTTPServer, episodes: [String], title: String = "Harbour Radio") -> String {
        let items = episodes.enumerated().map { index, name in
            """
            <item><title>Episode \(name)</title><guid>\(name)</guid>
            <pubDate>\(FullTextEndToEndTests.rfc822(Date().addingTimeInterval(TimeInterval(-index * 3600))))</pubDate>
            <enclosure url="\(media.url("/media/\(name).mp3"))" type="audio/mpeg" length="\(Self.episode(name).count)"/>
            </item>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>\(title)</title><link>https://radio.example/</link>
            \(items)
            </channel></rss>
            """
    }

    /// An episode's bytes: 200 KB that differ by name.
    static func episode(_ name: String, version: UInt8 = 0) -> [UInt8] {
        let seed = UInt8(truncatingIfNeeded: name.utf8.reduce(0) { $0 &+ Int($1) }) &+ version
        return (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) ^ seed }
    }

    /// A fresh folder with a config file, and an engine on a database in it.
    static func open(_ directory: String, config: String) async throws -> Herald {
        try FileManager.default.createDirectory(atPath: directory + "/config/herald", withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: directory + "/config/herald/config"))
        return try await Herald.open(databasePath: directory + "/herald.db",
                                     environment: ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"])
    }

    static func temporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "herald-downloads-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    static func bytes(at path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map(Array.init)
    }

    @Test("""
        Given three queued episodes on one host, download-parallel 3 and download-per-host 2, when the queue runs, \
        then each file lands whole in the feed's folder, at most two transfers reach the host at once, every entry \
        is marked downloaded, and the article screen says so
        """)
    func queueDownloadsInParallelWithinThePerHostLimit() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let site = try await LocalHTTPServer.start()
        let media = try await LocalHTTPServer.start()
        let names = ["one", "two", "three"]
        site.route("/podcast.xml", .feed(Self.podcast(media, episodes: names)))
        media.route(prefix: "/media/") { request in
            let name = String(request.path.dropFirst("/media/".count).dropLast(4))
            return CannedResponse.ranged(Self.episode(name), for: request, etag: "\"\(name)\"")
                .trickled(chunkSize: 20_000, every: .milliseconds(25))
        }
        let herald = try await Self.open(directory, config: """
            download-path = \(directory)/pods
            download-parallel = 3
            download-per-host = 2
            """)
        await herald.feedsScreen(display: QuietFeedsScreen()).feedAdded(url: site.url("/podcast.xml"), title: nil, tags: [])
        let articles = try await herald.syncIDs(ArticleIDRequest())
        #expect(articles.count == 3)
        for article in articles { try await herald.queueDownloads(of: article) }
        #expect(try herald.downloads().map(\.state) == [.queued, .queued, .queued])

        let started = Mutex(0)
        let summary = try await herald.runDownloads { event in
            if case .started = event { started.withLock { $0 += 1 } }
        }
        #expect(summary.finished == 3 && summary.failed == 0)
        #expect(summary.bytesReceived == 600_000)
        #expect(started.withLock { $0 } == 3)
        for name in names {
            #expect(Self.bytes(at: "\(directory)/pods/Harbour Radio/\(name).mp3") == Self.episode(name), "\(name)")
            #expect(!FileManager.default.fileExists(atPath: "\(directory)/pods/Harbour Radio/\(name).mp3.part"))
        }
        #expect(media.peakConcurrentConnections <= 2, "download-per-host = 2")
        #expect(media.peakConcurrentConnections == 2, "three downloads at once share the host's two slots")
        #expect(names.allSatisfy { media.requestCount(for: "/media/\($0).mp3") == 1 })
        let entries = try herald.downloads()
        #expect(entries.allSatisfy { if case .finished = $0.state { true } else { false } })

        // Every front end's article screen marks the downloaded file.
        let capture = DetailCapture()
        await herald.articleScreen(articles[0], display: capture).viewAppeared()
        guard case .loaded(let content) = await capture.viewModel else {
            Issue.record("the article did not load")
            return
        }
        #expect(content.enclosures.count == 1)
        #expect(content.enclosures[0].contains("downloaded to \(directory)/pods/Harbour Radio/"), "\(content.enclosures)")

        // A second run has nothing to do and asks nothing.
        let again = try await herald.runDownloads()
        #expect(again.finished == 0 && again.failed == 0)
        #expect(media.totalRequestCount == 3)
        await herald.shutdown()
        try await site.shutdown()
        try await media.shutdown()
    }

    @Test("""
        Given a transfer cut short by the server, when the queue runs again, then it resumes with Range and If-Range \
        from the bytes on disk and the file is whole; and when the file changed on the server meanwhile, then it \
        starts again from the first byte
        """)
    func cutTransfersResume() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let site = try await LocalHTTPServer.start()
        let media = try await LocalHTTPServer.start()
        site.route("/podcast.xml", .feed(Self.podcast(media, episodes: ["long", "changed"])))
        let versions = Mutex<[String: UInt8]>([:])
        let served = Mutex<[String: Int]>([:])
        media.route(prefix: "/media/") { request in
            let name = String(request.path.dropFirst("/media/".count).dropLast(4))
            let count = served.withLock { $0[name, default: 0] += 1; return $0[name]! }
            let version = versions.withLock { $0[name, default: 0] }
            let response = CannedResponse.ranged(Self.episode(name, version: version), for: request, etag: "\"\(name)-\(version)\"")
            return count == 1 ? response.truncated(after: 80_000) : response
        }
        let herald = try await Self.open(directory, config: "download-path = \(directory)/pods\n")
        await herald.feedsScreen(display: QuietFeedsScreen()).feedAdded(url: site.url("/podcast.xml"), title: nil, tags: [])
        for article in try await herald.syncIDs(ArticleIDRequest()) { try await herald.queueDownloads(of: article) }

        let first = try await herald.runDownloads()
        #expect(first.finished == 0 && first.failed == 2)
        let cut = try herald.downloads()
        #expect(cut.allSatisfy { $0.state == .queued }, "a dropped connection stays queued for a resume")
        // The server sent 80,000 bytes before closing; the client may see the close before the
        // last of them: the queue holds what is on disk, and the resume starts there.
        #expect(cut.allSatisfy { (1...80_000).contains($0.bytesWritten) && $0.validator != nil }, "\(cut)")
        #expect(cut.allSatisfy { Self.bytes(at: $0.partialPath)?.count == Int($0.bytesWritten) })
        let onDisk = try #require(cut.first { $0.title == "Episode long" }).bytesWritten

        versions.withLock { $0["changed"] = 1 }
        let second = try await herald.runDownloads()
        #expect(second.finished == 2 && second.failed == 0)
        let long = media.lastRequest(for: "/media/long.mp3")
        #expect(long?.header("Range") == "bytes=\(onDisk)-")
        #expect(long?.header("If-Range") == "\"long-0\"")
        #expect(Self.bytes(at: "\(directory)/pods/Harbour Radio/long.mp3") == Self.episode("long"))
        #expect(Self.bytes(at: "\(directory)/pods/Harbour Radio/changed.mp3") == Self.episode("changed", version: 1),
                "If-Range did not match: the server sent the whole new file")
        #expect(second.bytesReceived == 200_000 - onDisk + 200_000)
        await herald.shutdown()
        try await site.shutdown()
        try await media.shutdown()
    }

    @Test("""
        Given a feed that queues its new episodes, when a refresh brings one new episode, then only it is queued, \
        an episode the user removed is not queued again, a 404 episode is marked failed with a reason while the \
        others finish, and a second run at once is refused
        """)
    func automaticQueueFailuresAndOneRunAtATime() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let site = try await LocalHTTPServer.start()
        let media = try await LocalHTTPServer.start()
        site.route("/podcast.xml", .feed(Self.podcast(media, episodes: ["old"])))
        media.route(prefix: "/media/") { request in
            let name = String(request.path.dropFirst("/media/".count).dropLast(4))
            if name == "gone" { return .error(404) }
            return CannedResponse.ranged(Self.episode(name), for: request, etag: "\"\(name)\"")
                .trickled(chunkSize: 50_000, every: .milliseconds(100))
        }
        let herald = try await Self.open(directory, config: "download-path = \(directory)/pods\n")
        await herald.feedsScreen(display: QuietFeedsScreen()).feedAdded(url: site.url("/podcast.xml"), title: nil, tags: [])
        let feed = try #require(try await herald.feeds().first)
        try await herald.setQueuesEpisodes(true, forFeed: feed.id)
        #expect(try await herald.feeds().first?.settings.queuesEpisodes == true)
        #expect(try await herald.queueNewEpisodes().isEmpty, "the back catalogue is not queued")

        site.route("/podcast.xml", .feed(Self.podcast(media, episodes: ["new", "gone", "old"])))
        for await _ in herald.refresh(.all) {}
        let queued = try await herald.queueNewEpisodes()
        #expect(Set(queued.map(\.title)) == ["Episode new", "Episode gone"])
        #expect(try await herald.queueNewEpisodes().isEmpty, "nothing twice")

        // One run at a time: a second one while the first downloads is refused.
        let running = Task { try await herald.runDownloads() }
        try await Task.sleep(for: .milliseconds(150))
        await #expect(throws: HeraldError.self) { try await herald.runDownloads() }
        let summary = try await running.value
        #expect(summary.finished == 1 && summary.failed == 1)
        let gone = try #require(try herald.downloads().first { $0.title == "Episode gone" })
        guard case .failed(let reason) = gone.state else {
            Issue.record("the 404 episode is not marked failed: \(gone.state)")
            return
        }
        #expect(reason.contains("404"))
        #expect(media.requestCount(for: "/media/gone.mp3") == 1)
        _ = try await herald.runDownloads()
        #expect(media.requestCount(for: "/media/gone.mp3") == 1, "a failed entry waits for --retry")
        _ = try await herald.runDownloads(retryingFailed: true)
        #expect(media.requestCount(for: "/media/gone.mp3") == 2)

        #expect(try herald.removeDownloads(.url(gone.url)) == 1)
        site.route("/podcast.xml", .feed(Self.podcast(media, episodes: ["newer", "new", "gone", "old"])))
        for await _ in herald.refresh(.all) {}
        #expect(try await herald.queueNewEpisodes().map(\.title) == ["Episode newer"], "the removed episode stays removed")
        await herald.shutdown()
        try await site.shutdown()
        try await media.shutdown()
    }
}

/// Keeps the article screen's last state.
private actor DetailCapture: ArticleDetailDisplayLogic {
    var viewModel: ArticleDetailViewModel = .loading
    func display(_ viewModel: ArticleDetailViewModel) { self.viewModel = viewModel }
    func displayExternalLink(_ url: String) {}
}
