import Foundation
import HeraldDomain
import Testing

/// JSON Feeds with escaped lone UTF-16 surrogates are read, not refused.
@Suite("Lone surrogates in JSON Feed")
struct LoneSurrogateTests {
    private func feed(title: String, itemTitle: String) -> String {
        #"{"version":"https://jsonfeed.org/version/1.1","title":"\#(title)","items":[{"id":"1","title":"\#(itemTitle)","content_text":"x"}]}"#
    }

    @Test("a lone high and a lone low surrogate become U+FFFD, with a warning; the rest of the feed is read")
    func loneSurrogatesAreReplaced() throws {
        let parsed = try Parse.xml(feed(title: #"lone \ud800 title"#, itemTitle: #"lone \udc00 surrogate"#))
        #expect(parsed.plainTitle == "lone \u{FFFD} title")
        #expect(parsed.items.first?.plainTitle == "lone \u{FFFD} surrogate")
        #expect(parsed.warnings.contains { $0.contains("surrogates") })
    }

    @Test("a valid pair, an escaped backslash before a u, and a pair split by text are each read as JSON means them")
    func pairsAndEscapedBackslashes() throws {
        // 😀 as a pair; then a literal backslash followed by the text "ud800"; then a high surrogate
        // followed by plain text (lone).
        let parsed = try Parse.xml(feed(title: #"\ud83d\ude00 and \\ud800"#, itemTitle: #"\ud83dx"#))
        #expect(parsed.plainTitle == "😀 and \\ud800")
        #expect(parsed.items.first?.plainTitle == "\u{FFFD}x")
    }

    @Test("JSON that is broken for another reason is still refused clearly")
    func otherBreakageIsRefused() {
        #expect(throws: FeedParseError.self) {
            try Parse.xml(#"{"version":"https://jsonfeed.org/version/1.1","title":"x","items":[{"id":"1",}"#)
        }
    }
}
