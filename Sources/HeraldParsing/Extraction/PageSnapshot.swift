/// The shape of a subtree as it was, to put back after an attempt reshaped it: every node's links,
/// name and attributes, and the extractor's marks cleared. Cheaper than copying the page for each
/// attempt: most pages need one, and a later attempt starts from the restored nodes.
struct PageSnapshot {
    private struct Saved {
        unowned(unsafe) let node: PageNode
        unowned(unsafe) let parent: PageNode?
        unowned(unsafe) let firstChild: PageNode?
        unowned(unsafe) let lastChild: PageNode?
        unowned(unsafe) let nextSibling: PageNode?
        unowned(unsafe) let previousSibling: PageNode?
        let name: String
        let attributes: [(name: String, value: String)]
    }

    private let saved: [Saved]

    /// Records `root` and everything under it.
    init(_ root: PageNode) {
        var saved: [Saved] = []
        func record(_ node: PageNode) {
            saved.append(Saved(node: node, parent: node.parent, firstChild: node.firstChild, lastChild: node.lastChild,
                               nextSibling: node.nextSibling, previousSibling: node.previousSibling,
                               name: node.name, attributes: node.attributes))
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
            node.firstChild = entry.firstChild
            node.lastChild = entry.lastChild
            node.nextSibling = entry.nextSibling
            node.previousSibling = entry.previousSibling
            node.name = entry.name
            node.attributes = entry.attributes
            node.score = nil
            node.isDataTable = false
            node.summary = nil
        }
    }
}
