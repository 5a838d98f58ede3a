@testable import HeraldWeb
import Testing

@Suite("HTML writing: every string escaped")
struct HTMLWriterTests {
    @Test("Given text with markup, quotes, controls and C1 controls, when written, then it is inert and other characters are kept")
    func escaping() {
        let hostile = "<script>alert('x')</script> & \"q\" \u{1B}[31m\u{9B}2J\u{85} café\u{A0}日本 \t\n"
        let node = element("p", Attribute("title", hostile)) { hostile }
        let html = HTMLWriter.fragment([node])
        let expectedText = "&lt;script&gt;alert('x')&lt;/script&gt; &amp; \"q\" [31m2J café\u{A0}日本 \t\n"
        let expectedAttribute = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot; [31m2J café\u{A0}日本 \t\n"
        #expect(html == "<p title=\"\(expectedAttribute)\">\(expectedText)</p>")
    }

    @Test("Given elements, void elements and trusted markup, when written, then the structure is as built")
    func structure() {
        let nodes: [Node] = [
            element("ul") { for item in ["a", "b"] { element("li") { item } } },
            .void("br"),
            element("input", Attribute("disabled", nil)),
            .trusted("<b>kept</b>"),
        ]
        #expect(HTMLWriter.fragment(nodes) == "<ul><li>a</li><li>b</li></ul><br><input disabled></input><b>kept</b>")
    }
}
