import Foundation
import HeraldDomain
import HeraldParsing
import Testing

@Suite("HTML to rich text")
struct HTMLRenderingTests {
    private func render() throws -> RichText {
        let html = String(decoding: try Fixtures.data("html/article.html"), as: UTF8.self)
        return LibXMLHTMLRenderer().render(html: html, baseURL: "https://fieldnotes.example.org/2026/11/garlic/")
    }

    @Test func blocksOfAnArticle() throws {
        let rich = try render()
        #expect(rich.blocks[0] == TextBlock(kind: .heading(level: 2), text: "Choosing cloves"))
        #expect(rich.blocks[1] == TextBlock(kind: .paragraph, text: "Garlic goes in when the soil is still warm. See the guide[1] and this[2]."))
        #expect(rich.blocks.contains(TextBlock(kind: .listItem(marker: "•", depth: 0), text: "Pick the largest cloves")))
        #expect(rich.blocks.contains(TextBlock(kind: .listItem(marker: "1.", depth: 1), text: "Dry them")))
        #expect(rich.blocks.contains(TextBlock(kind: .listItem(marker: "2.", depth: 1), text: "Store them")))
        #expect(rich.blocks.contains(TextBlock(kind: .quote(depth: 1), text: "Plant on the shortest day, harvest on the longest.")))
        #expect(rich.blocks.contains(TextBlock(kind: .preformatted, text: "bed 1: garlic\nbed 2:   onions")))
        #expect(rich.blocks.contains(TextBlock(kind: .tableRow, text: "Variety | Days")))
        #expect(rich.blocks.contains(TextBlock(kind: .tableRow, text: "Solent Wight | 240")))
        #expect(rich.blocks.contains(TextBlock(kind: .rule, text: "")))
        #expect(rich.blocks.contains(TextBlock(kind: .paragraph, text: "[image 3: Garlic bulbs] Line one\nLine two & é")))
    }

    @Test func linksAreNumberedAndAbsolute() throws {
        let rich = try render()
        #expect(rich.links == [
            NumberedLink(number: 1, url: "https://fieldnotes.example.org/guides/garlic", kind: .link),
            NumberedLink(number: 2, url: "https://example.com/x", kind: .link),
            NumberedLink(number: 3, url: "https://fieldnotes.example.org/2026/11/garlic/garlic.jpg", kind: .image),
        ])
    }

    @Test("javascript:, vbscript:, data: and file: links and images are never numbered, however their scheme is disguised",
          arguments: ["javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)", " java\nscript:alert(1)",
                      "vbscript:msgbox", "data:text/html,<script>alert(1)</script>", "DATA:image/png;base64,AAAA",
                      "file:///etc/passwd", "  JAVASCRIPT:alert(1)"])
    func dangerousLinksAreNotOffered(href: String) {
        let html = "<p><a href=\"\(href)\">click</a> <img src=\"\(href)\" alt=\"pic\"> <a href=\"https://example.org/ok\">ok</a></p>"
        let rich = LibXMLHTMLRenderer().render(html: html, baseURL: "https://example.org/")
        #expect(rich.links == [NumberedLink(number: 1, url: "https://example.org/ok", kind: .link)], "\(rich.links)")
        #expect(rich.blocks.map(\.text).joined().contains("click"), "the link's text stays, without a number")
    }

    @Test("Given a base URL that is itself javascript:, when relative links are resolved, then they are not resolved against it",
          arguments: ["javascript:alert(document.cookie)", " JavaScript:void(0)", "data:text/html,x"])
    func unsafeBaseIsIgnored(base: String) {
        let rich = LibXMLHTMLRenderer().render(html: "<p><a href=\"/more\">more</a> <img src=\"x.png\"></p>", baseURL: base)
        #expect(rich.links.allSatisfy { LinkSafety.isOfferable($0.url) }, "\(rich.links)")
        #expect(rich.links.map(\.url) == ["x.png", "/more"] || rich.links.map(\.url) == ["/more", "x.png"], "\(rich.links)")
    }

    @Test("Given an article that declares another charset in a meta tag, when rendered, then its UTF-8 text is kept as it is")
    func metaCharsetIsIgnored() {
        let rich = LibXMLHTMLRenderer().render(html: "<meta charset=\"iso-8859-1\"><p>Café, Genève, 日本</p>", baseURL: nil)
        #expect(rich.blocks.map(\.text) == ["Café, Genève, 日本"])
    }

    @Test func scriptsStylesFramesAndEscapesAreDropped() throws {
        let rich = try render()
        let all = rich.blocks.map(\.text).joined(separator: "\n")
        #expect(!all.contains("alert"))
        #expect(!all.contains("color: red"))
        #expect(!all.contains("ad text"))
        #expect(!all.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(rich.blocks.last?.text.hasSuffix("and bidi") == true)
        let raw = LibXMLHTMLRenderer().render(html: "<p>Evil \u{1B}[31mred\u{1B}[0m and \u{202E}bidi\u{7}</p>", baseURL: nil)
        #expect(raw.blocks.map(\.text) == ["Evil red and bidi"])
    }

    @Test func brokenMarkupAndEmptyInput() {
        #expect(LibXMLHTMLRenderer().render(html: "", baseURL: nil).isEmpty)
        let rich = LibXMLHTMLRenderer().render(html: "<p>one<p>two <b>bold", baseURL: nil)
        #expect(rich.blocks.map(\.text) == ["one", "two bold"])
    }

    @Test func wrappedForATerminal() throws {
        let lines = TextWrapper(width: 40).lines(for: try render())
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(lines.contains("Links:"))
        #expect(lines.last?.hasSuffix("(image)") == true)
    }
}
