/// The measure of a run of text that can be combined: the characters of the text trimmed and
/// space-collapsed, counted from the measures of its parts. Scoring asks the length and the link
/// text of thousands of nested blocks; measuring every node once, children before parents, makes
/// each answer a lookup instead of a walk of the block.
struct TextSummary {
    // Every node of a page carries one while its blocks are scored: the counts are kept in 32
    // bits (a page is at most 8 MiB), which makes a node 32 bytes smaller.
    /// The weighted length of the links' text inside (see ``BlockCensus/weightedLength(ofLink:)``).
    var linkLength = 0.0
    private var counts: (visible: Int32, commas: Int32, leading: Int32, trailing: Int32, runs: Int32, spaces: Int32,
                         breaks: Int32) = (0, 0, 0, 0, 0, 0, 0)

    /// Characters that are not white space.
    var visible: Int {
        get { Int(counts.visible) }
        set { counts.visible = Int32(truncatingIfNeeded: newValue) }
    }
    /// Commas among them.
    var commas: Int {
        get { Int(counts.commas) }
        set { counts.commas = Int32(truncatingIfNeeded: newValue) }
    }
    /// White space before the first visible character (all of it, when there is none).
    var leadingSpaces: Int {
        get { Int(counts.leading) }
        set { counts.leading = Int32(truncatingIfNeeded: newValue) }
    }
    /// White space after the last visible character.
    var trailingSpaces: Int {
        get { Int(counts.trailing) }
        set { counts.trailing = Int32(truncatingIfNeeded: newValue) }
    }
    /// Runs of white space between visible characters, and their characters.
    var internalRuns: Int {
        get { Int(counts.runs) }
        set { counts.runs = Int32(truncatingIfNeeded: newValue) }
    }
    var internalSpaces: Int {
        get { Int(counts.spaces) }
        set { counts.spaces = Int32(truncatingIfNeeded: newValue) }
    }
    /// The `<br>` and `<hr>` elements inside.
    var breaks: Int {
        get { Int(counts.breaks) }
        set { counts.breaks = Int32(truncatingIfNeeded: newValue) }
    }

    var hasText: Bool { visible > 0 }
    /// The length of the trimmed text with each run of white space made one character.
    var normalizedLength: Int { visible + internalRuns }
    /// The length of the trimmed text.
    var trimmedLength: Int { visible + internalSpaces }

    init() {}

    /// Measures one text node.
    init(text: String) {
        var counter = TextCounter(normalizingSpaces: true)
        counter.count(text)
        var raw = TextCounter(normalizingSpaces: false)
        raw.count(text)
        visible = counter.visible
        commas = counter.commas
        internalRuns = counter.length - counter.visible
        internalSpaces = raw.length - raw.visible
        leadingSpaces = counter.leadingSpaces
        trailingSpaces = counter.trailingSpaces
    }

    /// The measure of this text followed by `next`.
    func followed(by next: TextSummary) -> TextSummary {
        var result = self
        result.linkLength += next.linkLength
        result.breaks += next.breaks
        if !hasText {
            result = next
            result.leadingSpaces += leadingSpaces
            result.linkLength = linkLength + next.linkLength
            result.breaks = breaks + next.breaks
            return result
        }
        if !next.hasText {
            result.trailingSpaces += next.leadingSpaces
            return result
        }
        let gap = trailingSpaces + next.leadingSpaces
        result.visible += next.visible
        result.commas += next.commas
        result.internalRuns += next.internalRuns + (gap > 0 ? 1 : 0)
        result.internalSpaces += next.internalSpaces + gap
        result.trailingSpaces = next.trailingSpaces
        return result
    }

    /// Measures every node of `root`'s subtree (itself included), children first, into ``PageNode/summary``.
    /// - Returns: The nodes measured, to forget the measures when the tree is about to change.
    @discardableResult
    static func measure(_ root: PageNode) -> [PageNode] {
        var order: [PageNode] = [root]
        root.forEachDescendant { order.append($0) }
        for node in order.reversed() {
            if node.isText {
                node.summary = TextSummary(text: node.text)
                continue
            }
            var summary = TextSummary()
            var child = node.firstChild
            while let current = child {
                if let measured = current.summary { summary = summary.followed(by: measured) }
                child = current.nextSibling
            }
            if node.name == "br" || node.name == "hr" { summary.breaks += 1 }
            if node.name == "a" {
                summary.linkLength += Double(summary.normalizedLength) * BlockCensus.weight(ofLink: node)
            }
            node.summary = summary
        }
        return order
    }

    static func forget(_ nodes: [PageNode]) {
        for node in nodes { node.summary = nil }
    }
}
