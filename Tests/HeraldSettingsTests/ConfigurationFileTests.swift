import Foundation
import Testing
import HeraldSettings

@Suite("Configuration file grammar")
struct ConfigurationFileTests {
    private let file = ConfigurationFile(home: "/home/ada")

    private func read(_ text: String) throws(ConfigurationError) -> HeraldConfiguration {
        var configuration = HeraldConfiguration(databasePath: "/default.db")
        try file.apply(text, from: "/c/config", to: &configuration)
        return configuration
    }

    private func refusal(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("Every key of the example file is read, ~ becomes the home folder, bind-key lines keep their place")
    func everyKey() throws {
        let path = Fixtures.config.appendingPathComponent("valid-every-key.conf").path
        var configuration = HeraldConfiguration(databasePath: "/default.db")
        try file.apply(try String(contentsOfFile: path, encoding: .utf8), from: path, to: &configuration)
        #expect(configuration.databasePath == "/home/ada/news/herald.db")
        #expect(configuration.user == "ada.lovelace@example.org")
        #expect(configuration.maxConcurrentFetches == 32)
        #expect(configuration.maxConcurrentPerHost == 4)
        #expect(configuration.minimumRefreshInterval == 900)
        #expect(configuration.maximumRefreshInterval == 86_400)
        #expect(configuration.retention.keepNewest == 2000)
        #expect(configuration.retention.keepDays == 365)
        #expect(configuration.userAgent == "MyReader/1.0 (+https://reader.example.net/bot)")
        #expect(configuration.fetchTimeout == 30)
        #expect(configuration.maxFeedBytes == 32 * 1_048_576)
        #expect(configuration.webToken == "correct-horse-battery-staple-42")
        #expect(configuration.keyBindings == [KeyBindingLine(words: ["^D", "pagedown"], place: path + ":14")])
    }

    @Test("CRLF and CR line endings are lines, and errors count them as an editor does")
    func lineEndings() throws {
        let configuration = try read("refresh-concurrency = 8\r\nkeep-days = 30\r\ndatabase = /x.db\r\n")
        #expect(configuration.maxConcurrentFetches == 8)
        #expect(configuration.retention.keepDays == 30)
        #expect(configuration.databasePath == "/x.db")
        #expect(try read("keep-days = 3\rkeep-articles = 9\r").retention.keepNewest == 9)
        #expect(refusal("# a\r\n\r\nkeep-days = soon\r\n")?.hasPrefix("/c/config:3: `keep-days`") == true)
        #expect(refusal("# a\n\r\nkeep-days = soon\r\n")?.hasPrefix("/c/config:3:") == true)
    }

    @Test("Durations run from 1s to 365d; anything else, infinite or overflowing included, is refused")
    func durationBounds() throws {
        #expect(try read("fetch-timeout = 1").fetchTimeout == 1)
        #expect(try read("refresh-max-interval = 365d").maximumRefreshInterval == 365 * 86_400)
        #expect(try read("fetch-timeout = 1.5m").fetchTimeout == 90)
        for value in ["0.5", "0s", "366d", "1e308d", "inf", "nan", "-5m", "", "m", "5 m", "1e-320"] {
            let message = refusal("fetch-timeout = \(value)")
            #expect(message?.contains("needs a duration from 1s to 365d") == true, "\(value): \(String(describing: message))")
        }
    }

    @Test("Sizes run from 1 byte to 1024GB; a size that would overflow is refused, not a crash")
    func sizeBounds() throws {
        #expect(try read("max-feed-size = 1024GB").maxFeedBytes == 1 << 40)
        #expect(try read("max-feed-size = 512kb").maxFeedBytes == 512 * 1024)
        #expect(try read("max-feed-size = 7B").maxFeedBytes == 7)
        for value in ["1025GB", "9999999999999GB", "9223372036854775807", "0MB", "-1KB", "GB", "lots"] {
            let message = refusal("max-feed-size = \(value)")
            #expect(message?.contains("needs a size from 1B to 1024GB") == true, "\(value): \(String(describing: message))")
        }
    }

    @Test("A user agent or web token with a control character is refused")
    func controlCharacters() throws {
        #expect(refusal("user-agent = A\u{1}B")?.contains("printable ASCII") == true)
        #expect(refusal("user-agent = A\u{7F}B")?.contains("printable ASCII") == true)
        #expect(refusal("user-agent = Caf\u{E9}/1")?.contains("printable ASCII") == true)
        #expect(refusal("web-token = 0123456789abcdef\u{1B}")?.contains("web-token") == true)
        #expect(try read("web-token = 0123456789abcdef").webToken == "0123456789abcdef")
    }

    @Test("The download settings: a folder with ~, counts from 1, a size; nonsense is refused with the key's name")
    func downloadSettings() throws {
        let configuration = try read("download-path = ~/Podcasts/herald\ndownload-parallel = 3\ndownload-per-host = 2\ndownload-max-size = 1GB\n")
        #expect(configuration.downloadFolder == "/home/ada/Podcasts/herald")
        #expect(configuration.downloadParallel == 3 && configuration.downloadPerHost == 2)
        #expect(configuration.downloadMaxBytes == 1_073_741_824)
        #expect(HeraldConfiguration(databasePath: "/x.db").downloadPerHost == 1, "one transfer per host unless asked")
        #expect(refusal("download-parallel = 0")?.contains("download-parallel") == true)
        #expect(refusal("download-per-host = many")?.contains("download-per-host") == true)
        #expect(refusal("download-max-size = huge")?.contains("download-max-size") == true)
        #expect(refusal("download-path =")?.contains("download-path") == true)
    }

    @Test("User names: letters, digits and ._-@, at most 64; the same rule for HERALD_USER and --user")
    func userNames() throws {
        #expect(try read("user = Zoë_2@example.org").user == "Zoë_2@example.org")
        #expect(refusal("user = a b")?.contains("a user name is") == true)
        #expect(refusal("user = " + String(repeating: "a", count: 65))?.contains("a user name is") == true)
        #expect(throws: ConfigurationError.self) { try SettingValue.userName("", at: "--user") }
        #expect(try SettingValue.userName("alice", at: "HERALD_USER") == "alice")
    }

    @Test("Each example config under Fixtures/config is read or refused at the line it names")
    func exampleFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.config.path).sorted()
        #expect(names.filter { $0.hasPrefix("valid-") }.count >= 5)
        #expect(names.filter { $0.hasPrefix("invalid-") }.count >= 10)
        for name in names {
            let path = Fixtures.config.appendingPathComponent(name).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            var configuration = HeraldConfiguration(databasePath: "/default.db")
            if name.hasPrefix("valid-") {
                #expect(throws: Never.self, "\(name)") { try file.apply(text, from: path, to: &configuration) }
                continue
            }
            // The first line says where the file is refused: `# refused at line N` (0: the file as a whole).
            let line = try #require(text.firstMatch(of: /refused at line (\d+)/).flatMap { Int($0.1) }, "\(name)")
            let error = #expect(throws: ConfigurationError.self, "\(name)") { try file.apply(text, from: path, to: &configuration) }
            let prefix = line == 0 ? path + ": " : "\(path):\(line): "
            #expect(error?.message.hasPrefix(prefix) == true, "\(name): \(error?.message ?? "")")
        }
    }
}

