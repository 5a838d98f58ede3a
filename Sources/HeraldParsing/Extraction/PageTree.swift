import CLibXML2
import Foundation

/// A page parsed by libxml2's HTML parser (recovering, no network) into ``PageNode``s the
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

    private init() {
        root = PageNode(name: "html")
        nodes.append(root)
    }

    /// Makes a node that lives as long as the tree.
    func make(_ name: String, attributes: [(name: String, value: String)] = [], text: String = "") -> PageNode {
        let node = PageNode(name: name, attributes: attributes, text: text)
        nodes.append(node)
        return node
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
        let bytes = page.prefix(maxInputBytes)
        guard !bytes.isEmpty else { return tree }
        let encoding = PageEncoding.choose(for: bytes, transport: charset)
        // HUGE lifts libxml2's limit of 256 levels, where it would stop reading the page (unclosed
        // <font> and <div> tags nest that deep on old pages); the conversion flattens what is deeper
        // than ``maxDepth``.
        let options = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue | UInt32(XML_PARSE_HUGE.rawValue)
        // Encoding errors would be printed on standard error: this thread's errors go nowhere
        // while the page is read (the tree is what recovery made of it).
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let document: htmlDocPtr? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            return htmlReadMemory(base, Int32(raw.count), nil, encoding, Int32(options))
        }
        guard let document else { return tree }
        defer { xmlFreeDoc(document) }
        tree.convert(document)
        tree.documentTitle = PageText.trimmed(tree.root.descendants(named: "title").first?.textContent ?? "")
        return tree
    }

    /// Copies libxml2's tree into nodes, without recursion.
    private func convert(_ document: htmlDocPtr) {
        var source = document.pointee.children
        var parents: [PageNode] = []
        var target = root
        var sawRoot = false
        while let current = source {
            var descended = false
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                let name = Self.name(of: current)
                if !sawRoot && name == "html" && parents.isEmpty {
                    // The page's own <html>: its attributes (lang, dir) go on the root.
                    sawRoot = true
                    root.attributes = Self.attributes(of: current)
                    if current.pointee.children != nil {
                        parents.append(target)
                        source = current.pointee.children
                        descended = true
                    }
                } else if nodes.count < Self.maxNodes {
                    let element = make(name, attributes: Self.attributes(of: current))
                    target.append(element)
                    if current.pointee.children != nil {
                        parents.append(target)
                        if parents.count < Self.maxDepth { target = element }
                        source = current.pointee.children
                        descended = true
                    }
                }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if nodes.count < Self.maxNodes, let content = current.pointee.content {
                    let value = String(cString: content)
                    if let last = target.lastChild, last.isText {
                        last.text += value
                    } else {
                        target.append(make("", text: value))
                    }
                }
            default:
                break
            }
            if descended { continue }
            // The next sibling, else the next sibling of the nearest ancestor that has one.
            var cursor: xmlNodePtr? = current
            source = nil
            while let node = cursor {
                if let next = node.pointee.next {
                    source = next
                    break
                }
                cursor = node.pointee.parent
                if cursor == nil || cursor?.pointee.type == XML_HTML_DOCUMENT_NODE || cursor?.pointee.type == XML_DOCUMENT_NODE {
                    cursor = nil
                    break
                }
                if let up = parents.popLast() { target = up }
            }
        }
    }

    private static func name(of node: xmlNodePtr) -> String {
        guard let name = node.pointee.name else { return "unknown" }
        let value = String(cString: name)
        return value.utf8.contains(where: { (65...90).contains($0) }) ? value.lowercased() : value
    }

    private static func attributes(of node: xmlNodePtr) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            if let name = current.pointee.name {
                var value = ""
                var child = current.pointee.children
                while let text = child {
                    if let content = text.pointee.content { value += String(cString: content) }
                    child = text.pointee.next
                }
                // libxml2's HTML parser lower-cases attribute names already.
                result.append((String(cString: name), value))
            }
            attribute = current.pointee.next
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
