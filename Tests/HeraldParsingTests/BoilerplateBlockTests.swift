import Foundation
import HeraldDomain
import Testing
@testable import HeraldParsing

/// The removals beyond Readability's (BoilerplateBlocks), and what they must leave alone.
@Suite("Article extraction: boilerplate blocks")
struct BoilerplateBlockTests {
    let extractor = LibXMLArticleExtractor()

    private func extract(_ body: String) -> ExtractedArticle {
        let page = ArticleExtractorTests.page(body: body)
        return extractor.extractArticle(from: Data(page.utf8), pageURL: ArticleExtractorTests.pageURL, charset: nil)
    }

    private func prose(_ topic: String) -> String { ArticleExtractorTests.prose(topic) }

    @Test func navigationListsDateLinesCreditsAndPromptsGo() {
        let related = (1...4).map { "<li><a href=\"/story/\($0)\">Another story number \($0) about the town</a></li>" }.joined()
        let article = extract("""
            <article><p>Updated 5:27 am CST, Wednesday, November 20, 2026</p><p>\(prose("garlic"))</p>
            <figure><img src="/g.jpg"><figcaption>Photo: Ada Grower, Field Notes</figcaption></figure>
            <p>\(prose("clove"))</p><ul>\(related)</ul>
            <p>Get the latest updates in your inbox. Subscribe to our newsletter.</p><p>\(prose("bulb"))</p></article>
            """)
        #expect(article.text.contains("The bulb grows best"))
        #expect(!article.text.contains("5:27"))
        #expect(!article.text.contains("Photo: Ada Grower"))
        #expect(!article.text.contains("Another story"))
        #expect(!article.text.contains("newsletter"))
    }

    @Test func tablesOfContentsListsWithProseAndDatesInCodeStay() {
        let contents = (1...3).map { "<li><a href=\"#part-\($0)\">Part \($0)</a></li>" }.joined()
        let article = extract("""
            <article><ul>\(contents)</ul><p>\(prose("garlic"))</p>
            <ul><li>Plant in <a href="/autumn">autumn</a>, a hand apart and pointed end up</li><li>Water them in well</li></ul>
            <pre><span>2026-11-20 17:00:00 404</span>
            <span>2026-11-20 17:00:01 200</span></pre><p>\(prose("clove"))</p></article>
            """)
        #expect(article.text.contains("Part 2"))
        #expect(article.text.contains("Water them in well"))
        #expect(article.text.contains("2026-11-20 17:00:01 200"))
    }

    @Test func aRepeatedCaptionAndARepeatedRowOfLinksAppearOnce() {
        let share = "<p><a href=\"/garden/previous\">Previous garden</a> <a href=\"/garden/next\">Next garden</a></p>"
        let article = extract("""
            <article><figure><img src="/a.jpg"><figcaption>The harbour at dawn, from the east pier</figcaption></figure>
            <figure><img src="/b.jpg"><figcaption>The harbour at dawn, from the east pier</figcaption></figure>
            <p>\(prose("garlic"))</p>\(share)<p>\(prose("clove"))</p>\(share)<p>\(prose("bulb"))</p>\(share)</article>
            """)
        #expect(article.text.components(separatedBy: "The harbour at dawn").count == 2)
        #expect(article.text.components(separatedBy: "Previous garden").count == 2)
        #expect(article.text.contains("The bulb grows best"))
    }

    @Test(arguments: [
        ("Updated 5:27 am CST, Wednesday, November 20, 2019", true),
        ("Published 11:34 PM EST Nov 19, 2019", true),
        ("November 20, 2019 / 1:07 AM", true),
        ("The harbour reopened on November 20, 2019 after a storm", false),
        ("Wednesday night at the harbour", false),
    ])
    func dateLines(text: String, isDate: Bool) {
        #expect(BoilerplateBlocks.isDateLine(text) == isDate)
    }

