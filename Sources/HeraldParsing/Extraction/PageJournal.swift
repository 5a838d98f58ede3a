/// The nodes an attempt changed, as they were before: what ``PageTree/rewind(_:)`` puts back so
/// that a looser attempt starts from the page as it was.
///
/// A node is saved at its first change only (its links, name and the range of its attributes:
/// attribute records are never changed where they are), so the journal grows with what an
/// attempt does, not with the page: an attempt that strips a sidebar of 5,000 nodes saves the
/// sidebar's root and its neighbours. Copying the whole page's shape before each attempt held a
/// third of the tree's memory at the extraction's peak.
struct PageJournal {
    private struct Saved {
        let serial: Int32
        let parent: Int32
        let firstChild: Int32
        let lastChild: Int32
        let nextSibling: Int32
        let previousSibling: Int32
        let payloadStart: Int32
        let payloadCount: Int32
        let nameIndex: UInt16
    }

    private var saved: [Saved] = []

    /// Saves the node `serial` of `tree` as it is now.
    mutating func save(_ serial: Int32, of tree: PageTree) {
        let index = Int(serial)
        saved.append(Saved(serial: serial, parent: tree.parents[index], firstChild: tree.firstChildren[index],
                           lastChild: tree.lastChildren[index], nextSibling: tree.nextSiblings[index],
                           previousSibling: tree.previousSiblings[index], payloadStart: tree.payloadStarts[index],
                           payloadCount: tree.payloadCounts[index], nameIndex: tree.nameIndexes[index]))
    }

    /// Puts every saved node back as it was and empties the journal. The caller stops journaling
    /// first: the restoring writes are not changes to record.
    mutating func restore(in tree: PageTree) {
        for entry in saved {
            let index = Int(entry.serial)
            tree.parents[index] = entry.parent
            tree.firstChildren[index] = entry.firstChild
            tree.lastChildren[index] = entry.lastChild
            tree.nextSiblings[index] = entry.nextSibling
            tree.previousSiblings[index] = entry.previousSibling
            tree.payloadStarts[index] = entry.payloadStart
            tree.payloadCounts[index] = entry.payloadCount
            tree.nameIndexes[index] = entry.nameIndex
            tree.marks[index].remove(.journaled)
        }
        saved.removeAll()
    }

    /// Forgets what was saved.
    mutating func clear(in tree: PageTree) {
        for entry in saved { tree.marks[Int(entry.serial)].remove(.journaled) }
        saved.removeAll()
    }
}
