/// The measure of a run of text that can be combined: the characters of the text trimmed and
/// space-collapsed, counted from the measures of its parts. Scoring asks the length and the link
/// text of thousands of nested blocks; measuring every node once, children before parents, makes
/// each answer a lookup instead of a walk of the block.
struct TextSummary {
    // Every node of a page carries one while its blocks are scored: the counts are kept in 32
    // bits (a page is at most 8 MiB), which makes a node 32 bytes smaller.
    /// The weighted length of the links' text inside (see ``BlockCensus/weightedLength(ofLink:)``).
    var linkLength = 0.0
    /// Characters that are not white space.
    var visible: Int32 = 0
    /// Commas among them.
    var commas: Int32 = 0
    /// White space before the first visible character (all of it, when there is none).
    var leadingSpaces: Int32 = 0
    /// White space after the last visible character.
    var trailingSpaces: Int32 = 0
    /// Runs of white space between visible characters, and their characters.
    var internalRuns: Int32 = 0
    var internalSpaces: Int32 = 0
    /// The `<br>` and `<hr>` elements inside.
    var breaks: Int32 = 0

    var hasText: Bool { visible > 0 }
    /// The length of the trimmed text with each run of white space made one character.
    var normalizedLength: Int { Int(visible) + Int(internalRuns) }
    /// The length of the trimmed text.
    var trimmedLength: Int { Int(visible) + Int(internalSpaces) }

    init() {}

    /// Measures one run of text.
    init(utf8: UnsafeBufferPointer<UInt8>) {
        var counter = TextCounter(normalizingSpaces: true)
        counter.count(utf8: utf8)
        var raw = TextCounter(normalizingSpaces: false)
        raw.count(utf8: utf8)
        visible = Int32(truncatingIfNeeded: counter.visible)
        commas = Int32(truncatingIfNeeded: counter.commas)
        internalRuns = Int32(truncatingIfNeeded: counter.length - counter.visible)
        internalSpaces = Int32(truncatingIfNeeded: raw.length - raw.visible)
        leadingSpaces = Int32(truncatingIfNeeded: counter.leadingSpaces)
        trailingSpaces = Int32(truncatingIfNeeded: counter.trailingSpaces)
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

    /// Measures every element of `root`'s subtree (itself included), children first, into
    /// ``PageNode/summary``; a run of text is measured as its parent's measure is made (the
    /// measures of text are not kept: there are twice as many runs of text as elements).
    /// ``forget(in:)`` lets the measures go, when the tree is about to change.
    static func measure(_ root: PageNode) {
        guard root.isElement else { return }
        // The elements by serial (a handle is twice the size), parents before children.
        var order: [Int32] = [root.serial]
        root.forEachDescendant { if $0.isElement { order.append($0.serial) } }
        let tree = root.tree
        tree.reserveSummaries(measures: order.count)
        for serial in order.reversed() {
            let node = PageNode(tree: tree, serial: serial)
            var summary = TextSummary()
            var child = node.firstChild
            while let current = child {
                if current.isText {
                    summary = summary.followed(by: current.withTextUTF8(TextSummary.init(utf8:)))
                } else if let measured = current.summary {
                    summary = summary.followed(by: measured)
                }
                child = current.nextSibling
            }
            if node.name == "br" || node.name == "hr" { summary.breaks += 1 }
            if node.name == "a" {
                summary.linkLength += Double(summary.normalizedLength) * BlockCensus.weight(ofLink: node)
            }
            node.summary = summary
        }
    }

    /// Forgets every measure of `tree` and lets it release their storage: measures are taken one
    /// set at a time.
    static func forget(in tree: PageTree) {
        tree.releaseSummaries()
    }
}
