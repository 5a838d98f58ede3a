/// A node of a page's tree as the article extractor reshapes it: an element or a run of text.
///
/// Nodes live in a ``PageTree``, which owns them all; the links between them (parent, siblings,
/// children) do not own anything, so taking a node out of the tree is a few pointer writes and
/// releasing a page of 100,000 nested or sibling elements never recurses.
final class PageNode {
    // The stored properties are declared in the order that packs them tightest: a page of
    // 20,000 nodes holds them all at the extraction's peak.

    /// An element's tag name, or a text node's characters.
    private var value: String
    /// The attributes of an element, names lower-cased, in document order.
    var attributes: [(name: String, value: String)] { willSet { noteChange() } }

    unowned(unsafe) var parent: PageNode? { willSet { noteChange() } }
    unowned(unsafe) var firstChild: PageNode? { willSet { noteChange() } }
    unowned(unsafe) var lastChild: PageNode? { willSet { noteChange() } }
    unowned(unsafe) var nextSibling: PageNode? { willSet { noteChange() } }
    unowned(unsafe) var previousSibling: PageNode? { willSet { noteChange() } }

    /// The tree that made the node: its journal hears of the node's changes, and it keeps the
    /// node's text measure (nil for a node made alone, which has none).
    unowned(unsafe) let tree: PageTree?
    /// The score, meaningful when ``Marks/scored`` is set.
    private var scoreValue = 0.0
    /// The node's place in the order its tree made nodes: a journal records only the nodes that
    /// existed when it began, and the tree keeps the node's text measure under it.
    let serial: Int32
    private var marks: Marks

    private struct Marks: OptionSet {
        let rawValue: UInt8
        static let text = Marks(rawValue: 1)
        static let scored = Marks(rawValue: 2)
        static let dataTable = Marks(rawValue: 4)
        static let journaled = Marks(rawValue: 8)
        static let measured = Marks(rawValue: 16)
    }

    /// A node made alone (tests): an element when `name` is not empty, else a run of `text`.
    convenience init(name: String, attributes: [(name: String, value: String)] = [], text: String = "") {
        self.init(in: nil, serial: 0, name: name, attributes: attributes, text: text)
    }

    /// A node of `tree`, the `serial`-th it made: an element when `name` is not empty, else a run
    /// of `text`.
    init(in tree: PageTree?, serial: Int32, name: String, attributes: [(name: String, value: String)], text: String) {
        value = name.isEmpty ? text : name
        self.attributes = attributes
        self.tree = tree
        self.serial = serial
        marks = name.isEmpty ? .text : []
    }

    /// The lower-cased tag name of an element; empty for text.
    var name: String {
        get { marks.contains(.text) ? "" : value }
        set {
            assert(!marks.contains(.text), "a text node has no name: its characters would be lost")
            noteChange()
            value = newValue
        }
    }

    /// The characters of a text node; empty for an element. Set only while the page is read
    /// (before any journal): a change is not journaled.
    var text: String {
        get { marks.contains(.text) ? value : "" }
        set {
            assert(marks.contains(.text) && tree.map { $0.journalStart == 0 } ?? true,
                   "only a text node's characters change, and only while the page is read")
            value = newValue
        }
    }

    var isText: Bool { marks.contains(.text) }
    var isElement: Bool { !marks.contains(.text) }

    /// The extractor's score once a node has been a candidate ("initialised"), else nil.
    var score: Double? {
        get { marks.contains(.scored) ? scoreValue : nil }
        set {
            if let newValue {
                scoreValue = newValue
                marks.insert(.scored)
            } else {
                marks.remove(.scored)
            }
        }
    }

    /// Set on a table that holds data (not layout).
    var isDataTable: Bool {
        get { marks.contains(.dataTable) }
        set { if newValue { marks.insert(.dataTable) } else { marks.remove(.dataTable) } }
    }

    /// The measure of the node's text while the tree does not change (scoring), else nil. The
    /// tree keeps it, so a node is 40 bytes smaller when none is taken.
    var summary: TextSummary? {
        get {
            guard marks.contains(.measured), let tree else { return nil }
            return tree.summary(at: serial)
        }
        set {
            guard let tree else { return }
            if let newValue {
                tree.setSummary(newValue, at: serial)
                marks.insert(.measured)
            } else {
                marks.remove(.measured)
            }
        }
    }

