/// The nodes an attempt changed, as they were before: what ``PageTree/rewind(_:)`` puts back so
/// that a looser attempt starts from the page as it was.
///
/// A node is saved at its first change only (its links, name and attributes), so the journal
/// grows with what an attempt does, not with the page: an attempt that strips a sidebar of
/// 5,000 nodes saves the sidebar's root and its neighbours. Copying the whole page's shape before
/// each attempt held a third of the tree's memory at the extraction's peak.
struct PageJournal {
    private struct Saved {
        unowned(unsafe) let node: PageNode
        unowned(unsafe) let parent: PageNode?
        unowned(unsafe) let firstChild: PageNode?
        unowned(unsafe) let lastChild: PageNode?
        unowned(unsafe) let nextSibling: PageNode?
        unowned(unsafe) let previousSibling: PageNode?
        let value: String
        let attributes: [(name: String, value: String)]
    }

    private var saved: [Saved] = []

    /// Saves `node` as it is now.
    mutating func save(_ node: PageNode) {
        saved.append(Saved(node: node, parent: node.parent, firstChild: node.firstChild, lastChild: node.lastChild,
                           nextSibling: node.nextSibling, previousSibling: node.previousSibling,
                           value: node.journaledValue, attributes: node.attributes))
    }

    /// Puts every saved node back as it was and empties the journal. The caller stops journaling
    /// first: the restoring writes are not changes to record.
    mutating func restore() {
        for entry in saved {
            let node = entry.node
            node.parent = entry.parent
            node.firstChild = entry.firstChild
            node.lastChild = entry.lastChild
            node.nextSibling = entry.nextSibling
            node.previousSibling = entry.previousSibling
            node.journaledValue = entry.value
            node.attributes = entry.attributes
            node.isJournaled = false
        }
        saved.removeAll()
    }

    /// Forgets what was saved.
    mutating func clear() {
        for entry in saved { entry.node.isJournaled = false }
        saved.removeAll()
    }
}
