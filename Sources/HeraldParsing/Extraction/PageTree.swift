import CLibXML2
import Foundation

/// A page read by libxml2's HTML parser (``PageEvents``) into ``PageNode``s the
/// extractor can reshape. The tree owns every node; the nodes only point at each other.
///
/// Bounds: at most ``maxInputBytes`` of the page are read, at most ``maxNodes`` nodes are kept
/// (the rest of a larger page is left out) and elements deeper than ``maxDepth`` are flattened
/// into their ancestor at that depth, so no page makes the extractor recurse or grow without end.
final class PageTree {
    /// The longest page read: 8 MiB (an article page is rarely a tenth of that); beyond it the
    /// page is cut and libxml2 recovers what it has.
    static let maxInputBytes = 8 << 20
    /// The most nodes (elements and runs of text) kept.
    static let maxNodes = 250_000
    /// The deepest nesting kept: article pages are rarely 40 deep; beyond 64 (unclosed tags on old
    /// pages), elements are kept as children of their ancestor at this depth, in order. Blocks are
    /// weighed by walking what they hold, so the depth bounds the work per node.
    static let maxDepth = 64

    private(set) var nodes: [PageNode] = []
    /// The `<html>` element (made when the page has none).
    private(set) var root: PageNode
    /// The `<title>` text of the page, trimmed.
    private(set) var documentTitle = ""

    /// Nodes made before this serial are saved by ``journal`` before they first change; 0 when
    /// no journal runs.
    private(set) var journalStart: Int32 = 0
    /// The nodes changed since the journal began, as they were (see ``PageJournal``).
    private var journalEntries = PageJournal()

    private init() {
        // The root belongs to the tree, which needs a root before it can name itself: a stand-in
        // holds the place for the moment.
        root = PageNode(name: "html")
        root = PageNode(in: self, serial: 0, name: "html", attributes: [], text: "")
        nodes.append(root)
    }

    /// Makes a node that lives as long as the tree.
    func make(_ name: String, attributes: [(name: String, value: String)] = [], text: String = "") -> PageNode {
        let node = PageNode(in: self, serial: Int32(truncatingIfNeeded: nodes.count), name: name, attributes: attributes, text: text)
        nodes.append(node)
        return node
    }

    // MARK: Text measures

    /// The text measures of the nodes that have one, by serial (``PageNode/summary``).
    private var summaries: [TextSummary] = []

    func summary(at serial: Int32) -> TextSummary? {
        let index = Int(serial)
        return index < summaries.count ? summaries[index] : nil
    }

    func setSummary(_ summary: TextSummary, at serial: Int32) {
        let index = Int(serial)
        if index >= summaries.count { reserveSummaries() }
        summaries[index] = summary
    }

    /// Makes room for a measure of every node made so far: at once when a measure begins (see
    /// ``releaseSummaries()``), grown only for nodes made while measures are held.
    func reserveSummaries() {
        guard summaries.count < nodes.count else { return }
        summaries.append(contentsOf: repeatElement(TextSummary(), count: nodes.count - summaries.count))
    }

    /// Lets go of the measures' storage once every measure is forgotten, so that the next
    /// measure, after the page gained nodes, makes it at the new size instead of growing it (the
    /// old and the new storage side by side would be the extraction's peak).
    func releaseSummaries() {
        summaries = []
    }

    // MARK: Journal

    /// Starts recording changes: from now on, every node that exists now is saved as it was
    /// before its first change, so that ``rewind(_:)`` can put the page back.
    func beginJournal() {
        journalEntries.clear()
        journalStart = Int32(truncatingIfNeeded: nodes.count)
    }

    /// Saves `node` as it is, before a change (called by the node).
    func journal(_ node: PageNode) {
        journalEntries.save(node)
        node.isJournaled = true
    }

    /// Puts every node saved since ``beginJournal()`` back as it was, clears the extractor's
    /// marks under `root` (scores, data tables, text measures) and journals afresh from the
    /// restored page. Nodes made since are left out of the page.
    func rewind(_ root: PageNode) {
        let start = journalStart
        journalStart = 0
        journalEntries.restore()
        var cursor: PageNode? = root
        while let node = cursor {
            node.score = nil
            node.isDataTable = false
            node.summary = nil
            cursor = node.following(within: root)
        }
        journalStart = start
    }

    /// Stops recording changes and lets go of what was saved.
    func endJournal() {
        journalStart = 0
        journalEntries.clear()
    }

    /// The `<body>` (made when the page has none).
    var body: PageNode {
        if let body = root.elementChildren.first(where: { $0.name == "body" }) { return body }
        let body = make("body")
        root.append(body)
        return body
    }

