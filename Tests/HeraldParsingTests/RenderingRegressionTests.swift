import Foundation
import HeraldDomain
import Testing
@testable import HeraldParsing

@Suite("HTML rendering keeps every block of an article")
struct RenderingRegressionTests {
    @Test("Given sibling blocks with no html/body, when rendered, then every block is kept in order")
    func siblingBlocksWithoutImpliedBody() {
        let html = "\n<p>One</p>\n\n<h2>Two</h2><ul><li>three</li></ul><pre>four</pre>\n"
        let blocks = LibXMLHTMLRenderer().render(html: html, baseURL: nil).blocks
        #expect(blocks.map(\.text) == ["One", "Two", "three", "four"])
        #expect(blocks.first?.kind == .paragraph)
        #expect(blocks.last?.kind == .preformatted)
    }

    @Test("Given the demo blog post, when rendered, then the paragraphs after the first are there with their links")
    func demoArticleRendersFully() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Fixtures/demo/herald-blog.rss"))
        let feed = try LibXMLFeedParser().parseFeed(data, documentURL: nil, transportCharset: nil)
        let html = try #require(feed.items.first?.content?.value)
        let rich = LibXMLHTMLRenderer().render(html: html, baseURL: feed.items.first?.url)
        #expect(rich.blocks.count > 8)
        #expect(rich.blocks.contains { $0.kind == .heading(level: 2) && $0.text == "Before 1.0" })
        #expect(rich.links.contains { $0.url == "https://herald.example/docs/decisions/" })
    }
}
