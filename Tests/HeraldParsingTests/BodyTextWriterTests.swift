import Foundation
import Testing
@testable import HeraldParsing

/// The article's text is its sanitised HTML read back as parser events, with no tree: it must
/// be the text a walk over the page's tree gave (the walk below is that earlier writer, kept here
/// as the reference).
@Suite("The text of an article's HTML")
struct BodyTextWriterTests {
    /// The earlier writer: the visible text of a tree's node, blocks on lines of their own.
    static func referenceText(of node: PageNode) -> String {
        var lines: [String] = []
        var line = ""
        var pendingSpace = false
        func breakLine() {
            let finished = PageText.trimmed(line)
            if !finished.isEmpty { lines.append(finished) }
            line = ""
            pendingSpace = false
        }
        var cursor = node.firstChild
        while let current = cursor {
            if current.isText {
                if current.hasAncestor("pre", maxDepth: -1) {
                    let parts = current.text.split(separator: "\n", omittingEmptySubsequences: false)
                    for (index, part) in parts.enumerated() {
                        if index > 0 { breakLine() }
                        line += part
                    }
                } else {
                    for scalar in current.text.unicodeScalars {
                        if PageText.isSpace(scalar) && scalar != "\u{A0}" {
                            pendingSpace = !line.isEmpty
                        } else {
                            if pendingSpace { line += " " }
                            pendingSpace = false
                            line.unicodeScalars.append(scalar == "\u{A0}" ? " " : scalar)
                        }
                    }
                }
            } else if PageWriter.blockElements.contains(current.name) {
                breakLine()
            }
            if current.firstChild != nil {
                cursor = current.firstChild
                continue
            }
            var next = current.nextSibling
            var up = current.parent
            while next == nil, let parent = up, parent !== node {
                if PageWriter.blockElements.contains(parent.name) { breakLine() }
                next = parent.nextSibling
                up = parent.parent
            }
            if next == nil { break }
            if let parent = current.parent, PageWriter.blockElements.contains(current.name), parent.isElement { breakLine() }
            cursor = next
        }
        breakLine()
        return lines.joined(separator: "\n")
    }

    static func reference(_ html: String) -> String {
        // The tree owns its nodes: it must outlive the walk.
        let tree = PageTree.parse(Data(html.utf8), charset: "UTF-8")
        return withExtendedLifetime(tree) { referenceText(of: tree.body) }
    }

    @Test("blocks on lines of their own, spaces collapsed, no-break spaces kept as spaces, <pre> lines kept (trimmed)")
    func blocksSpacesAndPre() {
        let html = """
            <h2>A  title</h2><p>One
              sentence,\u{A0}\u{A0}then <em>another</em>.</p><ul><li>first</li><li> second </li></ul>
            <pre>line one
              line two

            line four</pre><div>after<br>the break</div>
            """
        let expected = "A title\nOne sentence,  then another.\nfirst\nsecond\nline one\nline two\nline four\nafter\nthe break"
        #expect(BodyTextWriter.text(ofHTML: html) == expected)
        #expect(Self.reference(html) == expected)
    }

    @Test("a whole page: only the body's text; the head's title and what follows the body's end tag as libxml2 places it")
    func onlyTheBody() {
        let html = "<html><head><title>Not this</title></head><body><p>This</p></body></html>\n"
        #expect(BodyTextWriter.text(ofHTML: html) == "This")
        #expect(BodyTextWriter.text(ofHTML: "") == "")
        #expect(BodyTextWriter.text(ofHTML: "plain words") == Self.reference("plain words"))
    }

    @Test("randomised: any mix of blocks, inline elements, <pre>, spaces and text gives the reference's text")
    func randomisedAgainstTheReference() {
        var random = SeededGenerator(state: 0x5EED_7E47)
        let blocks = ["p", "div", "li", "ul", "h2", "blockquote", "pre", "table", "tr", "td", "section", "figure", "figcaption"]
        let inlines = ["a", "em", "strong", "span", "code", "b", "sup"]
        let texts = ["word", " ", "  ", "\n", "\u{A0}", "a,b", "тест", "漢字", "\t x \n y ", "&amp;", "&lt;tag&gt;", "é"]
        func fragment(depth: Int) -> String {
            var html = ""
            for _ in 0..<Int.random(in: 0..<5, using: &random) {
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1: html += texts[Int.random(in: 0..<texts.count, using: &random)]
                case 2: html += "<br>"
                case 3 where depth < 8:
                    let name = blocks[Int.random(in: 0..<blocks.count, using: &random)]
                    html += "<\(name)>" + fragment(depth: depth + 1) + "</\(name)>"
                default:
                    guard depth < 8 else { continue }
                    let name = inlines[Int.random(in: 0..<inlines.count, using: &random)]
                    html += "<\(name)>" + fragment(depth: depth + 1) + "</\(name)>"
                }
            }
            return html
        }
        for _ in 0..<3_000 {
            let html = fragment(depth: 0)
            #expect(BodyTextWriter.text(ofHTML: html) == Self.reference(html), "\(html.debugDescription)")
        }
    }
}
