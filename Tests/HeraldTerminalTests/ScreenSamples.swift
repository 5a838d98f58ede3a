import Foundation
import Herald
import HeraldTerminal

/// The view models of every screen in every state, made by the real presenters from responses
/// with real-shaped text: CJK and Cyrillic titles, mixed scripts, a hostile title full of escape
/// sequences, a failing and a gone feed.
enum ScreenSamples {
    static let now = Date(timeIntervalSince1970: 1_795_348_800)
    static let dates = DateText(timeZone: TimeZone(identifier: "UTC")!)
    static let hostile = "Breaking\u{1B}]52;c;cm0gLXJmIH4=\u{07} news\u{1B}[2J\u{1B}[H \u{9B}31m now\u{1B}]0;pwned\u{07}"

    static func feed(_ id: Int64, _ title: String, tags: [String] = ["news"], state: FetchState = FetchState()) -> Feed {
        Feed(id: FeedID(id), url: "https://example.org/\(id).xml", title: title, tags: tags, fetchState: state, addedAt: now)
    }

    static var feeds: FeedsViewModel {
        let failing = FetchState(lastError: FeedFailure(kind: .httpError, message: "The server answered 503 Service Unavailable.", status: 503),
                                 errorCount: 2, nextDueAt: now.addingTimeInterval(7_200))
        let gone = FetchState(lastError: FeedFailure(kind: .gone, message: "The publisher removed this feed (410 Gone).", status: 410),
                              isGone: true)
        let response = FeedsResponse(
            feeds: [
                FeedStatus(feed: feed(1, "Swift.org"), unread: 12),
                FeedStatus(feed: feed(2, "にほんごニュース", tags: ["news", "日本"]), unread: 3),
                FeedStatus(feed: feed(3, "Новости Новоречинска"), unread: 0),
                FeedStatus(feed: feed(4, hostile, tags: []), unread: 1),
                FeedStatus(feed: feed(5, "Flaky Blog", tags: [], state: failing), unread: 0),
                FeedStatus(feed: feed(6, "Old Podcast", tags: [], state: gone), unread: 2),
            ],
            savedSearches: [SavedSearchStatus(search: SavedSearch(id: SavedSearchID(1), name: "Swift releases", query: "title:swift AND release"), unread: 4)],
            unreadByTag: ["news": 15, "日本": 3], hiddenArticles: 7)
        return FeedsPresenter.viewModel(for: response, now: now)
    }

    static func row(_ id: Int64, _ title: String, feed: String, hoursAgo: Double, read: Bool = false, starred: Bool = false) -> ArticleSummary {
        ArticleSummary(id: ArticleID(id), feedID: FeedID(1), feedTitle: feed, title: title,
                       date: now.addingTimeInterval(-hoursAgo * 3_600), isRead: read, isStarred: starred)
    }

    static func articleList(loadingMore: Bool = false) -> ArticleListViewModel {
        let rows = [
            row(41, "Swift 6.3 released with typed throws everywhere", feed: "Swift.org", hoursAgo: 2),
            row(40, "京都の紅葉が見頃に — 観光客で賑わう嵐山", feed: "にほんごニュース", hoursAgo: 5, starred: true),
            row(39, "Городской совет утвердил бюджет на 2027 год", feed: "Новости Новоречинска", hoursAgo: 20, read: true),
            row(38, hostile, feed: hostile, hoursAgo: 30),
            row(37, "Ünïcödé façade: naïve café, Ελληνικά and עברית side by side", feed: "Mixed", hoursAgo: 200, read: true),
        ]
        let response = ArticleListResponse(source: .tag("news"), filter: ArticleFilter(scope: .tag("news")), rows: rows,
                                           hasMore: true, selected: ArticleID(40), unreadTotal: 15, isLoadingMore: loadingMore)
        return ArticleListPresenter.viewModel(for: response, now: now, dates: dates)
    }

    static var article: ArticleDetailViewModel {
        let article = Article(
            id: ArticleID(41), feedID: FeedID(1), identity: "41", title: "Swift 6.3 released with typed throws everywhere",
            url: "https://swift.org/blog/swift-6.3", authors: [Person(name: "Holly Borla"), Person(name: "Doug Gregor")],
            published: now.addingTimeInterval(-7_200), enclosures: [Enclosure(url: "https://swift.org/talk.mp3", type: "audio/mpeg", length: 12_900_000)],
            categories: [Category(term: "release")], firstSeenAt: now, state: ArticleState(isRead: true, isStarred: true))
        let body = RichText(blocks: [
            TextBlock(kind: .paragraph, text: "Swift 6.3 is now available. It brings typed throws to the standard library[1] and faster builds for large packages; 日本語の説明もあります。"),
            TextBlock(kind: .heading(level: 2), text: "What changed"),
            TextBlock(kind: .listItem(marker: "•", depth: 0), text: "Typed throws in async sequences"),
            TextBlock(kind: .listItem(marker: "•", depth: 0), text: "A new package resolver[2]"),
            TextBlock(kind: .preformatted, text: "swift build -c release\nswift test"),
        ], links: [NumberedLink(number: 1, url: "https://swift.org/docs/throws", kind: .link),
                   NumberedLink(number: 2, url: "https://swift.org/packages/resolver\u{1B}[31m", kind: .link)])
        let response = ArticleDetailResponse(article: article, feedTitle: "Swift.org", body: body, newer: nil, older: ArticleID(40))
        return ArticleDetailPresenter.viewModel(for: response, now: now, dates: dates)
    }

    static var search: SearchViewModel {
        let hits = [
            SearchHit(article: row(41, "Swift 6.3 released", feed: "Swift.org", hoursAgo: 2),
                      snippet: HighlightedText(segments: [.init(text: "…brings typed throws to ", isMatch: false), .init(text: "Swift", isMatch: true), .init(text: " packages…", isMatch: false)]),
                      highlightedTitle: HighlightedText(segments: [.init(text: "Swift", isMatch: true), .init(text: " 6.3 released", isMatch: false)]), score: 1),
            SearchHit(article: row(12, "Swift on the server in 京都", feed: "にほんごニュース", hoursAgo: 50, read: true),
                      snippet: HighlightedText(segments: [.init(text: "Server-side ", isMatch: false), .init(text: "Swift", isMatch: true), .init(text: " meetup", isMatch: false)]),
                      highlightedTitle: HighlightedText(segments: [.init(text: "Swift", isMatch: true), .init(text: " on the server in 京都", isMatch: false)]), score: 0.5),
        ]
        return SearchPresenter.viewModel(for: SearchResponse(query: "swift", hits: hits, hasMore: true, history: ["swift"]), now: now, dates: dates)
    }

    static var container: ContainerState { ContainerState() }

    static var busyContainer: ContainerState {
        var state = ContainerState(noticeLifetime: 3_600)
        state.reduce(.showProgress(ActivitySource(id: 1), done: 3, total: 12, label: "Fetching にほんごニュース"), now: now)
        state.reduce(.showNotice("12 new articles"), now: now)
        return state
    }

    static var failingContainer: ContainerState {
        var state = ContainerState()
        state.reduce(.showError("The database is read-only: /home/ada/.local/share/herald/herald.db. Check its permissions.", retry: {}), now: now)
        return state
    }
}