    @Test func aShortArticleAboveALongCommentThreadIsTheArticle() {
        // Under the 500 characters that end the first attempt: the looser attempts that follow
        // keep unlikely blocks, and the comments would be the longest text of the page.
        let short = "Our open thread is for questions about the garden: ask in the comments below, and we will answer soon."
        let comments = (1...12).map { "<li class=\"comment\" id=\"comment-\($0)\"><div class=\"comment-body\"><p>\(prose("comment \($0)"))</p></div></li>" }
            .joined()
        let article = extract("""
            <main><article class="post"><div class="entry-content"><p>\(short)</p></div></article>
            <div id="comments" class="comments-area"><h2>12 comments</h2><ol class="comment-list">\(comments)</ol>
            <div id="respond"><p>Leave a reply to the garden's open thread, we read every one.</p></div></div></main>
            """)
        #expect(article.text.contains("Our open thread is for questions"))
        #expect(!article.text.contains("comment 3 grows best"))
    }

    @Test func anArticleNamedCommentaryIsNotACommentThread() {
        let article = extract("""
            <div class="commentary-body"><p>\(prose("garlic"))</p><p>\(prose("clove"))</p></div>
            """)
        #expect(article.text.contains("The clove grows best"))
        let tree = PageTree()
        #expect(!ExtractionPatterns.isCommentThread(tree.make("div", attributes: [("class", "commentary comment-body")])))
        #expect(ExtractionPatterns.isCommentThread(tree.make("section", attributes: [("id", "comments")])))
        #expect(ExtractionPatterns.isCommentThread(tree.make("div", attributes: [("class", "post-footer comments-area")])))
        #expect(!ExtractionPatterns.isCommentThread(tree.make("article", attributes: [("id", "comments")])))
        #expect(!ExtractionPatterns.isCommentThread(tree.make("div", attributes: [("class", "comments-open")])))
        let wrapper = tree.make("div", attributes: [("class", "comments")])
        let story = tree.make("article")
        wrapper.append(story)
        #expect(!ExtractionPatterns.isCommentThread(wrapper))
        withExtendedLifetime(tree) {}
    }

    @Test func aPageWrapperNamedForItsCommentsIsNotAThread() {
        // WordPress themes put `comments-open` on the wrapper of the whole page.
        let article = extract("""
            <div id="wrap" class="site comments-open"><article><h1>Planting garlic</h1><p>\(prose("garlic"))</p>
            <p>\(prose("clove"))</p></article></div>
            """)
        #expect(article.text.contains("The clove grows best"))
    }

    @Test func cardsOfOtherStoriesGoAListicleStays() {
        // Inside the article's container, with enough prose each that their share of link text
        // keeps them through Readability's conditional cleaning.
        let cards = (1...4).map { index in
            """
            <div class="col"><article class="story"><header><p>KICKER \(index)</p><h2><a href="/story/\(index)">Another story \(index) \
            about the harbour</a></h2></header><p>What that other story says about the town, its quays, its ferries and the \
            people who work there, in a few sentences, with commas, told at some length so that it reads like prose; number \(index).</p>
            </article></div>
            """
        }.joined()
        let withCards = extract("<div class=\"page\"><p>\(prose("garlic"))</p><p>\(prose("clove"))</p><p>\(prose("bulb"))</p><div>\(cards)</div></div>")
        #expect(withCards.text.contains("The clove grows best"))
        #expect(!withCards.text.contains("Another story 2"))
        #expect(!withCards.text.contains("KICKER 3"))
        // The items of a list article have headings that are not links: they are the article.
        let items = (1...4).map { "<div class=\"item\"><h3>Tool \($0)</h3><p>\(ArticleExtractorTests.prose("tool \($0)", sentences: 2))</p></div>" }.joined()
        let listicle = extract("<article><p>\(prose("garlic"))</p>\(items)</article>")
        #expect(listicle.text.contains("Tool 3"))
        #expect(listicle.text.contains("The tool 4 grows best"))
    }

    @Test(arguments: [
        ("Updated", true), ("Last modified:", true), ("Posted on", true), ("Published at", true),
        ("Updated rules", false), ("On", false), ("The report was updated", false),
    ])
    func dateLabels(text: String, isLabel: Bool) {
        #expect(BoilerplateBlocks.isDateLabel(text) == isLabel)
    }

