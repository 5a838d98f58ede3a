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

    @Test("Setting attributes one by one on an element changes its own records in place: the records grow with the attributes, not with their square")
    func attributesSetOneByOne() {
        let tree = PageTree()
        let many = (0 ..< 2_000).map { (name: "data-a\($0)", value: "x\($0).jpg") }
        let image = tree.make("img", attributes: many)
        let before = tree.attributeRecordCount
        for index in 0 ..< 2_000 { image.setAttribute("src", "y\(index).jpg") }
        for index in 0 ..< 2_000 { image.setAttribute("data-a\(index)", "z") }
        #expect(tree.attributeRecordCount - before <= 2_001 + 1, "\(tree.attributeRecordCount - before) records written")
        #expect(image.attribute("src") == "y1999.jpg")
        #expect(image.attribute("data-a7") == "z")
        #expect(image.attributes.count == 2_001)
        image.removeAttribute("data-a0")
        #expect(image.attributes.count == 2_000 && image.attributes.first?.name == "data-a1")
        // A text node has no attributes to set: its characters stay.
        let text = tree.make("", text: "hello")
        text.setAttribute("id", "x")
        #expect(text.text == "hello")
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
