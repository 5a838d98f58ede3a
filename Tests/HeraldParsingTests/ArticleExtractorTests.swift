import Foundation
import HeraldDomain
import Testing
@testable import HeraldParsing

/// One small page per rule of the extractor (Docs/extraction.md).
@Suite("Article extraction")
struct ArticleExtractorTests {
    static let pageURL = "https://news.example.org/2026/11/garlic/story.html"
    let extractor = LibXMLArticleExtractor()

    private func extract(_ html: String, url: String? = ArticleExtractorTests.pageURL, charset: String? = nil) -> ExtractedArticle {
        extractor.extractArticle(from: Data(html.utf8), pageURL: url, charset: charset)
    }

    /// A paragraph of article prose: sentences with commas, long enough to score.
    static func prose(_ topic: String, sentences: Int = 4) -> String {
        (1...sentences).map { index in
            "The \(topic) grows best, as the growers say, in loose soil with plenty of sun, and sentence \(index) of this paragraph says so at length."
        }.joined(separator: " ")
    }

    static func page(head: String = "<title>Planting garlic in autumn | Field Notes</title>", body: String) -> String {
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">\(head)</head><body>\(body)</body></html>"
    }

    static let navigation = """
        <div class="menu"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/about">About us</a></li></ul></div>
        <div id="sidebar"><h3>Most read</h3><ul><li><a href="/a">Something else entirely that people read</a></li>
        <li><a href="/b">Another story that is popular this week</a></li></ul></div>
        """

    static let comments = """
        <div class="comments"><p>\(prose("comment about tomatoes", sentences: 2))</p><p>Reply from a reader, who disagrees.</p></div>
        <footer><p>Copyright Field Notes. All rights reserved. Contact us, subscribe, follow us.</p></footer>
        """

    // MARK: Choosing the article

    @Test func theArticleIsChosenOverNavigationCommentsAndFooter() {
        let article = extract(Self.page(body: """
            \(Self.navigation)
            <div class="post-body"><p>\(Self.prose("garlic"))</p><p>\(Self.prose("clove"))</p><p>\(Self.prose("bulb"))</p></div>
            \(Self.comments)
            """))
        #expect(article.text.contains("The garlic grows best"))
        #expect(article.text.contains("The bulb grows best"))
        #expect(!article.text.contains("Most read"))
        #expect(!article.text.contains("tomatoes"))
        #expect(!article.text.contains("Copyright"))
        #expect(!article.text.contains("About us"))
        #expect(article.isReaderable)
    }

    @Test func siblingParagraphsOfTheBestBlockAreGathered() {
        // The article's paragraphs are split over two containers; the second scores less but is kept.
        let article = extract(Self.page(body: """
            <div><div class="entry"><p>\(Self.prose("garlic", sentences: 6))</p><p>\(Self.prose("clove", sentences: 6))</p></div>
            <div class="entry"><p>\(Self.prose("shallot", sentences: 3))</p></div></div>
            """))
        #expect(article.text.contains("The garlic grows best"))
        #expect(article.text.contains("The shallot grows best"))
    }

    @Test func hiddenBlocksAreLeftOut() {
        let article = extract(Self.page(body: """
            <article><p>\(Self.prose("garlic"))</p>
            <p style="display: none">Hidden newsletter sign-up text, which nobody sees on the page.</p>
            <div hidden><p>\(Self.prose("hidden onion"))</p></div>
            <div aria-hidden="true"><p>\(Self.prose("invisible leek"))</p></div>
            <p>\(Self.prose("clove"))</p></article>
            """))
        #expect(article.text.contains("The clove grows best"))
        #expect(!article.text.contains("newsletter"))
        #expect(!article.text.contains("onion"))
        #expect(!article.text.contains("leek"))
    }

    @Test func sharingWidgetsAndFormsInsideTheArticleAreRemoved() {
        let article = extract(Self.page(body: """
            <article><p>\(Self.prose("garlic"))</p>
            <div class="share-buttons"><a href="https://twitter.example/share">Tweet</a> <a href="https://fb.example/share">Share</a></div>
            <form action="/subscribe"><input name="email"><button>Subscribe to our newsletter</button></form>
            <p>\(Self.prose("clove"))</p></article>
            """))
        #expect(article.text.contains("The clove grows best"))
        #expect(!article.text.contains("Tweet"))
        #expect(!article.text.contains("Subscribe"))
    }

    @Test func aDataTableStaysAndATagListGoes() {
        let rows = (1...12).map { "<tr><td>Variety \($0)</td><td>\($0 * 10) days</td></tr>" }.joined()
        let links = (1...8).map { "<li><a href=\"/tag/\($0)\">Tag number \($0)</a></li>" }.joined()
        let article = extract(Self.page(body: """
            <article><p>\(Self.prose("garlic"))</p><table><thead><tr><th>Variety</th><th>Days</th></tr></thead>\(rows)</table>
            <div class="tags"><ul>\(links)</ul></div><p>\(Self.prose("clove"))</p></article>
            """))
        #expect(article.text.contains("Variety 12"))
        #expect(!article.text.contains("Tag number"))
    }

