import Foundation
import HeraldDomain
import HeraldParsing
import Testing

@Suite("JSON and text output")
struct OutputTests {
    @Test func jsonDocumentFollowsTheSchema() throws {
        let feed = try Fixtures.feed("atom10-xhtml-xmlbase.xml")
        let data = ParsedFeedJSON.encode(feed)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "atom")
        #expect(object["version"] as? String == "1.0")
        #expect(object["encoding"] as? String == "utf-8")
        #expect(object["recovered"] as? Bool == false)
        #expect(object["schemaVersion"] as? Int == 1)
        let feedObject = try #require(object["feed"] as? [String: Any])
        #expect((feedObject["title"] as? [String: Any])?["value"] as? String == "Marginalia")
        #expect(feedObject["plainTitle"] as? String == "Marginalia")
        #expect((feedObject["generator"] as? [String: Any])?["version"] as? String == "0.121.1")
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items[0]["published"] as? String == "2026-11-20T19:00:00Z")
        #expect(items[0]["updated"] as? String == "2026-11-20T21:05:33Z")
        #expect(items[1]["published"] == nil)
        #expect((items[0]["authors"] as? [[String: Any]])?.first?["name"] as? String == "Ana Lindqvist")
        #expect((items[0]["content"] as? [String: Any])?["type"] as? String == "xhtml")
        #expect((items[0]["content"] as? [String: Any])?["language"] as? String == "en-GB")
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\n  \"encoding\""))
        #expect(text.range(of: "\"encoding\"")!.lowerBound < text.range(of: "\"feed\"")!.lowerBound)
    }

    @Test func jsonIsDeterministic() throws {
        let feed = try Fixtures.feed("podcast-itunes.xml")
        #expect(ParsedFeedJSON.encode(feed) == ParsedFeedJSON.encode(feed))
    }

    @Test func textReport() throws {
        let report = ParsedFeedReport.text(try Fixtures.feed("podcast-itunes.xml"))
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "The Kitchen Table")
        #expect(lines[1] == "RSS 2.0 · UTF-8 · 2 items")
        #expect(lines.contains("2026-11-16 10:00  Episode 42: Bread Without Knead"))
        #expect(lines.contains("  1 enclosure"))
        #expect(lines.contains("  by Dana Ruiz · 2 enclosures"))
    }

    @Test func textReportIsTerminalSafe() throws {
        let report = ParsedFeedReport.text(try Fixtures.feed("terminal-escapes.xml"))
        #expect(!report.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    }
}
