import CLibXML2
import Foundation

/// The visible text of a page's `<body>`, written as libxml2 reads the page, without a tree:
/// blocks on lines of their own, white space collapsed outside `<pre>`, no-break spaces made
/// spaces. The article's text is its sanitised HTML read back this way, so the text is what is
/// shown; a tree of that HTML, beside the page's, was the largest part of an extraction's memory.
///
/// It gives the text a walk over ``PageTree``'s nodes gave, except past the tree's bounds, where
/// it follows the HTML as shown: elements nested deeper than ``PageTree/maxDepth`` keep their
/// `<pre>` lines and block breaks (the tree flattened them into their ancestor), and nothing is
/// left out after ``PageTree/maxNodes`` (the sanitised HTML is at most 1 MiB).
final class BodyTextWriter: PageEventReceiving {
    /// The text of the first `<body>` of `html` (a page or a fragment, which libxml2 puts in a body).
    static func text(ofHTML html: String) -> String {
        let writer = BodyTextWriter()
        PageEvents.read(Data(html.utf8), charset: "UTF-8", into: writer)
        writer.breakLine()
        return writer.lines.joined(separator: "\n")
    }

    /// An open element, as far as the text cares.
    private struct Frame {
        let isBlock: Bool
        let isPre: Bool
        /// The page's `<html>` element (the first one, when nothing else is open).
        let isRoot: Bool
        /// The `<body>` whose text is written.
        let isBody: Bool
    }

    private var frames: [Frame] = []
    private var sawRoot = false
    private var sawBody = false
    /// True between the start and the end of the body.
    private var inBody = false
    /// How many open elements are `<pre>`.
    private var preDepth = 0
    private var lines: [String] = []
    private var line = ""
    private var pendingSpace = false

    private init() {}

    private func breakLine() {
        let finished = PageText.trimmed(line)
        if !finished.isEmpty { lines.append(finished) }
        line = ""
        pendingSpace = false
    }

    func start(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        let name = PageTree.name(name)
        // Where the tree builder would put the element: on the root when nothing but it is open.
        let onRoot = frames.isEmpty || (frames.count == 1 && frames[0].isRoot)
        let isRoot = !sawRoot && frames.isEmpty && name == "html"
        if isRoot { sawRoot = true }
        let isBody = !sawBody && onRoot && !isRoot && name == "body"
        let isBlock = PageWriter.blockElements.contains(name)
        let isPre = name == "pre"
        if isBody {
            sawBody = true
            inBody = true
        } else if inBody && isBlock {
            breakLine()
        }
        if isPre { preDepth += 1 }
        frames.append(Frame(isBlock: isBlock, isPre: isPre, isRoot: isRoot, isBody: isBody))
    }

    func end() {
        guard let frame = frames.popLast() else { return }
        if frame.isPre { preDepth -= 1 }
        if frame.isBody {
            inBody = false
        } else if inBody && frame.isBlock {
            breakLine()
        }
    }

    func text(_ characters: UnsafePointer<xmlChar>, _ length: Int) {
        guard inBody else { return }
        let value = String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF8.self)
        if preDepth > 0 {
            let parts = value.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if index > 0 { breakLine() }
                line += part
            }
        } else {
            for scalar in value.unicodeScalars {
                if PageText.isSpace(scalar) && scalar != "\u{A0}" {
                    pendingSpace = !line.isEmpty
                } else {
                    if pendingSpace { line += " " }
                    pendingSpace = false
                    line.unicodeScalars.append(scalar == "\u{A0}" ? " " : scalar)
                }
            }
        }
    }
}
