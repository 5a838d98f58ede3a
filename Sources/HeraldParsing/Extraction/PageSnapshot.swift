/// The shape of a subtree as it was, to put back after an attempt reshaped it: every node's links,
/// name and attributes, and the extractor's marks cleared. Cheaper than copying the page for each
/// attempt: most pages need one, and a later attempt starts from the restored nodes.
struct PageSnapshot {
    private struct Saved {
        unowned(unsafe) let node: PageNode
        unowned(unsafe) let parent: PageNode?
        unowned(unsafe) let nextSibling: PageNode?
        unowned(unsafe) let previousSibling: PageNode?
        let name: String
        let attributes: [(name: String, value: String)]
    }

    private let saved: [Saved]

    /// Records `root` and everything under it.
    ///
    /// The record is the largest thing an extraction holds beside the page's tree (a node's entry
    /// is a third of the node): it is made at its exact size, and a node's first and last children
    /// are not kept but found again from the siblings' links.
    init(_ root: PageNode) {
        var count = 1
        root.forEachDescendant { _ in count += 1 }
        var saved: [Saved] = []
        saved.reserveCapacity(count)
        func record(_ node: PageNode) {
            saved.append(Saved(node: node, parent: node.parent, nextSibling: node.nextSibling,
                               previousSibling: node.previousSibling, name: node.name, attributes: node.attributes))
        }
        record(root)
        root.forEachDescendant(record)
        self.saved = saved
    }

    /// Puts every recorded node back as it was (nodes made since are left out of the tree).
    func restore() {
        for entry in saved {
            let node = entry.node
            node.parent = entry.parent
            node.firstChild = nil
            node.lastChild = nil
            node.nextSibling = entry.nextSibling
            node.previousSibling = entry.previousSibling
            node.name = entry.name
            node.attributes = entry.attributes
            node.score = nil
            node.isDataTable = false
            node.summary = nil
        }
        // Each recorded node is its parent's first child when it had no previous sibling, and its
        // last when it had no next one. The root's parent is outside the record and keeps its links.
        for entry in saved.dropFirst() {
            guard let parent = entry.parent else { continue }
            if entry.previousSibling == nil { parent.firstChild = entry.node }
            if entry.nextSibling == nil { parent.lastChild = entry.node }
        }
    }
}
