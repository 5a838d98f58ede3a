import Foundation
import HeraldDomain
import Testing
@testable import HeraldParsing

@Suite("Per-site extraction rules and their CSS selectors")
struct SiteRuleTests {
    /// A page whose longest text is an archive of old notes (not a comment thread, which the
    /// scoring leaves out by itself), with the story in a short `.story-text`.
    static let page = """
        <html><head><title>Harbour news</title></head><body>
        <div class="story-text"><p>The harbour master reopened the north quay on Monday after repairs.</p>
        <p class="promo">Subscribe to our newsletter for more harbour news!</p>
        <p>Ferries resume their usual timetable at once.</p></div>
        <section id="archive">
        \((1...8).map { "<div class=\"note\"><p>Archive note \($0): a long note about the quay, the ferries, the repairs and the weather, with several sentences, commas, and opinions, going on at length.</p></div>" }.joined())
        </section></body></html>
        """

    private func extract(_ rules: [ExtractionRule], url: String = "https://www.harbour.example/2026/quay") -> ExtractedArticle {
        LibXMLArticleExtractor(rules: rules).extractArticle(from: Data(Self.page.utf8), pageURL: url, charset: "UTF-8")
    }

    @Test("Given a feed's rule, then it applies to the pages that feed links to, wherever they are, and to no other page")
    func feedRule() throws {
        let rule = ExtractionRule(feedURL: "https://harbour.example/feed.xml", keep: [try CSSSelector("div.story-text")])
        let extractor = LibXMLArticleExtractor(rules: [rule])
        let page = Data(Self.page.utf8)
        let fromFeed = extractor.extractArticle(from: page, pageURL: "https://cdn.elsewhere.example/story/1", charset: "UTF-8",
                                                linkedFrom: "https://harbour.example/feed.xml")
        #expect(fromFeed.text.contains("north quay") && !fromFeed.text.contains("Archive note 3"))
        let otherFeed = extractor.extractArticle(from: page, pageURL: "https://cdn.elsewhere.example/story/1", charset: "UTF-8",
                                                 linkedFrom: "https://other.example/feed.xml")
        #expect(otherFeed.text.contains("Archive note 3"))
        let noFeed = extractor.extractArticle(from: page, pageURL: "https://harbour.example/feed.xml", charset: "UTF-8")
        #expect(noFeed.text.contains("Archive note 3"))
    }

    @Test("Without a rule the scoring picks the long archive; a keep rule picks the story, a drop rule removes the promo")
    func keepAndDrop() throws {
        #expect(extract([]).text.contains("Archive note 3"))
        let rule = ExtractionRule(host: "harbour.example", keep: [try CSSSelector("div.story-text")],
                                  drop: [try CSSSelector(".promo, #archive")])
        let article = extract([rule])
        #expect(article.text.contains("north quay") && article.text.contains("usual timetable"))
        #expect(!article.text.contains("newsletter"))
        #expect(!article.text.contains("Archive note 3"))
        // Another host is not covered; a subdomain is.
        #expect(extract([rule], url: "https://elsewhere.example/x").text.contains("Archive note 3"))
        #expect(!extract([rule], url: "https://news.harbour.example/x").text.contains("Archive note 3"))
        #expect(extract([rule], url: "https://harbour.example.evil/x").text.contains("Archive note 3"))
        #expect(extract([rule], url: "https://notharbour.example/x").text.contains("Archive note 3"))
    }

    @Test("A keep rule that matches nothing leaves the scoring to find the article")
    func keepMatchingNothing() throws {
        let rule = ExtractionRule(host: "harbour.example", keep: [try CSSSelector(".no-such-class")])
        #expect(extract([rule]).text.contains("Archive note 3"))
    }

    @Test("Selectors: types, ids, classes, attributes, descendant and child combinators, lists")
    func matching() throws {
        let tree = PageTree.parse(Data("""
            <html><body><main id="m"><article class="post big" data-kind="news item">
            <div class="body"><p lang="en-GB">One</p><aside><p>Two</p></aside></div></article>
            <p class="x">Three</p></main></body></html>
            """.utf8), charset: "UTF-8")
        func texts(_ selector: String) throws -> [String] {
            SelectorMatching.elements(matching: try CSSSelector(selector), under: tree.root).map { PageText.trimmed($0.textContent) }
        }
        #expect(try texts("p") == ["One", "Two", "Three"])
        #expect(try texts("article p") == ["One", "Two"])
        #expect(try texts("div.body > p") == ["One"])
        #expect(try texts("#m > p.x") == ["Three"])
        #expect(try texts("article.post.big .body > aside p") == ["Two"])
        #expect(try texts("[lang^=en]") == ["One"])
        #expect(try texts("[data-kind~=item] aside") == ["Two"])
        #expect(try texts("[data-kind=\"news item\"] > .body > p, p.x") == ["One", "Three"])
        #expect(try texts("ARTICLE.post .nothing").isEmpty)
        #expect(try texts("*.x") == ["Three"])
    }

    @Test("Selectors Herald cannot read are refused with what to change", arguments: [
        "", "p,", "a:hover", "h1 + p", "h1 ~ p", "[href", ".", "#", "div >", "p )",
    ])
    func refusals(_ text: String) {
        #expect(throws: CSSSelectorError.self) { try CSSSelector(text) }
    }

    @Test("The built-in rules all read")
    func builtInRulesRead() {
        #expect(BuiltInExtractionRules.all.count == BuiltInExtractionRules.lines.count)
        #expect(BuiltInExtractionRules.all.contains { $0.host == "wikipedia.org" && !$0.drop.isEmpty })
    }
}
