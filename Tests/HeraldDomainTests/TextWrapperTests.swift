import HeraldDomain
import Testing

@Suite("Text wrapping")
struct TextWrapperTests {
    @Test func wrapsAtWordsWithinTheWidth() {
        let lines = TextWrapper(width: 20).wrap("The quick brown fox jumps over the lazy dog")
        #expect(lines == ["The quick brown fox", "jumps over the lazy", "dog"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
    }

    @Test func countsWideCharactersAsTwoColumns() {
        let lines = TextWrapper(width: 10).wrap("日本語のテキストです")
        #expect(lines == ["日本語のテ", "キストです"])
    }

    @Test func breaksLongWordsAndHonoursHangingIndent() {
        let lines = TextWrapper(width: 10).wrap("abcdefghijklmnop qr", indent: "- ", hangingIndent: "  ")
        #expect(lines == ["- abcdefgh", "  ijklmnop", "  qr"])
    }

    @Test func keepsHardLineBreaks() {
        #expect(TextWrapper(width: 40).wrap("one\ntwo") == ["one", "two"])
    }

    @Test func laysOutRichTextLikeATerminalReader() {
        let rich = RichText(blocks: [
            TextBlock(kind: .heading(level: 1), text: "Title"),
            TextBlock(kind: .paragraph, text: "Read the post [1] now."),
            TextBlock(kind: .listItem(marker: "•", depth: 0), text: "first"),
            TextBlock(kind: .listItem(marker: "1.", depth: 1), text: "nested item that wraps"),
            TextBlock(kind: .quote(depth: 1), text: "quoted"),
            TextBlock(kind: .preformatted, text: "let x = 1\n    indented"),
            TextBlock(kind: .rule, text: ""),
        ], links: [NumberedLink(number: 1, url: "https://example.com/post", kind: .link)])
        let lines = TextWrapper(width: 20).lines(for: rich)
        #expect(lines == [
            "Title", "=====", "",
            "Read the post [1]", "now.", "",
            "• first", "  1. nested item", "     that wraps", "",
            "> quoted", "",
            "  let x = 1", "      indented", "",
            "--------------------", "",
            "Links:", "[1]: https://example", "     .com/post", "     (link)",
        ])
    }
}
