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
