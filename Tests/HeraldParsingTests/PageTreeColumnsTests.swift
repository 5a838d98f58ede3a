import Foundation
import Testing
@testable import HeraldParsing

/// The page's tree kept as columns: characters and attribute records are never changed where
/// they are, so copies and journal entries that share them keep what they saw; the table of
/// names is bounded.
@Suite("The page's tree as columns")
struct PageTreeColumnsTests {
    @Test("A run of text read in pieces is one node, whether or not other characters came between")
    func textReadInPieces() {
        let tree = PageTree()
        let first = tree.make("", text: "Hello")
        let element = tree.make("a", attributes: [("href", "/x")])
        // `first` is no longer at the end of the store: its characters move there before growing.
        "brave new".utf8CString.dropLast().map(UInt8.init).withUnsafeBufferPointer { tree.appendText($0, to: first.serial) }
        #expect(first.text == "Hellobrave new")
        #expect(element.attribute("href") == "/x")
        let second = tree.make("", text: "é")
        "ü".utf8CString.dropLast().map(UInt8.init).withUnsafeBufferPointer { tree.appendText($0, to: second.serial) }
        #expect(second.text == "éü")
        #expect(first.text == "Hellobrave new")
        withExtendedLifetime(tree) {}
    }

    @Test("Changing an attribute leaves a copy made earlier with the old value, and keeps the order")
    func attributesAreCopiedOnChange() {
        let tree = PageTree.parse(Data(#"<html><body><div id="a" class="x" title="t"><p>Text</p></div></body></html>"#.utf8), charset: "UTF-8")
        let div = tree.body.descendants(named: "div")[0]
        let copy = tree.clone(div)
        div.setAttribute("class", "y")
        div.setAttribute("lang", "fr")
        div.removeAttribute("title")
        #expect(div.attributes.map(\.name) == ["id", "class", "lang"])
        #expect(div.attributes.map(\.value) == ["a", "y", "fr"])
        #expect(copy.attributes.map(\.value) == ["a", "x", "t"])
        #expect(copy.textContent == "Text")
        #expect(copy != div)
        withExtendedLifetime(tree) {}
    }

    @Test("Past the most names the table tells apart, an element reads as span and a new attribute is left out")
    func namesAreBounded() {
        let tree = PageTree()
        var last = tree.root
        for index in 0 ..< PageTree.maxNames + 10 {
            last = tree.make("x-\(index)", attributes: [("data-\(index)", "v")])
        }
        #expect(last.name == "span")
        #expect(last.attributes.isEmpty)
        #expect(tree.make("div", attributes: [("class", "kept")]).attribute("class") == "kept")
        withExtendedLifetime(tree) {}
    }
}
