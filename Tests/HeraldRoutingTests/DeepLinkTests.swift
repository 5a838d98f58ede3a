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
    ("herald://search?q=ferry&in=feed%2F3", .search("ferry", within: ArticleFilter(scope: .feed(FeedID(3))))),
    ("herald://unread", .articleList(ArticleFilter(unreadOnly: true))),
    ("herald://starred/", .articleList(ArticleFilter(starredOnly: true))),
    ("herald://", .feeds),
    ("herald://feeds", .feeds),
    ("herald://help", .help),
    ("herald://feed/3?unread=1", .articleList(ArticleFilter(scope: .feed(FeedID(3)), unreadOnly: true))),
    ("herald://article/7?in=tag%2Fnews%3Funread%3D1",
     .articleDetail(ArticleID(7), within: ArticleFilter(scope: .tag("news"), unreadOnly: true))),
]

/// Routes whose link must read back as the same route.
private let roundTrips: [Route] = [
    .feeds, .help, .search(""), .search("\"swift 6\" café & more"),
    .search("ferry", within: ArticleFilter(scope: .tag("news & more"))), .search("", within: ArticleFilter(scope: .feed(FeedID(2)))),
    .articleList(ArticleFilter()), .articleList(ArticleFilter(unreadOnly: true)),
    .articleList(ArticleFilter(starredOnly: true)), .articleList(ArticleFilter(unreadOnly: true, starredOnly: true)),
    .articleList(ArticleFilter(scope: .feed(FeedID(12)), unreadOnly: true)),
    .articleList(ArticleFilter(scope: .tag("open source/γλώσσα?&"), starredOnly: true)),
    .articleList(ArticleFilter(scope: .savedSearch(SavedSearchID(4)))),
    .articleDetail(ArticleID(9), within: ArticleFilter()),
    .articleDetail(ArticleID(9), within: ArticleFilter(scope: .tag("a b"), unreadOnly: true)),
]

private let invalidLinks: [(String, DeepLinkError)] = [
    ("https://swift.org", .unsupported("https://swift.org")),
    ("herald://article/abc", .invalidIdentifier("abc")),
    ("herald://article", .invalidIdentifier("")),
    ("herald://feed/-3", .invalidIdentifier("-3")),
    ("0", .invalidIdentifier("0")),
    ("herald://settings", .unknownPath("settings")),
    ("herald://tag", .unknownPath("tag")),
    ("herald://article/3?in=search%3Fq%3Dx", .unknownPath("search?q=x")),
]

@Suite("Deep links")
struct DeepLinkTests {
    @Test("Given a Herald link, when parsed, then it names its route", arguments: validLinks)
    func valid(link: String, route: Route) throws {
        #expect(try DeepLink.route(from: link) == route)
    }

    @Test("Given a route, when written as a link and read back, then it is the same route", arguments: roundTrips)
    func roundTrip(route: Route) throws {
        #expect(try DeepLink.route(from: DeepLink.link(for: route)) == route)
    }

    @Test("Given a link Herald does not know, when parsed, then a typed error says what works", arguments: invalidLinks)
    func invalid(link: String, error: DeepLinkError) {
        #expect(throws: error) { try DeepLink.route(from: link) }
        #expect(!error.message.isEmpty)
    }
}
