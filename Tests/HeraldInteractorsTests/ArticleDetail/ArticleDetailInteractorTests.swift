import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldTestSupport
import Testing

@Suite("Article detail interactor")
struct ArticleDetailInteractorTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let store = InMemoryStore()
    let spy = ArticleDetailPresentationSpy()

    func makeDetail(_ id: ArticleID, within filter: ArticleFilter = ArticleFilter()) -> ArticleDetailInteractor {
        ArticleDetailInteractor(articleID: id, within: filter,
                                dependencies: .init(feeds: store, articles: store, renderer: TagStrippingRenderer()),
                                presenter: spy)
    }

    @Test("Given an unread HTML article, when it appears, then its body is rendered with numbered links and it is marked read")
    func rendersAndMarksRead() async throws {
        let feed = await store.seedFeed(url: "https://swift.org/atom.xml", title: "Swift.org")
        let html = #"<p>Swift 6.3 is out.</p><p>Read the <a href="/blog/swift-6.3">announcement</a> &amp; notes.</p>"#
        let article = await store.seedArticle(in: feed.id, title: "Swift 6.3", published: now,
                                              content: TextConstruct(type: .html, value: html),
                                              url: "https://swift.org/blog/swift-6.3")
        await makeDetail(article.id).viewAppeared()

        let response = try #require(await spy.lastArticle)
        #expect(response.feedTitle == "Swift.org")
        #expect(response.body.blocks.map(\.text) == ["Swift 6.3 is out.", "Read the announcement[1] & notes."])
        #expect(response.body.links == [NumberedLink(number: 1, url: "https://swift.org/blog/swift-6.3", kind: .link)])
        #expect(response.article.state.isRead)
        #expect(await store.state(of: article.id)?.isRead == true)
    }

    @Test("Given a plain-text summary and no content, when it appears, then blank lines separate paragraphs")
    func plainTextParagraphs() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "A")
        let article = await store.seedArticle(in: feed.id, title: "Notes", published: now,
                                              summary: TextConstruct(type: .text, value: "First line\ncontinues.\n\nSecond."))
        await makeDetail(article.id).viewAppeared()
        #expect(await spy.lastArticle?.body.blocks.map(\.text) == ["First line continues.", "Second."])
    }

    @Test("Given three articles in a list, when next and previous are requested, then the detail moves within the filter and stops at the ends")
    func neighbours() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "A")
        let other = await store.seedFeed(url: "https://b.example/feed", title: "B")
        let newest = await store.seedArticle(in: feed.id, title: "newest", published: now)
        _ = await store.seedArticle(in: other.id, title: "other feed", published: now.addingTimeInterval(-30))
        let middle = await store.seedArticle(in: feed.id, title: "middle", published: now.addingTimeInterval(-60))
        let oldest = await store.seedArticle(in: feed.id, title: "oldest", published: now.addingTimeInterval(-120))
        let detail = makeDetail(middle.id, within: ArticleFilter(scope: .feed(feed.id)))
        await detail.viewAppeared()
        #expect(await spy.lastArticle?.newer == newest.id)
        #expect(await spy.lastArticle?.older == oldest.id)

        await detail.nextArticleRequested()
        #expect(await detail.articleID == oldest.id)
        #expect(await spy.lastArticle?.article.title == "oldest")
        await detail.nextArticleRequested()
        #expect(await spy.events.last == .notice(.endOfList(older: true)))

        await detail.previousArticleRequested()
        await detail.previousArticleRequested()
        #expect(await detail.articleID == newest.id)
    }

    @Test("Given a rendered article, when links 0, 1 and 7 are opened, then the permalink and link 1 go to the front end and 7 is refused")
    func openLinks() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "A")
        let article = await store.seedArticle(in: feed.id, title: "Links", published: now,
                                              content: TextConstruct(type: .html, value: #"<a href="https://x.example/">x</a>"#),
                                              url: "https://a.example/post")
        let detail = makeDetail(article.id)
        await detail.viewAppeared()
        await detail.perform(.linkOpened(0))
        await detail.perform(.linkOpened(1))
        await detail.perform(.linkOpened(7))
        #expect(Array(await spy.events.suffix(3)) == [
            .externalLink("https://a.example/post"), .externalLink("https://x.example/"), .notice(.noSuchLink(number: 7)),
        ])
        #expect(await detail.openedLink == "https://x.example/")
    }

    @Test("Given a read article, when it is starred and marked unread, then the store and the presented state follow")
    func starAndUnread() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "A")
        let article = await store.seedArticle(in: feed.id, title: "Keep", published: now, isRead: true)
        let detail = makeDetail(article.id)
        await detail.viewAppeared()
        await detail.starToggled()
        await detail.markedUnread()
        #expect(await store.state(of: article.id) == ArticleState(isRead: false, isStarred: true))
        #expect(await spy.lastArticle?.article.state == ArticleState(isRead: false, isStarred: true))
    }

    @Test("Given an article id that does not exist, when it appears, then the store's message is a load failure")
    func missingArticle() async {
        await makeDetail(ArticleID(404)).viewAppeared()
        #expect(await spy.events == [.loading, .loadFailure(StoreError.articleNotFound(ArticleID(404)).message)])
    }
}

@Suite("Article detail interactor, read-only store")
struct ArticleDetailReadOnlyTests {
    @Test("Given a store that refuses writes, when an unread article appears, then it is still shown and the mark-read failure can be retried")
    func markReadFailureIsNotFatal() async throws {
        let store = InMemoryStore(), spy = ArticleDetailPresentationSpy()
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "A")
        let article = await store.seedArticle(in: feed.id, title: "Still readable",
                                              published: Date(timeIntervalSince1970: 1_795_000_000))
        await store.failOperation(.writeArticles, with: .readOnly(path: "/data/herald.db"))
        let detail = ArticleDetailInteractor(
            articleID: article.id, dependencies: .init(feeds: store, articles: store, renderer: TagStrippingRenderer()),
            presenter: spy)
        await detail.viewAppeared()

        #expect(await spy.lastArticle?.article.title == "Still readable")
        #expect(await spy.lastArticle?.article.state.isRead == false)
        #expect(await spy.events.last == .actionFailure(StoreError.readOnly(path: "/data/herald.db").message))

        await store.clearFailure(.writeArticles)
        let retry = try #require(await spy.retries.last)
        await retry()
        #expect(await store.state(of: article.id)?.isRead == true)
        #expect(await spy.lastArticle?.article.state.isRead == true)
    }
}
