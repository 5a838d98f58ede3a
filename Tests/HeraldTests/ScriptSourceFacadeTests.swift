import Foundation
import Herald
import HeraldTestSupport
import Testing

/// Who may add a feed that runs a command: the person at the machine (an engine opened with
/// `scriptSources: .accepted`, as the command line's `add` and `import` do), never a web page or a
/// sync client (the default). The commands run at refresh either way, on this machine's SQLite.
@Suite("Script sources through the facade")
struct ScriptSourceFacadeTests {
    /// A temporary folder with an executable script that prints a feed and records that it ran.
    struct World {
        let directory: String
        let script: String
        let ranMarker: String
        var environment: [String: String] { ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"] }
        var database: String { directory + "/herald.db" }

        init() throws {
            directory = NSTemporaryDirectory() + "herald-scripts-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            script = directory + "/weather"
            ranMarker = directory + "/ran"
            let body = """
                #!/bin/sh
                touch '\(ranMarker)'
                cat <<'FEED'
                <?xml version="1.0" encoding="UTF-8"?>
                <rss version="2.0"><channel><title>Weather</title><link>https://weather.example/</link><description>d</description>
                <item><guid>w-1</guid><title>Sunny all day</title><link>https://weather.example/today</link></item>
                </channel></rss>
                FEED
                """
            try Data(body.utf8).write(to: URL(fileURLWithPath: script))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    @Test("an engine opened as web and sync open it refuses exec: and filter: feeds, subscribed or imported, and runs nothing")
    func refusedByDefault() async throws {
        let world = try World()
        defer { world.remove() }
        let herald = try await Herald.open(databasePath: world.database, environment: world.environment)
        await #expect(throws: HeraldError.subscribe(.scriptSourceRefused(url: "exec:\(world.script)"))) {
            _ = try await herald.subscribe(to: "exec:\(world.script)")
        }
        let list = "https://harbour.example/feed.xml news\nexec:\(world.script) local\n\"filter:\(world.script):https://a.example/f\"\n"
        let summary = try await herald.importSubscriptions(Data(list.utf8))
        #expect(summary.added == 1)
        #expect(summary.scriptSourcesRefused == ["exec:\(world.script)", "filter:\(world.script):https://a.example/f"])
        #expect(try await herald.feeds().map(\.url) == ["https://harbour.example/feed.xml"])
        #expect(!FileManager.default.fileExists(atPath: world.ranMarker), "nothing ran")
        await herald.shutdown()
    }

    @Test("an engine serving people elsewhere (herald serve: .remote) refuses local files too, subscribed, discovered or imported; the default engine adds them")
    func remoteRefusesLocalFiles() async throws {
        let world = try World()
        defer { world.remove() }
        let feedFile = world.directory + "/local.xml"
        try Data("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Local</title><link>https://local.example/</link>
            <item><guid>l-1</guid><title>On disk</title></item></channel></rss>
            """.utf8).write(to: URL(fileURLWithPath: feedFile))
        let remote = try await Herald.open(databasePath: world.database, environment: world.environment, scriptSources: .remote)
        await #expect(throws: HeraldError.subscribe(.localFileRefused(url: "file://\(feedFile)"))) {
            _ = try await remote.subscribe(to: "file://\(feedFile)")
        }
        await #expect(throws: HeraldError.subscribe(.localFileRefused(url: "FILE://\(feedFile)"))) {
            _ = try await remote.discoverFeeds(at: "FILE://\(feedFile)")
        }
        await #expect(throws: HeraldError.subscribe(.scriptSourceRefused(url: "exec:\(world.script)"))) {
            _ = try await remote.subscribe(to: "exec:\(world.script)")
        }
        let list = "https://harbour.example/feed.xml\nfile://\(feedFile)\nexec:\(world.script)\n"
        let summary = try await remote.importSubscriptions(Data(list.utf8))
        #expect(summary.added == 1)
        #expect(summary.scriptSourcesRefused == ["file://\(feedFile)", "exec:\(world.script)"])
        #expect(try await remote.feeds().map(\.url) == ["https://harbour.example/feed.xml"])
        #expect(HeraldError.subscribe(.localFileRefused(url: "file:///x")).message.contains("herald add"))
        await remote.shutdown()

        let local = try await Herald.open(databasePath: world.database, environment: world.environment)
        #expect(try await local.subscribe(to: "file://\(feedFile)").title == "Local")
        await local.shutdown()
        #expect(!FileManager.default.fileExists(atPath: world.ranMarker), "nothing ran")
    }

    @Test("an engine opened for the person at the machine adds them, and every engine on that SQLite file runs them at refresh")
    func acceptedForThePersonAtTheMachine() async throws {
        let world = try World()
        defer { world.remove() }
        let owner = try await Herald.open(databasePath: world.database, environment: world.environment,
                                          scriptSources: .accepted)
        let feed = try await owner.subscribe(to: "exec:\(world.script)", tags: ["local"])
        #expect(feed.title == "Weather")
        #expect(FileManager.default.fileExists(atPath: world.ranMarker), "subscribing ran it once")
        await owner.shutdown()
        try FileManager.default.removeItem(atPath: world.ranMarker)

        // A later engine (a serve process, a cron refresh) refreshes it like any feed.
        let later = try await Herald.open(databasePath: world.database, environment: world.environment)
        var summary: RefreshSummary?
        for await event in later.refresh(.all) {
            if case .finished(let finished) = event { summary = finished }
        }
        #expect(summary?.failed == 0, "\(String(describing: summary))")
        #expect(FileManager.default.fileExists(atPath: world.ranMarker), "the refresh ran it")
        await later.shutdown()
    }
}
