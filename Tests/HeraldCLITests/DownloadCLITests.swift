import Foundation
import HeraldTestSupport
import Synchronization
import Testing

extension CLISuite {
    /// `herald download`: podboat's job, run as a user runs it.
    @Suite("Downloading podcast episodes from the command line")
    struct DownloadCLITests {
        /// A 1 MB episode whose bytes depend on their position.
        static let episode: [UInt8] = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }

        static func podcast(_ server: LocalHTTPServer, episodes: [String]) -> String {
            let items = episodes.map { name in
                """
                <item><title>Episode \(name)</title><guid>\(name)</guid>
                <enclosure url="\(server.url("/media/\(name).mp3"))" type="audio/mpeg" length="\(episode.count)"/></item>
                """
            }.joined(separator: "\n")
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <rss version="2.0"><channel><title>Harbour Radio</title><link>https://radio.example/</link>
                \(items)</channel></rss>
                """
        }

        /// Waits until the partial file holds some bytes.
        static func waitForPartialFile(_ path: String, timeout: Duration = .seconds(20)) async throws -> Bool {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                if size > 0 { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return false
        }

        @Test("""
            Given a queued episode, when `herald download` is stopped by Ctrl-C and then killed with -9 mid-transfer, \
            then each next run resumes the partial file with a Range request, the finished file is whole, and \
            `download list --json` says downloaded
            """)
        func interruptedDownloadsResume() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/podcast.xml", .feed(Self.podcast(server, episodes: ["tides"])))
                let slow = Mutex(true)
                server.route(prefix: "/media/") { request in
                    let response = CannedResponse.ranged(Self.episode, for: request, etag: "\"tides-1\"")
                    return slow.withLock { $0 } ? response.trickled(chunkSize: 20_000, every: .milliseconds(100)) : response
                }
                let added = try await sandbox.herald(db: "add", server.url("/podcast.xml"))
                #expect(added.succeeded, "\(added.summary)")
                let id = try #require(try await sandbox.listed().first?.id)
                let queued = try await sandbox.herald(["download", "add", String(id), "--db", sandbox.database])
                #expect(queued.succeeded, "\(queued.summary)")
                let final = sandbox.path("home/Podcasts/Harbour Radio/tides.mp3")
                #expect(queued.stdout.contains("queued: Episode tides → \(final)"), "\(queued.summary)")

                // Ctrl-C: a clean stop that keeps the partial file and the entry queued.
                let first = try sandbox.start(["download", "--db", sandbox.database])
                #expect(try await Self.waitForPartialFile(final + ".part"))
                first.send(SIGINT)
                let stopped = await first.finish(timeout: .seconds(10))
                #expect(stopped.exitedNormally && stopped.status == 130, "\(stopped.summary)")
                #expect(stopped.stderr.contains("Downloads stopped; `herald download` resumes them."), "\(stopped.summary)")
                let afterInterrupt = (try? FileManager.default.attributesOfItem(atPath: final + ".part")[.size] as? Int) ?? 0
                #expect(afterInterrupt > 0)

                // kill -9: nothing runs at the end, the bytes on disk are still the start of the file.
                let second = try sandbox.start(["download", "--db", sandbox.database])
                let deadline = ContinuousClock.now + .seconds(20)
                while ((try? FileManager.default.attributesOfItem(atPath: final + ".part")[.size] as? Int) ?? 0) <= afterInterrupt,
                      ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(server.lastRequest(for: "/media/tides.mp3")?.header("Range") == "bytes=\(afterInterrupt)-")
                second.send(SIGKILL)
                _ = await second.finish(timeout: .seconds(10))
                let partial = try #require(FileManager.default.contents(atPath: final + ".part"))
                #expect(partial.count > afterInterrupt)
                #expect(Array(partial) == Array(Self.episode.prefix(partial.count)), "the partial file is the start of the episode")

                slow.withLock { $0 = false }
                let third = try await sandbox.herald(db: "download")
                #expect(third.succeeded, "\(third.summary)")
                #expect(third.stdout.contains("Downloaded 1 file"), "\(third.summary)")
                #expect(third.stderr.contains("(resuming at "), "a pipe gets one line per start: \(third.summary)")
                #expect(server.lastRequest(for: "/media/tides.mp3")?.header("Range") == "bytes=\(partial.count)-")
                #expect(FileManager.default.contents(atPath: final).map(Array.init) == Self.episode)
                #expect(!FileManager.default.fileExists(atPath: final + ".part"))
                #expect(server.requestCount(for: "/media/tides.mp3") == 3, "one request per run")

                let listed = try await sandbox.herald(["download", "list", "--json", "--db", sandbox.database])
                let entries = try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]]
                #expect(entries?.count == 1)
                #expect(entries?.first?["state"] as? String == "downloaded")
                #expect(entries?.first?["bytesWritten"] as? Int == Self.episode.count)
                #expect(entries?.first?["path"] as? String == final)

                let shown = try await sandbox.herald(db: "show", String(id))
                #expect(shown.stdout.contains("downloaded to \(final)"), "\(shown.summary)")
            }
        }

        @Test("On a terminal, each file in flight has its own progress bar, redrawn in place; they are cleared when the run ends")
        func progressBarsOnATerminal() async throws {
            if let reason = TmuxTerminal.unavailableReason {
                print("Skipping the download progress bars' test: \(reason)")
                return
            }
            let sandbox = try Sandbox()
            try sandbox.write(Data("download-parallel = 2\ndownload-per-host = 2\n".utf8), to: "config/herald/config")
            try await withServer { (server) async throws in
                server.route("/podcast.xml", .feed(Self.podcast(server, episodes: ["tides", "knots"])))
                server.route(prefix: "/media/") { request in
                    CannedResponse.ranged(Self.episode, for: request, etag: "\"e\"")
                        .trickled(chunkSize: 25_000, every: .milliseconds(60))
                }
                #expect(try await sandbox.herald(db: "add", server.url("/podcast.xml")).succeeded)
                for row in try await sandbox.listed() {
                    #expect(try await sandbox.herald(["download", "add", String(row.id), "--db", sandbox.database]).succeeded)
                }
                var environment = sandbox.environment
                environment.removeValue(forKey: "COLUMNS")
                let terminal = try TmuxTerminal(environment: environment, width: 100, height: 20)
                try terminal.type("'\(Locations.herald.path)' download --db '\(sandbox.database)'")
                let bars = try await terminal.waitFor(.seconds(30)) { screen in
                    let lines = screen.split(separator: "\n").filter { $0.hasPrefix("[") && $0.contains("%") }
                    return lines.contains { $0.contains("tides.mp3") } && lines.contains { $0.contains("knots.mp3") }
                }
                #expect(bars != nil, "two bars at once: \(terminal.last)")
                let done = try await terminal.waitFor("Downloaded 2 files", timeout: .seconds(60))
                #expect(done != nil, "the run ended: \(terminal.last)")
                let screen = terminal.last
                #expect(!screen.split(separator: "\n").contains { $0.hasPrefix("[") && $0.contains("%") },
                        "no bar is left behind: \(screen)")
                #expect(screen.contains("Done: ") && screen.contains("tides.mp3") && screen.contains("knots.mp3"))
            }
        }

        @Test("""
            Given `herald download auto FEED on`, when a refresh brings a new episode, then refresh says it queued it \
            and `herald download` fetches only it; a failing episode fails the command with its reason
            """)
        func automaticEpisodesAndFailures() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/podcast.xml", .feed(Self.podcast(server, episodes: ["old"])))
                server.route(prefix: "/media/") { request in
                    request.path == "/media/broken.mp3" ? .error(403)
                        : CannedResponse.ranged(Self.episode, for: request, etag: "\"e\"")
                }
                #expect(try await sandbox.herald(db: "add", server.url("/podcast.xml")).succeeded)
                let auto = try await sandbox.herald(["download", "auto", "Harbour Radio", "on", "--db", sandbox.database])
                #expect(auto.succeeded && auto.stdout.contains("will join the download queue"), "\(auto.summary)")

                server.route("/podcast.xml", .feed(Self.podcast(server, episodes: ["new", "old"])))
                let refresh = try await sandbox.herald(db: "refresh", "--all")
                #expect(refresh.stdout.contains("Queued 1 new episode for `herald download`."), "\(refresh.summary)")
                let run = try await sandbox.herald(db: "download")
                #expect(run.succeeded, "\(run.summary)")
                #expect(server.requestCount(for: "/media/new.mp3") == 1)
                #expect(server.requestCount(for: "/media/old.mp3") == 0, "the back catalogue is queued by hand")

                server.route("/podcast.xml", .feed(Self.podcast(server, episodes: ["broken", "new", "old"])))
                #expect(try await sandbox.herald(db: "refresh", "--all").succeeded)
                let failing = try await sandbox.herald(db: "download")
                #expect(!failing.succeeded)
                #expect(failing.stderr.contains("Failed: Episode broken: The server answered HTTP 403."), "\(failing.summary)")
                let listed = try await sandbox.herald(["download", "list", "--db", sandbox.database])
                #expect(listed.stdout.contains("failed"), "\(listed.summary)")
                let removed = try await sandbox.herald(["download", "remove", "--finished", "--db", sandbox.database])
                #expect(removed.stdout.contains("Removed 1 entry"), "\(removed.summary)")
            }
        }
    }
}
