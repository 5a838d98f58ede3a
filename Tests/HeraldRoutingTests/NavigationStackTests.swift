import HeraldDomain
import HeraldRouting
import Testing

@Suite("Navigation stack")
struct NavigationStackTests {
    let news = ArticleFilter(scope: .tag("news"))

    @Test("Given the feeds root, when push, push, pop, then the stack returns to the list and back stops at the root")
    func pushPushPop() {
        var stack = NavigationStack()
        stack.show(.articleList(news), as: .push)
        stack.show(.articleDetail(ArticleID(1), within: news), as: .push)
        #expect(stack.routes == [.feeds, .articleList(news), .articleDetail(ArticleID(1), within: news)])
        let popped = stack.pop()
        #expect(popped && stack.top == .articleList(news))
        let wentBack = stack.back()
        let wentBackFromRoot = stack.back()
        #expect(wentBack && !wentBackFromRoot)
        #expect(stack.routes == [.feeds] && !stack.canGoBack)
    }

    @Test("Given an article on screen, when the next one replaces it, then back goes to the list, not the previous article")
    func replace() {
        var stack = NavigationStack(root: .articleList(news))
        stack.show(.articleDetail(ArticleID(1), within: news), as: .push)
        stack.show(.articleDetail(ArticleID(2), within: news), as: .replace)
        #expect(stack.routes == [.articleList(news), .articleDetail(ArticleID(2), within: news)])
        stack.back()
        #expect(stack.top == .articleList(news))
    }

    @Test("Given a modal over a list, when dismissed, then the list is on top again; a push while the modal is up closes it")
    func modal() {
        var stack = NavigationStack()
        stack.show(.articleList(news), as: .push)
        stack.show(.help, as: .modal)
        #expect(stack.top == .help && stack.routes.count == 2)
        let dismissed = stack.dismissModal()
        let dismissedAgain = stack.dismissModal()
        #expect(dismissed && !dismissedAgain)
        #expect(stack.top == .articleList(news))

        stack.show(.help, as: .modal)
        stack.show(.search("swift"), as: .push)
        #expect(stack.modal == nil && stack.top == .search("swift"))
    }

    @Test("Given a confirmation, when answered yes, then its action comes back as data; when cancelled, nothing does")
    func confirmations() {
        var stack = NavigationStack()
        stack.ask(.confirmRemoveFeed(FeedID(3), title: "LWN"))
        #expect(stack.alert?.title == "Remove \u{201C}LWN\u{201D}?")
        #expect(stack.alert?.isDestructive == true)
        let confirmed = stack.answer(confirmed: true)
        #expect(confirmed == .confirmRemoveFeed(FeedID(3), title: "LWN"))
        #expect(stack.alert == nil)

        stack.ask(.confirmMarkAllRead(news, listTitle: "#news"))
        #expect(stack.alert?.confirmLabel == "Mark all read")
        let cancelled = stack.answer(confirmed: false)
        let leftOver = stack.answer(confirmed: true)
        #expect(cancelled == nil)
        #expect(leftOver == nil, "no alert left to confirm")
    }

    @Test("Given an alert over a modal over a pushed route, when back is pressed three times, then they close in that order")
    func backOrder() {
        var stack = NavigationStack()
        stack.show(.articleList(news), as: .push)
        stack.show(.help, as: .modal)
        stack.ask(.confirmMarkAllRead(news, listTitle: "#news"))
        stack.back()
        #expect(stack.alert == nil && stack.modal == .help)
        stack.back()
        #expect(stack.modal == nil && stack.top == .articleList(news))
        stack.back()
        #expect(stack.routes == [.feeds])
    }
}