    @Test func inlinePromosAndSlideCountersGoSentencesWithLinksStay() {
        let article = extract("""
            <article><p>\(prose("garlic"))</p>
            <p><strong><a href="/other/story">TOWN COUNCIL VOTES ON THE NEW HARBOUR WALL</a></strong></p>
            <p>\(prose("clove"))</p><p><strong>Related: </strong><a href="/gallery">The harbour wall in pictures</a></p>
            <div><p><span>Image 2 of 5</span></p><figure><img src="/w.jpg"><p>(Image credit: Ada Grower)</p></figure></div>
            <p>The council <a href="/minutes">published its minutes</a> on Monday, and the vote was close.</p>
            <p><a href="#part-2">SEE PART TWO BELOW FOR THE VOTE</a></p><p>\(prose("bulb"))</p></article>
            """)
        #expect(article.text.contains("The bulb grows best"))
        #expect(!article.text.contains("TOWN COUNCIL VOTES"))
        #expect(!article.text.contains("in pictures"))
        #expect(!article.text.contains("Image 2 of 5"))
        #expect(!article.text.contains("Image credit"))
        #expect(article.text.contains("published its minutes"))
        #expect(article.text.contains("SEE PART TWO"))
    }

    @Test(arguments: [
        ("Image 1 of 5", true), ("Photo 2/9", true), ("3 of 12", true), ("Slide 4 / 10", true),
        ("1 of the 5", false), ("Image 1", false), ("Chapter 2 of 5", false),
    ])
    func slideCounters(text: String, isCounter: Bool) {
        #expect(BoilerplateBlocks.isSlideCounter(text) == isCounter)
    }

    @Test(arguments: [
        ("Advertisement", true), ("Skip to content", true), ("DON’T MISS", true), ("You may also like...", true),
        ("Media playback is unsupported on your device", true), ("This slideshow requires JavaScript.", true),
        ("Share", true), ("Shares rose by a third", false), ("Comments from the minister", false),
        ("The ad ran for a week", false),
    ])
    func pageFurniture(text: String, isFurniture: Bool) {
        #expect(BoilerplateBlocks.isPageFurniture(text) == isFurniture)
    }

    @Test func creditsAndTaggedPromosGo() {
        let article = extract("""
            <article><p>\(prose("garlic"))</p><figure><img src="/a.jpg"><figcaption><span>Image copyright Getty Images</span></figcaption></figure>
            <p><a href="/plague">Plane passengers quarantined after outbreak [NEWS]</a></p><p>\(prose("clove"))</p>
            <p><small>© Ada Grower</small></p><p>\(prose("bulb"))</p></article>
            """)
        #expect(article.text.contains("The bulb grows best"))
        #expect(!article.text.contains("Getty"))
        #expect(!article.text.contains("quarantined"))
        #expect(!article.text.contains("© Ada"))
    }

    @Test func breadcrumbsAndShareRowsGoProseWithArrowsStays() {
        let article = extract("""
            <article><p><a href="/">Home</a> » <a href="/garden">Garden</a> » Garlic</p><p>\(prose("garlic"))</p>
            <p><a href="https://wa.example/s">Whatsapp</a> <a href="https://fb.example/s">Facebook</a> <a href="https://pin.example/s">Pin</a></p>
            <p>Prices went 3 > 2 > 1 over the <a href="/season">season</a>, as growers said.</p><p>\(prose("clove"))</p></article>
            """)
        #expect(article.text.contains("The clove grows best"))
        #expect(!article.text.contains("Home"))
        #expect(!article.text.contains("Whatsapp"))
        #expect(article.text.contains("Prices went"))
    }

    @Test(arguments: [
        ("Whatsapp Facebook Pint Baixar", true), ("Share on Facebook Twitter", true), ("Facebook", false),
        ("Our Facebook group meets on Mondays", false),
    ])
    func shareRows(text: String, isRow: Bool) {
        #expect(BoilerplateBlocks.isShareRow(ShortLine(text)) == isRow)
    }

