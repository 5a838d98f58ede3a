import Foundation
import Testing
@testable import HeraldParsing

/// The journal that lets a looser extraction attempt start from the page as it was: it saves a
/// node at its first change only, and puts every saved node back.
@Suite("The page's journal between extraction attempts")
struct PageJournalTests {
    static let page = """
        <html lang="en"><head><title>Quay</title></head><body>
        <div id="a" class="story"><p>First <b>bold</b> words.</p><p>Second paragraph, with a comma.</p></div>
        <div id="b"><span>Side</span> note <a href="/x">link</a></div>
        <ul><li>one</li><li>two</li><li>three</li></ul>
        <table><tr><td>cell</td></tr></table>
        </body></html>
        """

    /// The whole page as HTML, and every node's marks, to compare before and after.
    private func shape(of tree: PageTree) -> String {
        var marks = ""
        tree.root.forEachDescendant { node in
            if node.score != nil || node.isDataTable || node.summary != nil { marks += "[\(node.name) marked]" }
        }
        return PageWriter.html(of: tree.root) + marks
    }

    /// Reshapes the page as an attempt does: moves, removals, renames, attribute changes, new
    /// nodes, scores and measures.
    private func reshape(_ tree: PageTree) -> PageNode {
        let body = tree.body
        let divs = body.descendants(named: "div")
        let (a, b) = (divs[0], divs[1])
        a.append(b)
        a.descendants(named: "p")[0].detach()
        let items = body.descendants(named: "li")
        items[1].replace(with: tree.make("p"))
        items[0].name = "div"
        b.setAttribute("class", "moved")
        b.setAttribute("id", "b2")
        a.removeAttribute("class")
        body.descendants(named: "a")[0].attributes = []
        let wrapper = tree.make("div")
        while let child = body.firstChild { wrapper.append(child) }
        body.append(wrapper)
        wrapper.score = 12
        a.score = 3
        body.descendants(named: "table")[0].isDataTable = true
        TextSummary.measure(body)
        return wrapper
    }

    @Test("Rewinding puts back every link, name and attribute an attempt changed, and clears its marks")
    func rewindRestoresThePage() {
        let tree = PageTree.parse(Data(Self.page.utf8), charset: "UTF-8")
        let before = shape(of: tree)
        tree.beginJournal()
        defer { tree.endJournal() }
        let wrapper = reshape(tree)
        #expect(shape(of: tree) != before)
        // A copy made during the attempt (a short result kept aside) is not part of the page.
        let kept = tree.clone(wrapper)
        let keptHTML = PageWriter.html(of: kept)
        tree.rewind(tree.body)
        #expect(shape(of: tree) == before)
        #expect(PageWriter.html(of: kept) == keptHTML)
        #expect(keptHTML.contains("moved"))
    }

    @Test("The journal starts afresh after a rewind: a second attempt is put back as well")
    func secondAttemptIsRewoundToo() {
        let tree = PageTree.parse(Data(Self.page.utf8), charset: "UTF-8")
        let before = shape(of: tree)
        tree.beginJournal()
        defer { tree.endJournal() }
        _ = reshape(tree)
        tree.rewind(tree.body)
        _ = reshape(tree)
        // Different changes the second time: the nodes the first attempt touched are saved again.
        tree.body.descendants(named: "td")[0].detach()
        tree.rewind(tree.body)
        #expect(shape(of: tree) == before)
    }

    @Test("Nodes are saved at their first change only, and none before the journal begins")
    func savesOnlyWhatChanged() {
        let tree = PageTree.parse(Data(Self.page.utf8), charset: "UTF-8")
        let untouched = tree.body.descendants(named: "li")[2]
        tree.beginJournal()
        defer { tree.endJournal() }
        let first = tree.body.descendants(named: "li")[0]
        first.name = "p"
        first.name = "div"
        #expect(first.isJournaled)
        #expect(!untouched.isJournaled)
        let made = tree.make("span")
        tree.body.append(made)
        #expect(!made.isJournaled)
        tree.rewind(tree.body)
        #expect(first.name == "li")
        #expect(!first.isJournaled)
        #expect(!tree.body.elementChildren.contains { $0 == made })
    }
}
