import HeraldDomain
@testable import HeraldTerminal
import Testing

/// What ncurses is given to draw: a joined or skin-toned emoji as its first emoji, so that
/// ncurses, the terminal and the layout all count it 2 columns.
@Suite("Text as ncurses can place it")
struct TerminalGlyphsTests {
    @Test("joined and skin-toned emoji become their first emoji; other text is untouched")
    func joinedEmoji() {
        #expect(TerminalGlyphs.drawable("Family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} feed")
                == "Family \u{1F468} feed")
        #expect(TerminalGlyphs.drawable("ok \u{1F44D}\u{1F3FD}") == "ok \u{1F44D}")
        #expect(TerminalGlyphs.drawable("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308} flag") == "\u{1F3F3}\u{FE0F} flag")
        for unchanged in ["plain ASCII", "\u{2764}\u{FE0F} love", "测试 Feed 🎉", "e\u{301}te\u{301}", "\u{1F1EB}\u{1F1F7}"] {
            #expect(TerminalGlyphs.drawable(unchanged) == unchanged)
        }
    }

    @Test("the layout's width of a string is the width of what is drawn")
    func widthsAgree() {
        let title = "Family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} thumbs \u{1F44D}\u{1F3FD} feed"
        #expect(DisplayWidth.of(title) == DisplayWidth.of(TerminalGlyphs.drawable(title)))
        // Each drawn emoji is one scalar (and a variation selector): ncurses counts it as the layout does.
        let drawn = TerminalGlyphs.drawable(title)
        #expect(drawn.unicodeScalars.filter { $0.properties.isEmojiPresentation }.count == 2)
    }
}