    @Test func aHeadingThatRepeatsTheTitleIsDropped() {
        let article = extract(Self.page(body: """
            <article><h1>Planting garlic in autumn</h1><p>\(Self.prose("garlic"))</p><h2>Choosing cloves</h2><p>\(Self.prose("clove"))</p></article>
            """))
        #expect(!article.text.contains("Planting garlic in autumn"))
        #expect(article.text.contains("Choosing cloves"))
    }

    @Test func aShortPageIsExtractedByTheLooserRetry() {
        // Under 500 characters of text and in a block with an unlikely class: the first attempts find
        // too little, a later one (unlikely blocks kept) finds the paragraph.
        let article = extract(Self.page(body: """
            <div class="sidebar-wrapper"><p>Garlic is planted in autumn, a few weeks before the ground freezes, pointy end up.</p></div>
            """))
        #expect(article.text.contains("Garlic is planted in autumn"))
    }

    @Test func anIndexPageIsNotReaderable() {
        let links = (1...30).map { "<li><a href=\"/story/\($0)\">Story \($0)</a></li>" }.joined()
        let article = extract(Self.page(body: "<h1>Latest</h1><ul>\(links)</ul>"))
        #expect(!article.isReaderable)
    }

    @Test func anEmptyPageGivesNoTextAndNoFailure() {
        #expect(extract("").html.isEmpty)
        #expect(extract("<html><body></body></html>").text.isEmpty)
    }

    // MARK: Metadata

    @Test func jsonLDWinsOverOpenGraphAndTheTitle() {
        let head = """
            <title>Planting garlic in autumn | Field Notes</title>
            <meta property="og:title" content="OG title"><meta property="og:site_name" content="OG site">
            <script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle",
              "headline": "Planting garlic in autumn", "author": [{"@type": "Person", "name": "Ada Grower"}, {"name": "Bo Field"}],
              "publisher": {"@type": "Organization", "name": "Field Notes"}, "datePublished": "2026-11-20T08:00:00Z",
              "description": "When and how to plant garlic.", "image": {"url": "/images/garlic.jpg"}}</script>
            """
        let article = extract(Self.page(head: head, body: "<article><p>\(Self.prose("garlic"))</p></article>"))
        #expect(article.title == "Planting garlic in autumn")
        #expect(article.byline == "Ada Grower, Bo Field")
        #expect(article.siteName == "Field Notes")
        #expect(article.published == "2026-11-20T08:00:00Z")
        #expect(article.excerpt == "When and how to plant garlic.")
        #expect(article.image == "https://news.example.org/images/garlic.jpg")
        #expect(article.language == "en")
    }

    @Test func openGraphAndMetaTagsFillIn() {
        let head = """
            <title>ignored</title><meta property="og:title" content="Garlic &amp;amp; onions">
            <meta name="author" content="Ada Grower"><meta name="description" content="A guide.">
            <meta property="article:published_time" content="2026-11-19"><meta property="og:image" content="https://cdn.example/g.jpg">
            """
        let article = extract(Self.page(head: head, body: "<article><p>\(Self.prose("garlic"))</p></article>"))
        #expect(article.title == "Garlic & onions")
        #expect(article.byline == "Ada Grower")
        #expect(article.excerpt == "A guide.")
        #expect(article.published == "2026-11-19")
        #expect(article.image == "https://cdn.example/g.jpg")
    }

    @Test(arguments: [
        ("Planting garlic in the autumn garden | Field Notes", "Planting garlic in the autumn garden"),
        ("Planting garlic in the autumn garden » Gardening » Field Notes", "Planting garlic in the autumn garden » Gardening"),
        ("Field Notes: Planting garlic in the autumn months", "Planting garlic in the autumn months"),
        ("A title with no site name in it at all", "A title with no site name in it at all"),
        // Cut to four words or fewer, the site's name would be all that is left: the title stays whole.
        ("Garlic | Field Notes", "Garlic | Field Notes"),
    ])
    func theTitleLosesTheSiteName(title: String, expected: String) {
        let article = extract(Self.page(head: "<title>\(title)</title>", body: "<article><p>\(Self.prose("garlic"))</p></article>"))
        #expect(article.title == expected)
    }

    @Test func theBylineComesFromTheMarkupWhenTheMetadataHasNone() {
        let article = extract(Self.page(body: """
            <article><p class="byline">By Ada Grower</p><p>\(Self.prose("garlic"))</p></article>
            """))
        #expect(article.byline == "By Ada Grower")
        #expect(!article.text.contains("By Ada Grower"))
    }

