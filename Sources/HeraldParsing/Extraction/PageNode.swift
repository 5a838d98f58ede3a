/// A node of a page's tree as the article extractor reshapes it: an element or a run of text.
///
/// A node is a handle: its tree and its serial, the place in the order the tree made nodes. What
/// it is (links, name, text, attributes, marks) lives in the tree's columns (``PageTree``), so a
/// handle is two words that cost no reference counting, taking a node out of the tree is a few
/// writes, and releasing a page of 100,000 nested or sibling elements never recurses. A handle
/// is only used while its tree lives: the extraction holds the tree until it is done.
struct PageNode: Hashable {
    /// The tree that made the node and keeps it.
    unowned(unsafe) let tree: PageTree
    /// The node's place in the order its tree made nodes: a journal records only the nodes that
    /// existed when it began.
    let serial: Int32

    init(tree: PageTree, serial: Int32) {
        self.tree = tree
        self.serial = serial
    }

    static func == (lhs: PageNode, rhs: PageNode) -> Bool {
        lhs.serial == rhs.serial && lhs.tree === rhs.tree
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(serial)
    }

    private var index: Int { Int(serial) }

    // MARK: Links

    var parent: PageNode? { get { linked(tree.parents) } nonmutating set { link(tree.parents, to: newValue) } }
    var firstChild: PageNode? { get { linked(tree.firstChildren) } nonmutating set { link(tree.firstChildren, to: newValue) } }
    var lastChild: PageNode? { get { linked(tree.lastChildren) } nonmutating set { link(tree.lastChildren, to: newValue) } }
    var nextSibling: PageNode? { get { linked(tree.nextSiblings) } nonmutating set { link(tree.nextSiblings, to: newValue) } }
    var previousSibling: PageNode? {
        get { linked(tree.previousSiblings) }
        nonmutating set { link(tree.previousSiblings, to: newValue) }
    }

    /// The node a link column names for this one.
    @inline(__always)
    private func linked(_ column: PageColumn<Int32>) -> PageNode? {
        let serial = column[index]
        return serial < 0 ? nil : PageNode(tree: tree, serial: serial)
    }

    /// Points this node's entry of a link column at `node` (none: nil), journaled first.
    @inline(__always)
    private func link(_ column: PageColumn<Int32>, to node: PageNode?) {
        noteChange()
        column[index] = node?.serial ?? PageTree.noNode
    }

    // MARK: What the node is

    /// The lower-cased tag name of an element; empty for text.
    var name: String {
        get { tree.names[Int(tree.nameIndexes[index])] }
        nonmutating set {
            assert(isElement && !newValue.isEmpty, "a text node has no name: its characters would be lost")
            noteChange()
            tree.nameIndexes[index] = tree.elementNameIndex(newValue)
        }
    }

    /// The characters of a text node; empty for an element.
    var text: String { isText ? tree.text(of: serial) : "" }

    /// Calls `body` with the UTF-8 characters of a text node (none for an element).
    func withTextUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        isText ? tree.withText(of: serial, body) : body(UnsafeBufferPointer(start: nil, count: 0))
    }

    var isText: Bool { tree.nameIndexes[index] == 0 }
    var isElement: Bool { tree.nameIndexes[index] != 0 }

    /// The extractor's score once a node has been a candidate ("initialised"), else nil.
    var score: Double? {
        get { tree.scores[serial] }
        nonmutating set { tree.scores[serial] = newValue }
    }

    /// Set on a table that holds data (not layout).
    var isDataTable: Bool {
        get { tree.marks[index].contains(.dataTable) }
        nonmutating set {
            if newValue { tree.marks[index].insert(.dataTable) } else { tree.marks[index].remove(.dataTable) }
        }
    }

    /// Set while the tree's journal holds the node as it was.
    var isJournaled: Bool { tree.marks[index].contains(.journaled) }

    /// The measure of an element's text while the tree does not change (scoring), else nil.
    var summary: TextSummary? {
        get { tree.summary(at: serial) }
        nonmutating set { tree.setSummary(newValue, at: serial) }
    }

    /// Called before the node's links, name or attributes change: a journal that began after the
    /// node was made saves the node as it was, once.
    @inline(__always)
    private func noteChange() {
        guard serial < tree.journalStart, !tree.marks[index].contains(.journaled) else { return }
        tree.journal(self)
    }

    // MARK: Attributes

    /// The attributes of an element, names lower-cased, in document order.
    var attributes: [(name: String, value: String)] {
        get { tree.attributes(of: serial) }
        nonmutating set {
            noteChange()
            tree.setAttributes(newValue, of: serial)
        }
    }

    func attribute(_ key: String) -> String? { tree.attribute(key, of: serial) }

    func hasAttribute(_ key: String) -> Bool { tree.hasAttribute(key, of: serial) }

    /// True when the value of some attribute passes `predicate`.
    func hasAttributeValue(where predicate: (String) -> Bool) -> Bool {
        tree.containsAttribute(of: serial) { _, value in predicate(value) }
    }

    func setAttribute(_ key: String, _ value: String) {
        noteChange()
        tree.setAttribute(key, value, of: serial)
    }

    func removeAttribute(_ key: String) {
        guard hasAttribute(key) else { return }
        noteChange()
        tree.removeAttribute(key, of: serial)
    }

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
        guard other != self else { return }
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
            if current == self { return true }
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
        while let node = cursor, node != root {
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
        var utf8: [UInt8] = []
        forEachDescendant { node in
            if node.isText { node.withTextUTF8 { utf8.append(contentsOf: $0) } }
        }
        return String(decoding: utf8, as: UTF8.self)
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
            withTextUTF8 { counter.count(utf8: $0) }
        } else {
            var cursor = firstChild
            while let node = cursor {
                if node.isText { node.withTextUTF8 { counter.count(utf8: $0) } }
                cursor = node.following(within: self)
            }
        }
        return (counter.length, counter.commas)
    }

    /// The length of ``innerText(normalizingSpaces:)`` in characters.
    func innerTextLength(normalizingSpaces: Bool = true) -> Int {
        textStatistics(normalizingSpaces: normalizingSpaces).length
    }

    /// The number of Unicode scalars of a text node's characters (a scalar starts at every byte
    /// that does not continue one).
    private var scalarCount: Int {
        withTextUTF8 { utf8 in utf8.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
    }

    /// The length of ``textContent`` in characters, counted up to `limit` (then `limit`).
    func rawTextLength(upTo limit: Int) -> Int {
        if isText { return min(limit, scalarCount) }
        var length = 0
        var cursor = firstChild
        while let node = cursor, length < limit {
            if node.isText { length += node.scalarCount }
            cursor = node.following(within: self)
        }
        return min(limit, length)
    }

    /// True when some text under the node is not white space.
    var hasVisibleText: Bool {
        if isText { return !withTextUTF8(PageText.isBlank(utf8:)) }
        return hasDescendant { $0.isText && !$0.withTextUTF8(PageText.isBlank(utf8:)) }
    }
}
