import Foundation
import Herald
@testable import HeraldWeb
import HeraldTestSupport
import Testing

/// The web front end in a real headless Chromium, driven through the DevTools protocol by
/// `scripts/browser-drive.py`: the demo's feeds, a feed and an article opened with `j` and Enter,
/// a star with `s`, a search with `/`. Screenshots go to `.build/web-screenshots/`.
@Suite("The web front end in a real headless Chromium")
struct BrowserTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func chromiumPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    @Test("Given the demo served, when a person uses it with the keyboard in Chromium, then every page works, the star sticks and the console stays clean")
    func demoInChromium() async throws {
        guard Self.chromiumPath() != nil else {
            let reason = "no chromium on PATH (Debian: apt-get install chromium)"
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("CI must run the browser test: \(reason)") }
            print("BrowserTests skipped: \(reason)")
            return
        }
        let directory = NSTemporaryDirectory() + "herald-browser-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let herald = try await Herald.open(databasePath: directory + "/herald.db",
                                     environment: ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"])
        let demo = Self.root.appendingPathComponent("Fixtures/demo").path
        let files = try FileManager.default.contentsOfDirectory(atPath: demo).sorted()
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
        let feeds = herald.feedsScreen(display: WebScreen())
        await feeds.subscriptionsImported(Data(files.map { "file://\(demo)/\($0)\n" }.joined().utf8))
        await feeds.refreshRequested(.all)

        let server = try await RunningWebServer.start(herald: herald)
        let port = server.port

        let shots = Self.root.appendingPathComponent(".build/web-screenshots").path
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        driver.arguments = ["python3", Self.root.appendingPathComponent("scripts/browser-drive.py").path,
                            "http://127.0.0.1:\(port)", shots]
        let output = Pipe()
        driver.standardOutput = output
        try driver.run()
        let data = await Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
        driver.waitUntilExit()
        await server.stop()
        await herald.shutdown()

        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any],
                                  "driver said: \(String(decoding: data, as: UTF8.self))")
        if let skipped = report["skipped"] as? String {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("CI must run the browser test: \(skipped)") }
            print("BrowserTests skipped: \(skipped)")
            return
        }
        #expect(report["error"] == nil, "\(report["error"] ?? "")")
        func step(_ name: String) -> [String: Any] { report[name] as? [String: Any] ?? [:] }
        #expect(step("feeds")["rows"] as? Int == files.count)
        #expect(step("feeds_selected")["selected"] as? Int == 1, "j selects a row")
        #expect((step("list")["url"] as? String)?.contains("/feed/") == true, "Enter opens the selected feed")
        #expect((step("list")["rows"] as? Int ?? 0) > 0)
        #expect((step("article")["url"] as? String)?.contains("/article/") == true, "Enter opens the selected article")
        #expect(step("starred")["starredButtons"] as? Int == 1, "s stars the article")
        #expect(step("search")["focusedBeforeTyping"] as? String == "search-box", "/ focuses the search box")
        #expect((step("search")["marks"] as? [String])?.isEmpty == false, "search highlights its matches")
        #expect(step("help")["h1"] as? [String] == ["Keys"])
        for name in ["feeds", "list", "article", "search"] { #expect(step(name)["scripts"] as? Int == 0) }
        #expect((report["console"] as? [String]) == [], "console: \(report["console"] ?? "")")
        let starred = try await Herald.open(databasePath: directory + "/herald.db",
                                            environment: ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config"])
        #expect(try await starred.statistics().starred == 1)
        await starred.shutdown()
        for shot in ["1-feeds", "2-list", "3-article", "4-starred", "5-search", "6-help"] {
            #expect(FileManager.default.fileExists(atPath: "\(shots)/\(shot).png"))
        }
    }
}