    /// Set while the tree's journal holds the node as it was.
    var isJournaled: Bool {
        get { marks.contains(.journaled) }
        set { if newValue { marks.insert(.journaled) } else { marks.remove(.journaled) } }
    }

    /// What a journal saves and puts back: the name or text, kept as it is.
    var journaledValue: String {
        get { value }
        set { value = newValue }
    }

    /// Called before the node's links, name or attributes change: a journal that began after the
    /// node was made saves the node as it was, once.
    @inline(__always)
    private func noteChange() {
        guard !marks.contains(.journaled), let tree, serial < tree.journalStart else { return }
        tree.journal(self)
    }

    // MARK: Attributes

    func attribute(_ key: String) -> String? {
        for attribute in attributes where attribute.name == key { return attribute.value }
        return nil
    }

    func hasAttribute(_ key: String) -> Bool { attributes.contains { $0.name == key } }

    func setAttribute(_ key: String, _ value: String) {
        if let index = attributes.firstIndex(where: { $0.name == key }) {
            attributes[index].value = value
        } else {
            attributes.append((key, value))
        }
    }

    func removeAttribute(_ key: String) { attributes.removeAll { $0.name == key } }

    var className: String { attribute("class") ?? "" }
    var id: String { attribute("id") ?? "" }
    /// The words of the class, lower-cased (`"Post  entry-Content"` is `post`, `entry-content`).
    var classWords: [Substring] { Substring(className.lowercased()).split(whereSeparator: \.isWhitespace) }
    /// The class and id together, as the candidate patterns are matched against.
    var matchString: String { className + " " + id }

    // MARK: Structure

    /// The element children, in order.
    var elementChildren: [PageNode] {
        var result: [PageNode] = []
        var child = firstChild
        while let node = child {
            if node.isElement { result.append(node) }
            child = node.nextSibling
        }
        return result
    }

    var elementCount: Int {
        var count = 0
        var child = firstChild
        while let node = child {
            if node.isElement { count += 1 }
            child = node.nextSibling
        }
        return count
    }

    var firstElementChild: PageNode? {
        var child = firstChild
        while let node = child {
            if node.isElement { return node }
            child = node.nextSibling
        }
        return nil
    }

    var nextElementSibling: PageNode? {
        var sibling = nextSibling
        while let node = sibling {
            if node.isElement { return node }
            sibling = node.nextSibling
        }
        return nil
    }

    var previousElementSibling: PageNode? {
        var sibling = previousSibling
        while let node = sibling {
            if node.isElement { return node }
            sibling = node.previousSibling
        }
        return nil
    }

    /// Takes the node out of its parent (with its subtree).
    func detach() {
        if let previousSibling { previousSibling.nextSibling = nextSibling } else { parent?.firstChild = nextSibling }
        if let nextSibling { nextSibling.previousSibling = previousSibling } else { parent?.lastChild = previousSibling }
        parent = nil
        nextSibling = nil
        previousSibling = nil
    }

    /// Appends `child` (taken from wherever it was) as the last child.
    func append(_ child: PageNode) {
        child.detach()
        child.parent = self
        child.previousSibling = lastChild
        if let lastChild { lastChild.nextSibling = child } else { firstChild = child }
        lastChild = child
    }

    /// Puts `other` (taken from wherever it was) where this node is, and takes this one out.
    func replace(with other: PageNode) {
        guard other !== self else { return }
        other.detach()
        other.parent = parent
        other.previousSibling = previousSibling
        other.nextSibling = nextSibling
        if let previousSibling { previousSibling.nextSibling = other } else { parent?.firstChild = other }
        if let nextSibling { nextSibling.previousSibling = other } else { parent?.lastChild = other }
        parent = nil
        nextSibling = nil
        previousSibling = nil
    }

    /// True when `node` is this node or inside it.
    func contains(_ node: PageNode) -> Bool {
        var cursor: PageNode? = node
        while let current = cursor {
            if current === self { return true }
            cursor = current.parent
        }
        return false
    }

    // MARK: Walking