    @Test func aBylineInTheMarkupLeavesTheTextWhenTheMetadataHasOne() {
        let article = extract(Self.page(head: "<title>Garlic</title><meta name=\"author\" content=\"Ada Grower\">", body: """
            <article><p class="byline">Ada Grower, Field Notes Garden Writer</p><p>\(Self.prose("garlic"))</p></article>
            """))
        #expect(article.byline == "Ada Grower")
        #expect(!article.text.contains("Garden Writer"))
        #expect(article.text.contains("The garlic grows best"))
    }

    @Test func anAuthorNamedInsideASentenceStays() {
        let article = extract(Self.page(head: "<title>Books</title><meta name=\"author\" content=\"Ada Grower\">", body: """
            <article><p><span class="dateline">LONDON</span> — In <i>Beloved</i>, <span itemprop="author">Toni Morrison</span> \
            writes of memory. \(Self.prose("garlic"))</p><p>\(Self.prose("clove"))</p></article>
            """))
        #expect(article.text.contains("LONDON — In Beloved, Toni Morrison writes of memory."))
    }

    @Test func theExcerptFallsBackToTheFirstParagraph() {
        let article = extract(Self.page(body: "<article><p>\(Self.prose("garlic"))</p><p>\(Self.prose("clove"))</p></article>"))
        #expect(article.excerpt?.hasPrefix("The garlic grows best") == true)
    }

    @Test func theDirectionComesFromTheArticlesAncestors() {
        let article = extract(Self.page(body: "<div dir=\"rtl\"><article><p>\(Self.prose("garlic"))</p><p>\(Self.prose("clove"))</p></article></div>"))
        #expect(article.direction == "rtl")
    }

    // MARK: Images and links

    @Test func lazyImagesGetTheirRealSource() {
        let article = extract(Self.page(body: """
            <article><p>\(Self.prose("garlic"))</p>
            <figure><img class="lazy" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/img/bulbs.jpg" alt="Bulbs"></figure>
            <p>\(Self.prose("clove"))</p></article>
            """))
        #expect(article.html.contains("src=\"https://news.example.org/img/bulbs.jpg\""))
    }

    @Test func anImageInNoscriptReplacesItsPlaceholder() {
        let article = extract(Self.page(body: """
            <article><p>\(Self.prose("garlic"))</p>
            <div><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-lazy="1"></div><noscript><img src="/img/real.jpg" alt="Real"></noscript>
            <p>\(Self.prose("clove"))</p></article>
            """))
        #expect(article.html.contains("https://news.example.org/img/real.jpg"))
    }

    @Test func relativeLinksResolveAgainstTheBaseElement() {
        let article = extract(Self.page(head: "<title>t</title><base href=\"https://cdn.example.net/site/\">",
                                        body: "<article><p>\(Self.prose("garlic")) <a href=\"guide.html\">The guide</a>.</p></article>"))
        #expect(article.html.contains("href=\"https://cdn.example.net/site/guide.html\""))
    }

    @Test func theResultIsSanitised() {
        let article = extract(Self.page(body: """
            <article><p onclick="steal()">\(Self.prose("garlic")) <a href="javascript:alert(1)">click</a></p>
            <p>\(Self.prose("clove"))<img src="x.jpg" onerror="alert(1)"></p></article>
            """))
        #expect(!article.html.contains("onclick"))
        #expect(!article.html.contains("javascript:"))
        #expect(!article.html.contains("onerror"))
    }

    // MARK: Encodings

    @Test func undeclaredWindows1252IsReadAsSuch() {
        var bytes = Data("<html><head><title>Caf".utf8)
        bytes.append(0xE9)  // é in windows-1252, invalid as UTF-8
        bytes.append(Data("</title></head><body><article><p>\(Self.prose("garlic"))</p></article></body></html>".utf8))
        let article = extractor.extractArticle(from: bytes, pageURL: nil, charset: nil)
        #expect(article.title == "Café")
    }

    @Test func theServersCharsetWinsOverTheMetaTag() {
        var bytes = Data("<html><head><meta charset=\"utf-8\"><title>Na".utf8)
        bytes.append(0xEF)  // ï in ISO-8859-1
        bytes.append(Data("ve gardening tips</title></head><body><article><p>\(Self.prose("garlic"))</p></article></body></html>".utf8))
        let article = extractor.extractArticle(from: bytes, pageURL: nil, charset: "ISO-8859-1")
        #expect(article.title == "Naïve gardening tips")
    }