    var head: PageNode? { root.elementChildren.first { $0.name == "head" } }

    /// Parses a page.
    /// - Parameters:
    ///   - charset: The charset the server declared; wins over the page's own `<meta charset>`.
    static func parse(_ page: Data, charset: String?) -> PageTree {
        let tree = PageTree()
        let builder = PageTreeBuilder(tree: tree)
        PageEvents.read(page, charset: charset, into: builder)
        tree.documentTitle = PageText.trimmed(tree.root.descendants(named: "title").first?.textContent ?? "")
        return tree
    }

    /// Builds the tree from the parser's events: at most ``maxNodes`` nodes (past the limit,
    /// everything is left out), elements deeper than ``maxDepth`` kept as children of their
    /// ancestor at that depth, runs of text merged.
    private final class PageTreeBuilder: PageEventReceiving {
        private let tree: PageTree
        /// Where each open element's children go (the element, or its ancestor past the depth limit).
        private var targets: [PageNode] = []
        private var sawRoot = false

        init(tree: PageTree) {
            self.tree = tree
        }

        private var target: PageNode { targets.last ?? tree.root }

        func start(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
            let name = PageTree.name(name)
            if !sawRoot && name == "html" && targets.isEmpty {
                // The page's own <html>: its attributes (lang, dir) go on the root.
                sawRoot = true
                tree.root.attributes = PageTree.attributes(attributes)
                targets.append(tree.root)
                return
            }
            guard tree.nodes.count < PageTree.maxNodes else {
                targets.append(target)
                return
            }
            let element = tree.make(name, attributes: PageTree.attributes(attributes))
            let parent = target
            parent.append(element)
            // The html root counts as a level, as it did when libxml2's tree was copied.
            targets.append(targets.count + 1 < PageTree.maxDepth ? element : parent)
        }

        func end() {
            _ = targets.popLast()
        }

        func text(_ characters: UnsafePointer<xmlChar>, _ length: Int) {
            // Outside the document element (blanks after `</html>`) libxml2's tree kept nothing.
            guard !targets.isEmpty, tree.nodes.count < PageTree.maxNodes else { return }
            let value = String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF8.self)
            let parent = target
            if let last = parent.lastChild, last.isText {
                last.text += value
            } else {
                parent.append(tree.make("", text: value))
            }
        }
    }

    /// The element's name, lower-cased, without a namespace prefix (`<o:p>` is `p`), as libxml2's
    /// tree builder (before 2.11) split it.
    static func name(_ name: UnsafePointer<xmlChar>) -> String {
        var value = String(cString: name)
        if let colon = value.firstIndex(of: ":"), colon != value.startIndex, value.index(after: colon) != value.endIndex {
            value = String(value[value.index(after: colon)...])
        }
        return value.utf8.contains(where: { (65...90).contains($0) }) ? value.lowercased() : value
    }

    /// HTML's boolean attributes, which libxml2's tree builder gave their own name as value.
    private static let booleanAttributes: Set<String> = [
        "checked", "compact", "declare", "defer", "disabled", "ismap", "multiple", "nohref", "noresize",
        "noshade", "nowrap", "readonly", "selected",
    ]

    /// A SAX1 attribute list (name, value, name, value…, nil); a value-less attribute is empty.
    fileprivate static func attributes(_ list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> [(name: String, value: String)] {
        guard var cursor = list else { return [] }
        var result: [(name: String, value: String)] = []
        while let key = cursor.pointee {
            // libxml2's HTML parser lower-cases attribute names already.
            let name = String(cString: key)
            let value = (cursor + 1).pointee.map { String(cString: $0) } ?? (booleanAttributes.contains(name) ? name : "")
            result.append((name, value))
            cursor += 2
        }
        return result
    }

    /// A deep copy of `node` (in this tree), scores and marks left behind.
    func clone(_ node: PageNode) -> PageNode {
        let copy = make(node.name, attributes: node.attributes, text: node.text)
        var cursor = node.firstChild
        var target = copy
        var depthStack: [PageNode] = []
        // Walk the source in document order, keeping the copy's current parent in step.
        while let source = cursor {
            let duplicate = make(source.name, attributes: source.attributes, text: source.text)
            target.append(duplicate)
            if let child = source.firstChild {
                depthStack.append(target)
                target = duplicate
                cursor = child
                continue
            }
            var up: PageNode? = source
            cursor = nil
            while let current = up, current !== node {
                if let next = current.nextSibling {
                    cursor = next
                    break
                }
                up = current.parent
                if up !== node, let previous = depthStack.popLast() { target = previous }
            }
        }
        return copy
    }
}
