import Foundation
import HeraldTerminal
import Testing

/// `$BROWSER` as browsers' launchers read it: its words, the link where one holds `%s`.
@Suite("The browser launcher")
struct BrowserLauncherTests {
    /// Runs the launcher with `browser` (the word `SCRIPT` replaced by a script that writes its
    /// arguments to a file) and returns those arguments, one per line.
    static func arguments(browser: String, url: String) async throws -> [String] {
        let folder = NSTemporaryDirectory() + "herald-browser-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/browser", log = folder + "/args"
        try Data("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \(log)\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let launcher = BrowserLauncher(environment: ["BROWSER": browser.replacingOccurrences(of: "SCRIPT", with: script),
                                                     "PATH": "/usr/bin:/bin"])
        #expect(launcher.open(url) == nil)
        for _ in 0..<300 {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), text.hasSuffix("\n") {
                return text.split(separator: "\n").map(String.init)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the browser script never ran")
        return []
    }

    @Test("a %s takes the link; without one the link is the last argument")
    func percentS() async throws {
        let url = "https://example.org/a?b=1&c=2"
        #expect(try await Self.arguments(browser: "SCRIPT --new-tab %s", url: url) == ["--new-tab", url])
        #expect(try await Self.arguments(browser: "SCRIPT --new-tab", url: url) == ["--new-tab", url])
        #expect(try await Self.arguments(browser: "SCRIPT %s --private", url: url) == [url, "--private"])
    }
}
