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
            while next == nil, let parent = up, parent != node {
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

    @Test("a whole page: only the body's text, not the head's title; what follows the body's end tag, a second body and bare text as the tree had them")
    func onlyTheBody() {
        let html = "<html><head><title>Not this</title></head><body><p>This</p></body></html>\n"
        #expect(BodyTextWriter.text(ofHTML: html) == "This")
        #expect(BodyTextWriter.text(ofHTML: "") == "")
        for odd in ["plain words", "<body><p>in</p></body><p>after the body</p></html><p>after the page</p>",
                    "<body>a</body>b<body>c", "<head><title>t</title></head>text<body>more</body>",
                    "<frameset><frame></frameset><body>x</body>", "<x:body>n</x:body><x:pre>a\nb</x:pre>"] {
            #expect(BodyTextWriter.text(ofHTML: odd) == Self.reference(odd), "\(odd.debugDescription)")
        }
    }

    @Test("nested deeper than the page tree's 64 levels: <pre> keeps its lines and blocks their breaks, as shown (the tree flattened them)")
    func deeperThanTheTree() {
        let deep = String(repeating: "<div>", count: 61)
        #expect(BodyTextWriter.text(ofHTML: deep + "<pre>a\nb</pre>") == "a\nb")
        #expect(BodyTextWriter.text(ofHTML: deep + "<p>x</p>y") == "x\ny")
        #expect(Self.reference(deep + "<p>x</p>y") == "xy", "the tree's flattening, which the text no longer has")
        #expect(BodyTextWriter.text(ofHTML: String(repeating: "<div>", count: 100_000) + "bottom") == "bottom")
    }

    /// Records the events as text.
    private final class EventLog: PageEventReceiving {
        var lines: [String] = []
        func start(_ name: UnsafePointer<UInt8>, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
            var line = "<" + String(cString: name)
            var cursor = attributes
            while let key = cursor?.pointee {
                line += " " + String(cString: key) + "=" + ((cursor! + 1).pointee.map { String(cString: $0) } ?? "-")
                cursor = cursor! + 2
            }
            lines.append(line)
        }
        func end() { lines.append(">") }
        func text(_ characters: UnsafePointer<UInt8>, _ length: Int) {
            lines.append(String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF8.self))
        }
    }

    @Test("valid UTF-8 read without libxml2's converter gives the same events as with it, byte order marks, lying declarations and UTF-16-looking bytes included")
    func directUTF8GivesTheConvertersEvents() {
        let utf16Looking = Data("<?xml version=\"1.0\"?><html><body><p>Hi</p></body></html>".utf8.flatMap { [$0, 0] })
        var pages: [Data] = [
            Data("<html><head><meta charset=\"windows-1252\"><title>Café</title></head><body><p>naïve — ok</p></body></html>".utf8),
            Data([0xEF, 0xBB, 0xBF]) + Data("<p>after a byte order mark: é</p>".utf8),
            Data([0xEF, 0xBB, 0xBF]) + utf16Looking,
            utf16Looking,
            Data("<\u{0}?\u{0}x\u{0}m\u{0}".utf8),
            Data("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\"><p>大蒜 和 秋天</p>".utf8),
            Data("x".utf8), Data("ab".utf8), Data("<p>".utf8),
        ]
        var random = SeededGenerator(state: 0xC0DE_0001)
        let pieces = ["<p>", "</p>", "<div class=\"a b\">", "</div>", "é", "漢", "&amp;", "&eacute;", "<br>", " ", "\n", "text", "<pre>", "</pre>"]
        for _ in 0..<300 {
            pages.append(Data((0..<Int.random(in: 1..<30, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined().utf8))
        }
        for page in pages {
            let direct = EventLog()
            PageEvents.read(page, charset: "UTF-8", into: direct)
            let converted = EventLog()
            PageEvents.read(page, charset: "UTF-8", into: converted, directUTF8: false)
            #expect(direct.lines == converted.lines, "\(String(decoding: page, as: UTF8.self).debugDescription)")
        }
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
