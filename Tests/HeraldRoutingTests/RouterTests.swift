import HeraldDomain
import HeraldRouting
import Testing

@Suite("Router")
struct RouterTests {
    @Test("Given a reading session, when list, article, next article, help, dismiss and back happen, then the stack follows")
    func session() async {
        let router = Router()
        let unread = ArticleFilter(unreadOnly: true)
        await router.openArticleList(unread)
        await router.openArticle(ArticleID(10), within: unread)
        await router.openArticle(ArticleID(9), within: unread)
        #expect(await router.stack.routes == [.feeds, .articleList(unread), .articleDetail(ArticleID(9), within: unread)])

        await router.showHelp()
        #expect(await router.stack.top == .help)
        await router.back()
        await router.back()
        #expect(await router.stack.top == .articleList(unread))
    }

    @Test("Given an article of feed A, when next unread crosses into feed B, then back shows B's list, as in newsboat")
    func listFollowsTheArticleIntoAnotherFeed() async {
        let router = Router()
        let first = ArticleFilter(scope: .feed(FeedID(1)), unreadOnly: true)
        let second = ArticleFilter(scope: .feed(FeedID(2)), unreadOnly: true)
        await router.openArticleList(first)
        await router.openArticle(ArticleID(10), within: first)
        #expect(await router.stack.routes == [.feeds, .articleList(first), .articleDetail(ArticleID(10), within: first)])
        await router.openArticle(ArticleID(20), within: second)
        #expect(await router.stack.routes == [.feeds, .articleList(second), .articleDetail(ArticleID(20), within: second)])
        await router.back()
        #expect(await router.stack.top == .articleList(second))
        // From a list, next unread that opens another feed's article also leaves that feed's list under it.
        await router.openArticle(ArticleID(30), within: first)
        #expect(await router.stack.routes == [.feeds, .articleList(first), .articleDetail(ArticleID(30), within: first)])
        // An article opened from search keeps the search under it.
        let searching = Router()
        await searching.openSearch("harbour")
        await searching.openArticle(ArticleID(5), within: first)
        #expect(await searching.stack.routes == [.feeds, .search("harbour"), .articleDetail(ArticleID(5), within: first)])
    }

    @Test("Given search on screen, when a new query is opened, then it replaces the search instead of stacking")
    func searchReplaces() async {
        let router = Router()
        await router.openSearch("swift")
        await router.openSearch("swift concurrency")
        #expect(await router.stack.routes == [.feeds, .search("swift concurrency")])
    }

    @Test("Given a remove-feed confirmation, when confirmed through the router, then the action to perform is returned")
    func confirmThroughRouter() async {
        let router = Router()
        await router.ask(.confirmRemoveFeed(FeedID(2), title: "A"))
        #expect(await router.answer(confirmed: true) == .confirmRemoveFeed(FeedID(2), title: "A"))
    }

    @Test("Given a deep stack, when `herald show 42` opens a deep link, then the detail sits on a fresh feeds root")
    func deepLinkOpens() async throws {
        let router = Router()
        await router.openArticleList(ArticleFilter())
        await router.showHelp()
        try await router.open("42")
        var expected = NavigationStack()
        expected.show(.articleDetail(ArticleID(42), within: ArticleFilter()), as: .push)
        #expect(await router.stack == expected)
        try await router.open("herald://help")
        #expect(await router.stack.modal == .help)
    }

    @Test("Given a bad link, when opened, then the stack is untouched and the error says what links work")
    func badLinkKeepsStack() async {
        let router = Router()
        await router.openArticleList(ArticleFilter())
        await #expect(throws: DeepLinkError.unsupported("https://example.org")) { try await router.open("https://example.org") }
        #expect(await router.stack.top == .articleList(ArticleFilter()))
    }
}
