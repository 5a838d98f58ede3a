import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPresenters
import Testing

@Suite("Article detail presenter")
struct ArticleDetailPresenterTests {
    let dates = DateText(timeZone: utc)

    func response(_ article: Article, body: RichText, newer: ArticleID? = nil, older: ArticleID? = nil) -> ArticleDetailResponse {
        ArticleDetailResponse(article: article, feedTitle: "Swift.org", body: body, newer: newer, older: older)
    }

    @Test("Given a full article, when presented, then byline, dates, tags, body, links and enclosures are display-ready")
    func loaded() throws {
        let article = Article(
            id: ArticleID(5), feedID: FeedID(1), identity: "x", title: "Swift\u{1B}[31m 6.3", url: "https://swift.org/blog/6.3",
            authors: [Person(name: "Holly"), Person(email: "ted@swift.org"), Person(name: "Ben")],
            published: testNow.addingTimeInterval(-5 * 60),
            enclosures: [Enclosure(url: "https://cdn.example/ep1.mp3", type: "audio/mpeg", length: 12_897_484),
                         Enclosure(url: "https://cdn.example/notes.txt")],
            categories: [Category(term: "swift"), Category(term: "rel", label: "Releases"), Category(term: "Swift")],
            firstSeenAt: testNow, state: ArticleState(isRead: true, isStarred: true, tags: ["later"]))
        let body = RichText(blocks: [TextBlock(kind: .heading(level: 2), text: "What's new\u{9B}2J"),
                                     TextBlock(kind: .preformatted, text: "let x = 1\n  print(x)")],
                            links: [NumberedLink(number: 1, url: "https://swift.org/a", kind: .link),
                                    NumberedLink(number: 2, url: "https://swift.org/i.png", kind: .image)])
        let content = try #require(ArticleDetailPresenter.viewModel(
            for: response(article, body: body, older: ArticleID(4)), now: testNow, dates: dates).content)

        #expect(content.title == "Swift 6.3")
        #expect(content.byline == "By Holly, ted@swift.org and Ben")
        #expect(content.date == "5 min ago · 22 Nov 2026, 11:55")
        #expect(content.tags == "swift, Releases, later")
        #expect(content.body == [TextBlock(kind: .heading(level: 2), text: "What's new"),
                                 TextBlock(kind: .preformatted, text: "let x = 1\n  print(x)")])
        #expect(content.links == ["[1] https://swift.org/a", "[2] image: https://swift.org/i.png"])
        #expect(content.enclosures == ["audio/mpeg, 12.3 MB: https://cdn.example/ep1.mp3", "https://cdn.example/notes.txt"])
        #expect(content.isStarred && content.isRead && content.hasOlder && !content.hasNewer)
    }

    @Test("""
        Given a podcast episode with data and download entries, when presented, then each enclosure says queued, \
        how far, downloaded or failed, the episode lines are display-ready and terminal-safe, and only an enclosure \
        not queued yet offers a download
        """)
    func podcastEpisode() throws {
        let urls = ["https://cdn.example/a.mp3", "https://cdn.example/b.mp3", "https://cdn.example/c.mp3", "https://cdn.example/d.mp3"]
        let article = Article(
            id: ArticleID(9), feedID: FeedID(1), identity: "e", title: "Tides", enclosures: urls.map { Enclosure(url: $0) },
            episode: EpisodeDetails(duration: 3723, episode: 5, season: 2, episodeType: "bonus", isExplicit: true,
                                    image: "https://radio.example/e5.jpg",
                                    transcripts: [PodcastLink(url: "https://radio.example/e5.vtt", type: "text/vtt", language: "en")],
                                    funding: [PodcastLink(url: "https://radio.example/give", title: "Give\u{1B}[2J")],
                                    persons: [PodcastPerson(name: "Ada", role: "guest"), PodcastPerson(name: "Sam")]),
            firstSeenAt: testNow)
        func entry(_ url: String, _ state: DownloadState, written: Int64 = 0, total: Int64? = nil) -> EpisodeDownload {
            EpisodeDownload(url: url, articleID: article.id, feedID: article.feedID, feedTitle: "Radio", title: "Tides",
                            path: "/pods/Radio/" + url.split(separator: "/").last!, state: state, bytesWritten: written,
                            totalBytes: total, queuedAt: testNow)
        }
        var detail = response(article, body: RichText())
        detail.downloads = [entry(urls[0], .finished(at: testNow)), entry(urls[1], .queued, written: 400, total: 1000),
                            entry(urls[2], .failed(reason: "The server answered HTTP 403."))]
        let content = try #require(ArticleDetailPresenter.viewModel(for: detail, now: testNow, dates: dates).content)
        #expect(content.enclosures == [
            "https://cdn.example/a.mp3 — downloaded to /pods/Radio/a.mp3",
            "https://cdn.example/b.mp3 — queued for download (40% on disk)",
            "https://cdn.example/c.mp3 — download failed: The server answered HTTP 403.",
            "https://cdn.example/d.mp3",
        ])
        #expect(content.canQueueDownloads, "d.mp3 is not queued yet")
        #expect(content.episode == [
            "Season 2 · episode 5 · bonus · 1 h 02 min · explicit",
            "With Ada (guest), Sam",
            "Artwork: https://radio.example/e5.jpg",
            "Transcript (text/vtt, en): https://radio.example/e5.vtt",
            "Support: Give — https://radio.example/give",
        ])
        detail.downloads.append(entry(urls[3], .queued))
        #expect(ArticleDetailPresenter.viewModel(for: detail, now: testNow, dates: dates).content?.canQueueDownloads == false)
    }

    @Test("Given an article with no body and no authors, when presented, then there is no byline and the body says to open the link")
    func bare() throws {
        let article = Article(id: ArticleID(1), feedID: FeedID(1), identity: "x", title: "", firstSeenAt: testNow)
        let content = try #require(ArticleDetailPresenter.viewModel(for: response(article, body: RichText()), now: testNow,
                                                                    dates: dates).content)
        #expect(content.title == "(untitled)")
        #expect(content.byline == nil && content.tags == nil)
        #expect(content.body.map(\.text) == ["This article has no text; open its link to read it."])
    }

    @Test("Given loading, a failure and a link, when presented, then the screen gets states and the cleaned link")
    func otherStates() async {
        let display = ArticleDetailDisplaySpy(), activity = ActivitySpy()
        let presenter = ArticleDetailPresenter(display: display, activity: activity, clock: FixedWallClock(testNow), timeZone: utc)
        await presenter.presentLoading()
        await presenter.presentLoadFailure("There is no article 9.")
        await presenter.presentExternalLink("https://example.org/\u{1B}[2Jpage")
        await presenter.presentNotice(.endOfList(older: true))
        #expect(await display.viewModels == [.loading, .failed("There is no article 9.", retry: .viewAppeared)])
        #expect(await display.links == ["https://example.org/page"])
        #expect(await activity.reports == [.loading, .hidden, .notice("This is the oldest article of the list")])
    }

    @Test("Given byte sizes, when worded, then small sizes are bytes and large ones have one decimal")
    func bytes() throws {
        let sizes: [Int64] = [1, 512, 4_300, 12_897_484, 1_200_000_000]
        let enclosures = sizes.map { Enclosure(url: "u", length: $0) }
        let article = Article(id: ArticleID(1), feedID: FeedID(1), identity: "x", title: "t", enclosures: enclosures,
                              firstSeenAt: testNow)
        let content = try #require(ArticleDetailPresenter.viewModel(for: response(article, body: RichText()), now: testNow,
                                                                    dates: dates).content)
        #expect(content.enclosures == ["1 byte: u", "512 bytes: u", "4.2 KB: u", "12.3 MB: u", "1.1 GB: u"])
    }
}
