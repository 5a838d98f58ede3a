import HeraldDomain
import HeraldRouting
import Testing

private let validLinks: [(String, Route)] = [
    ("herald://article/42", .articleDetail(ArticleID(42), within: ArticleFilter())),
    ("42", .articleDetail(ArticleID(42), within: ArticleFilter())),
    ("HERALD://feed/3", .articleList(ArticleFilter(scope: .feed(FeedID(3))))),
    ("herald://tag/open%20source", .articleList(ArticleFilter(scope: .tag("open source")))),
    ("herald://saved/2", .articleList(ArticleFilter(scope: .savedSearch(SavedSearchID(2))))),
    ("herald://search?q=swift", .search("swift")),
    ("herald://search?lang=en&q=%22swift+6%22%20caf%C3%A9", .search("\"swift 6\" café")),
    ("herald://search", .search("")),
    ("herald://unread", .articleList(ArticleFilter(unreadOnly: true))),
    ("herald://starred/", .articleList(ArticleFilter(starredOnly: true))),
    ("herald://", .feeds),
    ("herald://feeds", .feeds),
    ("herald://help", .help),
]

private let invalidLinks: [(String, DeepLinkError)] = [
    ("https://swift.org", .unsupported("https://swift.org")),
    ("herald://article/abc", .invalidIdentifier("abc")),
    ("herald://article", .invalidIdentifier("")),
    ("herald://feed/-3", .invalidIdentifier("-3")),
    ("0", .invalidIdentifier("0")),
    ("herald://settings", .unknownPath("settings")),
    ("herald://tag", .unknownPath("tag")),
]

@Suite("Deep links")
struct DeepLinkTests {
    @Test("Given a Herald link, when parsed, then it names its route", arguments: validLinks)
    func valid(link: String, route: Route) throws {
        #expect(try DeepLink.route(from: link) == route)
    }

    @Test("Given a link Herald does not know, when parsed, then a typed error says what works", arguments: invalidLinks)
    func invalid(link: String, error: DeepLinkError) {
        #expect(throws: error) { try DeepLink.route(from: link) }
        #expect(!error.message.isEmpty)
    }
}