    /// The next node after this one in document order, staying inside `root`; `skippingChildren`
    /// steps over this node's subtree.
    func following(within root: PageNode, skippingChildren: Bool = false) -> PageNode? {
        if !skippingChildren, let firstChild { return firstChild }
        var cursor: PageNode? = self
        while let node = cursor, node !== root {
            if let next = node.nextSibling { return next }
            cursor = node.parent
        }
        return nil
    }

    /// Calls `body` for each node under this one (not itself), in document order.
    func forEachDescendant(_ body: (PageNode) -> Void) {
        var cursor = firstChild
        while let node = cursor {
            body(node)
            cursor = node.following(within: self)
        }
    }

    /// The elements under this one with one of `names`, in document order (a snapshot).
    func descendants(named names: Set<String>) -> [PageNode] {
        var result: [PageNode] = []
        forEachDescendant { if names.contains($0.name) { result.append($0) } }
        return result
    }

    func descendants(named name: String) -> [PageNode] {
        var result: [PageNode] = []
        forEachDescendant { if $0.name == name { result.append($0) } }
        return result
    }

    func countDescendants(named name: String) -> Int {
        var count = 0
        forEachDescendant { if $0.name == name { count += 1 } }
        return count
    }

    func hasDescendant(where predicate: (PageNode) -> Bool) -> Bool {
        var cursor = firstChild
        while let node = cursor {
            if predicate(node) { return true }
            cursor = node.following(within: self)
        }
        return false
    }

    /// The ancestors, nearest first, at most `limit` of them (0: all).
    func ancestors(limit: Int = 0) -> [PageNode] {
        var result: [PageNode] = []
        var cursor = parent
        while let node = cursor {
            result.append(node)
            if limit > 0 && result.count == limit { break }
            cursor = node.parent
        }
        return result
    }

    /// True when an ancestor named `tag` (and passing `filter`) is at most `maxDepth` levels up
    /// (`maxDepth` ≤ 0: any level).
    func hasAncestor(_ tag: String, maxDepth: Int = 3, where filter: ((PageNode) -> Bool)? = nil) -> Bool {
        var depth = 0
        var cursor = self
        while let parent = cursor.parent {
            if maxDepth > 0 && depth > maxDepth { return false }
            if parent.name == tag && (filter?(parent) ?? true) { return true }
            cursor = parent
            depth += 1
        }
        return false
    }

    // MARK: Text

    /// All the text under the node, as the DOM's `textContent`.
    var textContent: String {
        if isText { return text }
        var result = ""
        forEachDescendant { if $0.isText { result += $0.text } }
        return result
    }

    /// The text trimmed, and with runs of white space made one space when `normalizingSpaces`.
    func innerText(normalizingSpaces: Bool = true) -> String {
        let trimmed = PageText.trimmed(textContent)
        return normalizingSpaces ? PageText.collapsingSpaceRuns(trimmed) : trimmed
    }

    /// The length of ``innerText(normalizingSpaces:)`` in characters, and its commas, counted
    /// without building the text.
    func textStatistics(normalizingSpaces: Bool = true) -> (length: Int, commas: Int) {
        if let summary { return (normalizingSpaces ? summary.normalizedLength : summary.trimmedLength, Int(summary.commas)) }
        var counter = TextCounter(normalizingSpaces: normalizingSpaces)
        if isText {
            counter.count(text)
        } else {
            var cursor = firstChild
            while let node = cursor {
                if node.isText { counter.count(node.text) }
                cursor = node.following(within: self)
            }
        }
        return (counter.length, counter.commas)
    }

    /// The length of ``innerText(normalizingSpaces:)`` in characters.
    func innerTextLength(normalizingSpaces: Bool = true) -> Int {
        textStatistics(normalizingSpaces: normalizingSpaces).length
    }

    /// The length of ``textContent`` in characters, counted up to `limit` (then `limit`).
    func rawTextLength(upTo limit: Int) -> Int {
        if isText { return min(limit, text.unicodeScalars.count) }
        var length = 0
        var cursor = firstChild
        while let node = cursor, length < limit {
            if node.isText { length += node.text.unicodeScalars.count }
            cursor = node.following(within: self)
        }
        return min(limit, length)
    }

    /// True when some text under the node is not white space.
    var hasVisibleText: Bool {
        if isText { return !PageText.isBlank(text) }
        return hasDescendant { $0.isText && !PageText.isBlank($0.text) }
    }
}