    @Test func aWordPressCaptionShownUnderEveryPhotoAppearsOnceANestedCaptionStays() {
        let photo = "<div class=\"wp-caption\"><img src=\"/p.jpg\"><p class=\"wp-caption-text\">The autumn festival in the park, from the stage</p></div>"
        let article = extract("""
            <article><p>\(prose("garlic"))</p>\(photo)<p>\(prose("clove"))</p>\(photo)<p>\(prose("bulb"))</p>\(photo)
            <p class="media-caption"><figcaption>Only once: the harvest at the north field</figcaption></p></article>
            """)
        #expect(article.text.components(separatedBy: "The autumn festival in the park").count == 2)
        #expect(article.text.contains("Only once: the harvest"))
        #expect(article.text.contains("The bulb grows best"))
    }

    @Test func labelsInsideSentencesAndListsStay() {
        let article = extract("""
            <article><p>The town was founded in 79 <span class="smallcaps">AD</span> by the river, as the growers tell it.</p>
            <p>\(prose("garlic"))</p><ul><li>Print</li><li>Scan</li><li>Copy</li></ul><h4>Enable JavaScript</h4>
            <p>\(prose("clove"))</p><p>\(prose("bulb"))</p></article>
            """)
        #expect(article.text.contains("79 AD by the river"))
        #expect(article.text.contains("Print"))
        #expect(article.text.contains("Enable JavaScript"))
    }

    @Test func roundupsOfLinkedItemsStayCardsOfOtherArticlesGo() {
        let items = (1...6).map { index in
            "<li><h3><a href=\"/recipes/\(index)\">Garlic recipe \(index)</a></h3><p>A short note on recipe \(index): roast it slowly, with salt and oil, until soft.</p></li>"
        }.joined()
        let roundup = extract("<article><p>Six ways with garlic this autumn, from the simplest to the slowest, chosen by our growers.</p><ul>\(items)</ul></article>")
        #expect(roundup.text.contains("Garlic recipe 4"))
        #expect(roundup.text.contains("roast it slowly"))
    }

    @Test(arguments: [
        ("ШЕСТЬ СПОСОБОВ С ЧЕСНОКОМ ОСЕНЬЮ", true), ("كيف تزرع الثوم في الخريف في الحديقة", false),
    ])
    func shoutedPromosNeedCapitals(text: String, isPromo: Bool) {
        let tree = PageTree.parse(Data("<html><body><p><a href=\"/other\">\(text)</a></p></body></html>".utf8), charset: "UTF-8")
        // The tree owns its nodes: it must outlive their use.
        withExtendedLifetime(tree) {
            let paragraph = tree.body.descendants(named: "p")[0]
            #expect(BoilerplateBlocks.isInlinePromo(paragraph) == isPromo)
        }
    }

    @Test func aGallerysCaptionWithAToggleAppearsOnceAndWhole() {
        let full = "The harbour master and the mayor shake hands on the north quay, Wednesday, after the repairs were done."
        let slide = """
            <div class="caption"><div class="caption-full">\(full)<a class="toggle"> less</a></div>
            <div class="caption-short">The harbour master and the mayor shake hands on the north quay, Wednesday, after the ... <a class="toggle">more</a></div></div>
            """
        let article = extract("""
            <article><div class="gallery"><img src="/q.jpg">\(slide)</div><p>\(prose("garlic"))</p><div class="panel">\(slide)</div>
            <p>\(prose("clove"))</p><p>\(prose("bulb"))</p></article>
            """)
        #expect(article.text.components(separatedBy: "shake hands on the north quay").count == 2)
        #expect(article.text.contains("after the repairs were done"))
        #expect(article.text.contains("The bulb grows best"))
    }

    @Test func aRailOfThumbnailCardsGoes() {
        let cards = (1...4).map { index in
            """
            <div class="rail-item"><a href="/story/\(index)"><img src="/t\(index).jpg"></a><h3>TRENDING \(index)</h3>\
            <span>What another story number \(index) says about the town, its quay and its ferries, told briefly, with commas.</span></div>
            """
        }.joined()
        let article = extract("<div class=\"page\"><p>\(prose("garlic"))</p><p>\(prose("clove"))</p><p>\(prose("bulb"))</p><div>\(cards)</div></div>")
        #expect(article.text.contains("The bulb grows best"))
        #expect(!article.text.contains("TRENDING 2"))
    }