/// Per-site extraction lines (`extract-keep`, `extract-drop`).
extension ConfigurationFileTests {
    @Test("extract-keep and extract-drop lines become rules in file order; a # before a name is an id, a # after a space a comment")
    func extractionLines() throws {
        let configuration = try read("""
            keep-days = 30
            extract-keep www.Harbour.example   div.story-text, #main > article   # the story
            extract-drop harbour.example .promo,#comments
            """)
        #expect(configuration.retention.keepDays == 30)
        #expect(configuration.extractionRules.count == 2)
        #expect(configuration.extractionRules[0].host == "harbour.example")
        #expect(configuration.extractionRules[0].keep.map(\.description) == ["div.story-text, #main > article"])
        #expect(configuration.extractionRules[1].drop.map(\.description) == [".promo,#comments"])
        #expect(configuration.extractionRules[1].covers(url: "https://news.harbour.example/a"))
    }

    @Test("An extraction line naming a feed's URL covers the pages that feed links to, not pages of its host")
    func feedExtractionLine() throws {
        let configuration = try read("extract-keep https://harbour.example/feed.xml div.story-text  # the story\n")
        let rule = try #require(configuration.extractionRules.first)
        #expect(rule.feedURL == "https://harbour.example/feed.xml")
        #expect(rule.covers(url: "https://cdn.example/a", linkedFrom: "https://harbour.example/feed.xml"))
        #expect(!rule.covers(url: "https://harbour.example/a", linkedFrom: nil))
        #expect(!rule.covers(url: "https://harbour.example/a"))
    }

    @Test("A bad extraction line names the line and what is wrong", arguments: [
        ("extract-keep", "needs a host name"), ("extract-keep example.com", "needs CSS selectors"),
        ("extract-drop example.com/news .x", "needs a host name or a feed's URL"), ("extract-drop ftp://example.com .x", "needs a host name"), ("extract-keep example.com a:hover", "pseudo-classes"),
    ])
    func extractionRefusals(_ line: String, _ expected: String) {
        do {
            _ = try read(line)
            Issue.record("\(line) was accepted")
        } catch {
            #expect(error.message.hasPrefix("/c/config:1:"), "\(error.message)")
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }
}
