import Foundation
import Testing
@testable import HeraldSync

@Suite("JSON answers written directly")
struct JSONValueTests {
    @Test("The direct writer gives exactly what JSONEncoder gives (sorted keys, slashes unescaped), escapes included")
    func sameAsJSONEncoder() throws {
        let value = JSONValue.object([
            "items": .array([
                .object(["id": .int64(9_223_372_036_854_775_807), "title": .string("Quotes \" and \\ backslash"),
                         "url": .string("https://example.org/a/b?c=1&d=2"),
                         "html": .string("<p>Line\nbreak\ttab\r\u{08}\u{0C}\u{01}\u{1F} control</p>"),
                         "unicode": .string("京都の紅葉 — naïve 🎉 \u{2028}")]),
                .int(-42), .array([]), .object([:]),
            ]),
            "api_version": .int(3), "B": .string(""), "a": .string("/"),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let expected = try encoder.encode(value)
        #expect(String(decoding: value.serialized, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        let parsed = try JSONSerialization.jsonObject(with: Data(value.serialized)) as? [String: Any]
        #expect((parsed?["items"] as? [Any])?.count == 4)
    }
}
