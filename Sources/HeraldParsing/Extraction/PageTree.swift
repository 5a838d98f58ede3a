import CLibXML2
import Foundation

/// A page read by libxml2's HTML parser (``PageEvents``) into nodes the extractor can reshape.
///
/// The tree keeps its nodes as columns of small numbers, not as objects: a node is its links
/// (parent, children, siblings) as 32-bit serials, an index into the table of names, a byte of
/// marks and a range holding its text or its attributes, 31 bytes in all; the characters of
/// every text and attribute value sit end to end in one byte store. A ``PageNode`` is a handle
/// (the tree and a serial) that reads and writes these columns. An object per node, with its
/// strings and an array of attributes each, made the tree 8 to 11 times the page; the columns
/// make it about 2 times (Docs/benchmarks.md).
///
/// Attributes and text are never changed where they are: a node given new attributes gets a new
/// range and the old records stay, so a copy (``clone(_:)``) or a journal entry can keep pointing
/// at them.
///
/// Bounds: at most ``maxInputBytes`` of the page are read, at most ``maxNodes`` nodes are kept
/// (the rest of a larger page is left out), at most ``maxNames`` names are told apart and elements
/// deeper than ``maxDepth`` are flattened into their ancestor at that depth, so no page makes the
/// extractor recurse or grow without end.
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
    /// The most distinct element and attribute names: past it (a page that invents names by the
    /// thousand), a new element name reads as `span` and an attribute with a new name is left out.
    static let maxNames = Int(UInt16.max)

    /// The serial that stands for no node.
    static let noNode: Int32 = -1

    // MARK: Columns

    /// The tree's columns, one entry a node (by serial) or a record, behind one pointer the tree
    /// owns: reading them costs no reference counting and no exclusivity check (see ``PageColumn``).
    struct Columns {
        var parents: PageColumn<Int32>
        var firstChildren: PageColumn<Int32>
        var lastChildren: PageColumn<Int32>
        var nextSiblings: PageColumn<Int32>
        var previousSiblings: PageColumn<Int32>
        /// The node's name as an index into `names`; 0, the empty name, for a run of text.
        var nameIndexes: PageColumn<UInt16>
        var marks: PageColumn<PageNodeMarks>
        /// A text node's characters (a range of `bytes`) or an element's attributes (a range of
        /// the attribute records).
        var payloadStarts: PageColumn<Int32>
        var payloadCounts: PageColumn<Int32>
        /// Element and attribute names, lower-cased; the first is the empty name of text.
        var names: PageColumn<String>
        /// The attribute records: the name, and the value as a range of `bytes`.
        var attributeNames: PageColumn<UInt16>
        var attributeValueStarts: PageColumn<Int32>
        var attributeValueCounts: PageColumn<Int32>
        /// The UTF-8 characters of every text and attribute value, end to end.
        var bytes: PageColumn<UInt8>
        /// Where each node's text measure is in `summaries` (-1: none), while measures are held.
        var summarySlots: PageColumn<Int32>
        /// The text measures of the elements measured (``PageNode/summary``).
        var summaries: PageColumn<TextSummary>
        /// Nodes made before this serial are saved by the journal before they first change; 0
        /// when no journal runs.
        var journalStart: Int32 = 0

        init(nodes: Int, bytes byteCount: Int) {
            parents = PageColumn(capacity: nodes)
            firstChildren = PageColumn(capacity: nodes)
            lastChildren = PageColumn(capacity: nodes)
            nextSiblings = PageColumn(capacity: nodes)
            previousSiblings = PageColumn(capacity: nodes)
            nameIndexes = PageColumn(capacity: nodes)
            marks = PageColumn(capacity: nodes)
            payloadStarts = PageColumn(capacity: nodes)
            payloadCounts = PageColumn(capacity: nodes)
            names = PageColumn(capacity: 64)
            attributeNames = PageColumn(capacity: nodes / 2)
            attributeValueStarts = PageColumn(capacity: nodes / 2)
            attributeValueCounts = PageColumn(capacity: nodes / 2)
            bytes = PageColumn(capacity: byteCount)
            summarySlots = PageColumn(capacity: 0)
            summaries = PageColumn(capacity: 0)
        }

        func free() {
            parents.free()
            firstChildren.free()
            lastChildren.free()
            nextSiblings.free()
            previousSiblings.free()
            nameIndexes.free()
            marks.free()
            payloadStarts.free()
            payloadCounts.free()
            names.free()
            attributeNames.free()
            attributeValueStarts.free()
            attributeValueCounts.free()
            bytes.free()
            summarySlots.free()
            summaries.free()
        }
    }

    private let columns: UnsafeMutablePointer<Columns>

    var parents: PageColumn<Int32> { columns.pointee.parents }
    var firstChildren: PageColumn<Int32> { columns.pointee.firstChildren }
    var lastChildren: PageColumn<Int32> { columns.pointee.lastChildren }
    var nextSiblings: PageColumn<Int32> { columns.pointee.nextSiblings }
    var previousSiblings: PageColumn<Int32> { columns.pointee.previousSiblings }
    var nameIndexes: PageColumn<UInt16> { columns.pointee.nameIndexes }
    var marks: PageColumn<PageNodeMarks> { columns.pointee.marks }
    var payloadStarts: PageColumn<Int32> { columns.pointee.payloadStarts }
    var payloadCounts: PageColumn<Int32> { columns.pointee.payloadCounts }
    var names: PageColumn<String> { columns.pointee.names }

    private var nameIndexByName: [String: UInt16] = ["": 0]
    /// The name `span`, which an element takes when the table is full.
    private let spanIndex: UInt16 = 1

    /// The names in the table from the start (`span` first): HTML's elements and the attributes
    /// the extractor reads, so that a page that fills the table with invented names cannot
    /// take them away.
    private static let knownNames = [
        "span", "html", "head", "title", "base", "meta", "link", "style", "script", "noscript", "body", "article",
        "section", "nav", "aside", "header", "footer", "main", "address", "h1", "h2", "h3", "h4", "h5", "h6", "hgroup",
        "p", "hr", "br", "pre", "blockquote", "ol", "ul", "li", "dl", "dt", "dd", "figure", "figcaption", "div", "a",
        "em", "strong", "small", "s", "cite", "q", "dfn", "abbr", "time", "code", "var", "samp", "kbd", "sub", "sup",
        "i", "b", "u", "mark", "bdi", "bdo", "wbr", "ins", "del", "picture", "source", "img", "iframe", "embed",
        "object", "param", "video", "audio", "track", "map", "area", "svg", "math", "table", "caption", "colgroup",
        "col", "tbody", "thead", "tfoot", "tr", "td", "th", "form", "label", "input", "button", "select", "option",
        "textarea", "fieldset", "legend", "details", "summary", "dialog", "template", "canvas", "font", "center",
        "tt", "big", "strike", "menu", "frame", "frameset",
        "class", "id", "style", "href", "src", "srcset", "sizes", "alt", "lang", "dir", "role", "hidden",
        "aria-hidden", "aria-modal", "itemprop", "itemtype", "itemscope", "name", "content", "property", "rel",
        "type", "charset", "http-equiv", "datetime", "colspan", "rowspan", "datatable", "width", "height",
        "data-src", "data-srcset", "data-original", "data-lazy-src", "poster", "annotation", "annotation-xml",
    ]

    /// The scores of the nodes that have been candidates, by serial (a few hundred on a page).
    var scores: [Int32: Double] = [:]

    /// The number of nodes made.
    var nodeCount: Int { parents.count }
    /// The number of attribute records written (those of every node, and the ones left behind).
    var attributeRecordCount: Int { columns.pointee.attributeNames.count }

    /// The `<html>` element (made when the page has none).
    var root: PageNode { PageNode(tree: self, serial: 0) }
    /// The `<title>` text of the page, trimmed.
    private(set) var documentTitle = ""

    /// Nodes made before this serial are saved by ``journal`` before they first change; 0 when
    /// no journal runs.
    var journalStart: Int32 { columns.pointee.journalStart }
    /// The nodes changed since the journal began, as they were (see ``PageJournal``).
    private var journalEntries = PageJournal()

    /// An empty page, its `<html>` root only, with room (reserved, not yet written) for the
    /// nodes and characters of a page of `pageSize` bytes: the columns do not grow (and copy
    /// themselves) as the page is read. Memory reserved and never written is not resident.
    init(pageSize: Int = 0) {
        let nodes = min(Self.maxNodes, pageSize / 8 + 64)
        columns = .allocate(capacity: 1)
        columns.initialize(to: Columns(nodes: nodes, bytes: pageSize + 4096))
        columns.pointee.names.append("")
        for name in Self.knownNames { _ = nameIndex(name) }
        _ = make("html")
    }

    deinit {
        columns.pointee.free()
        columns.deinitialize(count: 1)
        columns.deallocate()
    }

    /// Makes a node that lives as long as the tree: an element when `name` is not empty, else a
    /// run of `text`.
    func make(_ name: String, attributes: [(name: String, value: String)] = [], text: String = "") -> PageNode {
        let serial = appendNode(nameIndex: name.isEmpty ? 0 : elementNameIndex(name))
        if name.isEmpty {
            var text = text
            text.withUTF8 { setText($0, of: serial) }
        } else {
            setAttributes(attributes, of: serial)
        }
        return PageNode(tree: self, serial: serial)
    }

    private func appendNode(nameIndex: UInt16) -> Int32 {
        let serial = Int32(truncatingIfNeeded: nodeCount)
        columns.pointee.parents.append(Self.noNode)
        columns.pointee.firstChildren.append(Self.noNode)
        columns.pointee.lastChildren.append(Self.noNode)
        columns.pointee.nextSiblings.append(Self.noNode)
        columns.pointee.previousSiblings.append(Self.noNode)
        columns.pointee.nameIndexes.append(nameIndex)
        columns.pointee.marks.append([])
        columns.pointee.payloadStarts.append(0)
        columns.pointee.payloadCounts.append(0)
        return serial
    }

    // MARK: Names

    /// The index of a name, added to the table if new; nil when the table is full.
    func nameIndex(_ name: String) -> UInt16? {
        if let index = nameIndexByName[name] { return index }
        guard names.count < Self.maxNames else { return nil }
        let index = UInt16(names.count)
        columns.pointee.names.append(name)
        nameIndexByName[name] = index
        return index
    }

    /// The index of an element's name (`span` when the table is full).
    func elementNameIndex(_ name: String) -> UInt16 {
        nameIndex(name) ?? spanIndex
    }

    // MARK: Text

    /// Calls `body` with the UTF-8 characters of the text node `serial` (the store must not grow meanwhile).
    @inline(__always)
    func withText<Result>(of serial: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = Int(payloadStarts[Int(serial)])
        return body(columns.pointee.bytes.buffer(start ..< start + Int(payloadCounts[Int(serial)])))
    }

    /// The characters of the text node `serial`.
    func text(of serial: Int32) -> String {
        withText(of: serial) { String(decoding: $0, as: UTF8.self) }
    }

    /// Gives the node `serial` the characters `utf8`.
    private func setText(_ utf8: UnsafeBufferPointer<UInt8>, of serial: Int32) {
        payloadStarts[Int(serial)] = Int32(truncatingIfNeeded: columns.pointee.bytes.count)
        payloadCounts[Int(serial)] = Int32(truncatingIfNeeded: utf8.count)
        columns.pointee.bytes.append(contentsOf: utf8)
    }

    /// Adds `utf8` to the end of the text node `serial`: in place when its characters are the last
    /// in the store (a run of text read in pieces), else by copying them to the end first.
    func appendText(_ utf8: UnsafeBufferPointer<UInt8>, to serial: Int32) {
        let index = Int(serial)
        let start = Int(payloadStarts[index])
        let count = Int(payloadCounts[index])
        if start + count != columns.pointee.bytes.count {
            payloadStarts[index] = Int32(truncatingIfNeeded: columns.pointee.bytes.count)
            columns.pointee.bytes.appendCopy(of: start ..< start + count)
        }
        columns.pointee.bytes.append(contentsOf: utf8)
        payloadCounts[index] = Int32(truncatingIfNeeded: count + utf8.count)
    }

    // MARK: Attributes

    /// The range of attribute records of the element `serial`.
    @inline(__always)
    private func attributeRecords(of serial: Int32) -> Range<Int> {
        let index = Int(serial)
        guard nameIndexes[index] != 0 else { return 0 ..< 0 }
        let start = Int(payloadStarts[index])
        return start ..< start + Int(payloadCounts[index])
    }

    private func attributeName(at record: Int) -> String {
        names[Int(columns.pointee.attributeNames[record])]
    }

    private func attributeValue(at record: Int) -> String {
        let start = Int(columns.pointee.attributeValueStarts[record])
        let count = Int(columns.pointee.attributeValueCounts[record])
        return String(decoding: columns.pointee.bytes.buffer(start ..< start + count), as: UTF8.self)
    }

    /// The record of the attribute `name` of the element `serial`.
    private func attributeRecord(_ name: String, of serial: Int32) -> Int? {
        for record in attributeRecords(of: serial) where attributeName(at: record) == name { return record }
        return nil
    }

    /// The attributes of the element `serial`, in document order; none for text.
    func attributes(of serial: Int32) -> [(name: String, value: String)] {
        attributeRecords(of: serial).map { (attributeName(at: $0), attributeValue(at: $0)) }
    }

    func attribute(_ name: String, of serial: Int32) -> String? {
        attributeRecord(name, of: serial).map(attributeValue(at:))
    }

    func hasAttribute(_ name: String, of serial: Int32) -> Bool {
        attributeRecord(name, of: serial) != nil
    }

    /// True when an attribute's value passes `predicate` (names and values as given).
    func containsAttribute(of serial: Int32, where predicate: (String, String) -> Bool) -> Bool {
        attributeRecords(of: serial).contains { predicate(attributeName(at: $0), attributeValue(at: $0)) }
    }

    /// Gives the element `serial` these attributes, as new records.
    func setAttributes(_ attributes: [(name: String, value: String)], of serial: Int32) {
        guard nameIndexes[Int(serial)] != 0 else { return }
        let start = columns.pointee.attributeNames.count
        for attribute in attributes {
            guard let name = nameIndex(attribute.name) else { continue }
            var value = attribute.value
            value.withUTF8 { appendAttribute(name: name, value: $0) }
        }
        endAttributes(startingAt: start, of: serial)
    }

    /// Sets one attribute of the element `serial` (added at the end when it has none of that
    /// name). Records that may be shared are copied with the change; the element's own records
    /// (see ``ownsRecords(_:)``) change in place, so that setting attributes one by one on an
    /// element does not copy its list each time.
    func setAttribute(_ name: String, _ value: String, of serial: Int32) {
        guard nameIndexes[Int(serial)] != 0, let nameIndex = nameIndex(name) else { return }
        let old = attributeRecords(of: serial)
        var value = value
        if ownsRecords(old) {
            if let record = old.first(where: { columns.pointee.attributeNames[$0] == nameIndex }) {
                columns.pointee.attributeValueStarts[record] = Int32(truncatingIfNeeded: columns.pointee.bytes.count)
                value.withUTF8 { utf8 in
                    columns.pointee.attributeValueCounts[record] = Int32(truncatingIfNeeded: utf8.count)
                    columns.pointee.bytes.append(contentsOf: utf8)
                }
            } else {
                value.withUTF8 { appendAttribute(name: nameIndex, value: $0) }
                endAttributes(startingAt: old.lowerBound, of: serial)
            }
            return
        }
        let start = columns.pointee.attributeNames.count
        var replaced = false
        for record in old {
            if columns.pointee.attributeNames[record] == nameIndex && !replaced {
                replaced = true
                value.withUTF8 { appendAttribute(name: nameIndex, value: $0) }
            } else {
                copyAttribute(record)
            }
        }
        if !replaced { value.withUTF8 { appendAttribute(name: nameIndex, value: $0) } }
        endAttributes(startingAt: start, of: serial)
    }

    /// Takes out every attribute `name` of the element `serial` (its other records copied, or
    /// moved up in place when they are its own).
    func removeAttribute(_ name: String, of serial: Int32) {
        let old = attributeRecords(of: serial)
        guard old.contains(where: { attributeName(at: $0) == name }) else { return }
        if ownsRecords(old) {
            var kept = old.lowerBound
            for record in old where attributeName(at: record) != name {
                columns.pointee.attributeNames[kept] = columns.pointee.attributeNames[record]
                columns.pointee.attributeValueStarts[kept] = columns.pointee.attributeValueStarts[record]
                columns.pointee.attributeValueCounts[kept] = columns.pointee.attributeValueCounts[record]
                kept += 1
            }
            columns.pointee.attributeNames.removeLast(old.upperBound - kept)
            columns.pointee.attributeValueStarts.removeLast(old.upperBound - kept)
            columns.pointee.attributeValueCounts.removeLast(old.upperBound - kept)
            endAttributes(startingAt: old.lowerBound, of: serial)
            return
        }
        let start = columns.pointee.attributeNames.count
        for record in old where attributeName(at: record) != name { copyAttribute(record) }
        endAttributes(startingAt: start, of: serial)
    }

    /// Attribute records below this index may be shared, by a copy (``clone(_:)``) or by a range
    /// the journal saved, and are never changed; the records above it belong to the one element
    /// whose range ends the columns (they were written for it since).
    private var sharedAttributeRecords = 0

    /// Whether `records` are the last records and no copy or journal entry shares them.
    private func ownsRecords(_ records: Range<Int>) -> Bool {
        records.upperBound == columns.pointee.attributeNames.count && records.lowerBound >= sharedAttributeRecords
    }

    /// Points the element `serial` at the records from `start` to the last.
    private func endAttributes(startingAt start: Int, of serial: Int32) {
        payloadStarts[Int(serial)] = Int32(truncatingIfNeeded: start)
        payloadCounts[Int(serial)] = Int32(truncatingIfNeeded: columns.pointee.attributeNames.count - start)
    }

    private func appendAttribute(name: UInt16, value: UnsafeBufferPointer<UInt8>) {
        columns.pointee.attributeNames.append(name)
        columns.pointee.attributeValueStarts.append(Int32(truncatingIfNeeded: columns.pointee.bytes.count))
        columns.pointee.attributeValueCounts.append(Int32(truncatingIfNeeded: value.count))
        columns.pointee.bytes.append(contentsOf: value)
    }

    /// A new record with the name and value of `record` (the value's characters shared).
    private func copyAttribute(_ record: Int) {
        columns.pointee.attributeNames.append(columns.pointee.attributeNames[record])
        columns.pointee.attributeValueStarts.append(columns.pointee.attributeValueStarts[record])
        columns.pointee.attributeValueCounts.append(columns.pointee.attributeValueCounts[record])
    }

    // MARK: Text measures

    func summary(at serial: Int32) -> TextSummary? {
        let index = Int(serial)
        guard index < columns.pointee.summarySlots.count else { return nil }
        let slot = columns.pointee.summarySlots[index]
        return slot < 0 ? nil : columns.pointee.summaries[Int(slot)]
    }

    func setSummary(_ summary: TextSummary?, at serial: Int32) {
        let index = Int(serial)
        if index >= columns.pointee.summarySlots.count {
            guard summary != nil else { return }
            reserveSummaries()
        }
        let slot = columns.pointee.summarySlots[index]
        if let summary {
            if slot < 0 {
                columns.pointee.summarySlots[index] = Int32(truncatingIfNeeded: columns.pointee.summaries.count)
                columns.pointee.summaries.append(summary)
            } else {
                columns.pointee.summaries[Int(slot)] = summary
            }
        } else if slot >= 0 {
            columns.pointee.summarySlots[index] = -1
        }
    }

    /// Makes room for a measure of every node made so far, and for `measures` measures: at once
    /// when a measure begins (see ``releaseSummaries()``), grown only for nodes made while
    /// measures are held.
    func reserveSummaries(measures: Int = 0) {
        columns.pointee.summaries.reserve(columns.pointee.summaries.count + measures)
        let missing = nodeCount - columns.pointee.summarySlots.count
        guard missing > 0 else { return }
        columns.pointee.summarySlots.append(repeating: -1, count: missing)
    }

    /// Forgets every measure and lets go of their storage, so that the next measure, after the
    /// page gained nodes, makes it at the new size instead of growing it (the old and the new
    /// storage side by side would be the extraction's peak).
    func releaseSummaries() {
        columns.pointee.summarySlots.removeAll()
        columns.pointee.summaries.removeAll()
    }

    // MARK: Journal

    /// Starts recording changes: from now on, every node that exists now is saved as it was
    /// before its first change, so that ``rewind(_:)`` can put the page back.
    func beginJournal() {
        journalEntries.clear(in: self)
        columns.pointee.journalStart = Int32(truncatingIfNeeded: nodeCount)
    }

    /// Saves `node` as it is, before a change (called by the node).
    func journal(_ node: PageNode) {
        journalEntries.save(node.serial, of: self)
        sharedAttributeRecords = columns.pointee.attributeNames.count
        marks[Int(node.serial)].insert(.journaled)
    }

    /// Puts every node saved since ``beginJournal()`` back as it was, clears the extractor's
    /// marks under `root` (scores, data tables, text measures) and journals afresh from the
    /// restored page. Nodes made since are left out of the page.
    func rewind(_ root: PageNode) {
        let start = journalStart
        columns.pointee.journalStart = 0
        journalEntries.restore(in: self)
        var cursor: PageNode? = root
        while let node = cursor {
            node.score = nil
            node.isDataTable = false
            cursor = node.following(within: root)
        }
        releaseSummaries()
        columns.pointee.journalStart = start
    }

    /// Stops recording changes and lets go of what was saved.
    func endJournal() {
        columns.pointee.journalStart = 0
        journalEntries.clear(in: self)
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
        let tree = PageTree(pageSize: min(page.count, maxInputBytes))
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
                tree.readAttributes(attributes, into: 0)
                targets.append(tree.root)
                return
            }
            guard tree.nodeCount < PageTree.maxNodes else {
                targets.append(target)
                return
            }
            let element = PageNode(tree: tree, serial: tree.appendNode(nameIndex: tree.elementNameIndex(name)))
            tree.readAttributes(attributes, into: element.serial)
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
            guard !targets.isEmpty, tree.nodeCount < PageTree.maxNodes else { return }
            let value = UnsafeBufferPointer(start: characters, count: length)
            let parent = target
            if let last = parent.lastChild, last.isText {
                tree.appendText(value, to: last.serial)
            } else {
                let node = PageNode(tree: tree, serial: tree.appendNode(nameIndex: 0))
                tree.setText(value, of: node.serial)
                parent.append(node)
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

    /// Gives the element `serial` the attributes of a SAX1 list (name, value, name, value…, nil);
    /// a value-less attribute is empty, or its own name for HTML's boolean attributes.
    fileprivate func readAttributes(_ list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, into serial: Int32) {
        let start = columns.pointee.attributeNames.count
        if var cursor = list {
            while let key = cursor.pointee {
                // libxml2's HTML parser lower-cases attribute names already.
                let name = String(cString: key)
                if let index = nameIndex(name) {
                    if let value = (cursor + 1).pointee {
                        appendAttribute(name: index, value: UnsafeBufferPointer(start: value, count: strlen(value)))
                    } else {
                        var value = Self.booleanAttributes.contains(name) ? name : ""
                        value.withUTF8 { appendAttribute(name: index, value: $0) }
                    }
                }
                cursor += 2
            }
        }
        endAttributes(startingAt: start, of: serial)
    }

    /// A deep copy of `node` (in this tree), scores and marks left behind. The copies share the
    /// originals' characters and attribute records, which never change where they are.
    func clone(_ node: PageNode) -> PageNode {
        let copy = duplicate(node)
        var cursor = node.firstChild
        var target = copy
        var depthStack: [PageNode] = []
        // Walk the source in document order, keeping the copy's current parent in step.
        while let source = cursor {
            let duplicate = duplicate(source)
            target.append(duplicate)
            if let child = source.firstChild {
                depthStack.append(target)
                target = duplicate
                cursor = child
                continue
            }
            var up: PageNode? = source
            cursor = nil
            while let current = up, current != node {
                if let next = current.nextSibling {
                    cursor = next
                    break
                }
                up = current.parent
                if up != node, let previous = depthStack.popLast() { target = previous }
            }
        }
        return copy
    }

    /// A new node with the name and the text or attributes of `node`, not linked anywhere.
    private func duplicate(_ node: PageNode) -> PageNode {
        sharedAttributeRecords = columns.pointee.attributeNames.count
        let serial = appendNode(nameIndex: nameIndexes[Int(node.serial)])
        payloadStarts[Int(serial)] = payloadStarts[Int(node.serial)]
        payloadCounts[Int(serial)] = payloadCounts[Int(node.serial)]
        return PageNode(tree: self, serial: serial)
    }
}

/// The extractor's marks on a node.
struct PageNodeMarks: OptionSet {
    let rawValue: UInt8
    /// A table that holds data (not layout).
    static let dataTable = PageNodeMarks(rawValue: 1)
    /// Saved by the tree's journal as it was.
    static let journaled = PageNodeMarks(rawValue: 2)
}
