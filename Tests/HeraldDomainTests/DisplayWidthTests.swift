import HeraldDomain
import Testing

@Suite("Display width")
struct DisplayWidthTests {
    @Test(arguments: [
        ("hello", 5), ("日本語", 6), ("ｈｉ", 4), ("한국어", 6), ("e\u{301}", 1), ("caf\u{E9}", 4),
        ("a\u{200B}b", 2), ("👍", 2), ("👨‍👩‍👧", 2), ("☺\u{FE0F}", 2), ("", 0), ("x\u{0}y", 2),
    ])
    func widths(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }
}

@Suite("Terminal safety")
struct TerminalSafetyTests {
    @Test func removesEscapeSequencesEntirely() {
        #expect(TerminalSafety.sanitize("a\u{1B}[31mred\u{1B}[0m") == "ared")
        #expect(TerminalSafety.sanitize("x\u{1B}]0;title\u{07}y") == "xy")
        #expect(TerminalSafety.sanitize("x\u{1B}]8;;http://e.com\u{1B}\\link\u{1B}]8;;\u{1B}\\y") == "xlinky")
        #expect(TerminalSafety.sanitize("x\u{9B}2Jy") == "xy")
        #expect(TerminalSafety.sanitize("x\u{1B}Py") == "x")
        #expect(TerminalSafety.sanitize("a\u{1B}(Bb") == "ab")
    }

    @Test func removesControlsAndBidiOverridesButKeepsNewlines() {
        #expect(TerminalSafety.sanitize("a\u{7}b\u{8}c\u{7F}d\u{85}e\r\nf") == "abcde\nf")
        #expect(TerminalSafety.sanitize("\u{202E}evil\u{202C} \u{2066}iso\u{2069}") == "evil iso")
        #expect(TerminalSafety.sanitize("a\tb") == "a    b")
        #expect(TerminalSafety.sanitize("Grüße 日本 👍") == "Grüße 日本 👍")
    }
}