    @Test func utf8BytesUnderAStaleDeclarationAreReadAsUTF8() {
        let html = "<html><head><meta charset=\"gb2312\"><title>大蒜的种植方法与秋季管理指南</title></head><body><article><p>\(Self.prose("garlic"))</p></article></body></html>"
        let article = extractor.extractArticle(from: Data(html.utf8), pageURL: nil, charset: nil)
        #expect(article.title == "大蒜的种植方法与秋季管理指南")
    }

    @Test(arguments: ["UTF-8", "UTF-16LE", "UTF-16BE"])
    func aByteOrderMarkNamesTheCharset(charset: String) {
        let html = "<html><head><title>Café crème</title></head><body><article><p>\(Self.prose("café"))</p></article></body></html>"
        var bytes: Data
        switch charset {
        case "UTF-16LE": bytes = Data([0xFF, 0xFE]) + html.data(using: .utf16LittleEndian)!
        case "UTF-16BE": bytes = Data([0xFE, 0xFF]) + html.data(using: .utf16BigEndian)!
        default: bytes = Data([0xEF, 0xBB, 0xBF]) + Data(html.utf8)
        }
        let article = extractor.extractArticle(from: bytes, pageURL: nil, charset: nil)
        #expect(article.title == "Café crème")
        #expect(article.text.contains("The café grows best"))
    }

    @Test func aByteOrderMarkWinsOverTheServersCharset() {
        let html = "<html><head><title>Café crème</title></head><body><article><p>\(Self.prose("café"))</p></article></body></html>"
        let article = extractor.extractArticle(from: Data([0xEF, 0xBB, 0xBF]) + Data(html.utf8), pageURL: nil, charset: "ISO-8859-1")
        #expect(article.title == "Café crème")
    }

    @Test func aMetaCharsetDecidesForBytesThatAreNotUTF8() {
        let html = "<html><head><meta charset=\"windows-1251\"><title>Чеснок осенью</title></head><body><article><p>"
            + String(repeating: "Чеснок сажают осенью, в рыхлую почву, на солнце. ", count: 12) + "</p></article></body></html>"
        let article = extractor.extractArticle(from: html.data(using: .windowsCP1251)!, pageURL: nil, charset: nil)
        #expect(article.title == "Чеснок осенью")
        #expect(article.text.contains("в рыхлую почву"))
    }

    // MARK: Hostile pages

    @Test func deepNestingIsBounded() {
        let depth = 100_000
        let html = String(repeating: "<div>", count: depth) + "<p>\(Self.prose("garlic"))</p>" + String(repeating: "</div>", count: depth)
        let article = extract(html)
        #expect(article.text.contains("The garlic grows best"))
    }

    @Test func aHugePageIsCutAtTheLimit() {
        let paragraph = "<p>\(Self.prose("garlic"))</p>"
        let count = (PageTree.maxInputBytes * 2) / paragraph.utf8.count
        let html = "<html><body><article>" + String(repeating: paragraph, count: count) + "</article></body></html>"
        let article = extract(html)
        #expect(!article.text.isEmpty)
        // The sanitiser's output bound holds, whatever the page's size.
        #expect(article.html.utf8.count <= LibXMLHTMLSanitizer.defaultMaxOutputBytes)
    }

    @Test func internalEntitiesAreNotExpanded() {
        let bomb = """
            <!DOCTYPE html [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><html><body><article><p>&c;&c;&c; \(Self.prose("garlic"))</p></article></body></html>
            """
        let article = extract(bomb)
        #expect(!article.text.contains("aaaaaaaaaa"))
        #expect(article.text.contains("The garlic grows best"))
    }

    @Test func escapeSequencesStayInTheDataForTheFrontEndsToNeutralise() {
        // The extractor keeps text as the page has it; printing goes through TerminalSafety.
        let article = extract(Self.page(head: "<title>Garlic \u{1B}]0;owned\u{07} planting in the autumn garden</title>",
                                        body: "<article><p>\(Self.prose("garlic"))</p></article>"))
        let shown = TerminalSafety.sanitize(article.title)
        #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(shown.hasPrefix("Garlic"))
    }

    // MARK: Text

    @Test func theTextHasAParagraphALine() {
        let article = extract(Self.page(body: "<article><p>\(Self.prose("garlic"))</p><ul><li>One   clove</li><li>Two</li></ul><p>\(Self.prose("clove"))</p></article>"))
        let lines = article.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("One clove"))
        #expect(lines.contains("Two"))
        #expect(lines.first?.hasPrefix("The garlic grows best") == true)
    }

    @Test func formulasKeepTheirText() {
        let article = extract(Self.page(body: """
            <article><p>\(Self.prose("garlic"))</p><p>The yield is <math><mi>y</mi><mo>=</mo><mn>42</mn><annotation encoding="application/x-tex">y=42</annotation></math> bulbs a row.</p><p>\(Self.prose("clove"))</p></article>
            """))
        #expect(article.text.contains("y=42 bulbs"))
    }
}