    @Test func toolbarsAuthorBoxesAndContactLinesGo() {
        let article = extract("""
            <article><ul class="tools"><li>Order Reprints</li><li>Print Article</li></ul><p>\(prose("garlic"))</p>
            <p>\(prose("clove"))</p><ul><li>Print</li><li>Scan</li><li>Copy</li></ul>
            <p>Write to Ada Grower at ada@grower.example</p><p>twitter.com/adagrower</p>
            <p>Let’s talk: ada@grower.example</p><p>\(prose("bulb"))</p>
            <div class="entry-author-bio"><p>Ada Grower</p><p>Ada has written about gardens since 2009, from the north field.</p>
            <p><a href="/authors/ada">More articles from Ada Grower</a></p></div></article>
            """)
        #expect(article.text.contains("The bulb grows best"))
        #expect(!article.text.contains("Order Reprints"))
        #expect(article.text.contains("Scan"))
        #expect(!article.text.contains("Write to Ada"))
        #expect(!article.text.contains("twitter.com/adagrower"))
        #expect(article.text.contains("Let’s talk: ada@grower.example"))
        #expect(!article.text.contains("has written about gardens"))
    }

    @Test func anUpdatedAndOriginalDateLineIsADateLine() {
        #expect(BoilerplateBlocks.isDateLine("Updated Nov. 19, 2019 8:21 am ET / Original Nov. 19, 2019 8:02 am ET"))
    }

    @Test(arguments: [
        ("Write to Ada Grower at ada@grower.example", true), ("Follow us on Twitter", true), ("Follow her @adagrower", true),
        ("https://twitter.com/adagrower", true), ("Email the newsroom at tips@paper.example", true),
        ("Follow these steps to download your Facebook data:", false), ("Email scams aimed at Instagram users doubled last year.", false),
        ("Contact tracing on Twitter was the idea.", false), ("Follow the river north to the @ sign.", false),
        ("ada@grower.example", false),
    ])
    func contactLines(text: String, isContact: Bool) {
        #expect(BoilerplateBlocks.isContactLine(ShortLine(text)) == isContact)
    }

    @Test(arguments: [
        ("Updated Nov. 19, 2019 8:21 am ET / Original Nov. 19, 2019 8:02 am ET", true),
        ("Mt 5:3-12", false), ("1 Pt 2:9", false), ("Pt. 2", false), ("CT 06510", false), ("Original: $49.99", false),
        ("Originally published Nov. 19, 2019", true),
    ])
    func dateWordsBesideATime(text: String, isDate: Bool) {
        #expect(BoilerplateBlocks.isDateLine(text) == isDate)
    }

    @Test func productRoundupsAndBriefsInAuthorNamedWrappersStay() {
        let items = (1...4).map { index in
            "<div class=\"item\"><a href=\"https://shop.example/p/\(index)\"><img src=\"/p\(index).jpg\"></a><h3>Trowel \(index)</h3><p>A sturdy trowel, number \(index), for bulbs and seedlings.</p></div>"
        }.joined()
        let roundup = extract("<div class=\"page\"><p>\(prose("garlic"))</p><p>\(prose("clove"))</p><p>\(prose("bulb"))</p><div>\(items)</div></div>")
        #expect(roundup.text.contains("Trowel 3"))
        let brief = extract("""
            <div class="story"><h1>Quay reopens</h1><div class="article-author-info-wrapper"><p>\(ArticleExtractorTests.prose("quay", sentences: 2))</p>
            <p>\(ArticleExtractorTests.prose("ferry", sentences: 2))</p></div><p>Reporting by Ada.</p></div>
            """)
        #expect(brief.text.contains("The ferry grows best"))
    }

    @Test func aBodyWithCaptionsKeepsItsRepeatedParagraphs() {
        let refrain = "And the river runs on to the sea, and the sea runs on to the river, and so on, all year round."
        let article = extract("""
            <div class="entry-content has-captions"><p>\(prose("garlic"))</p><p>\(refrain)</p><p>\(prose("clove"))</p>
            <p>\(refrain)</p><p>\(prose("bulb"))</p></div>
            """)
        #expect(article.text.components(separatedBy: "And the river runs on").count == 3)
    }
}
