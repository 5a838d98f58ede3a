import Foundation
import HeraldDomain
import HeraldInteractors
import Testing

@Suite("Subscribe: direct feeds, discovery, common paths")
struct SubscribeInteractorTests {
    let feedBody = "title: The Example Blog\nttl: 60\nHello|post-1\nAgain|post-2"
    let page = "<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"/blog/feed\"></head></html>"

    @Test func aFeedURLIsSubscribedAndItsArticlesStoredAtOnce() async throws {
        let harness = SubscribeHarness()
        let url = "https://blog.example.com/feed.xml"
        await harness.fetcher.script(url, .respond(.body(feedBody, at: url, etag: "\"f1\"")))
        let (feed, created) = try await harness.interactor.subscribe(to: "  \(url) ", title: "My blog", tags: ["tech"])
        #expect(created)
        #expect(feed.url == url)
        #expect(feed.customTitle == "My blog")
        #expect(feed.title == "The Example Blog")
        #expect(feed.tags == ["tech"])
        #expect(feed.fetchState.etag == "\"f1\"")
        #expect(feed.fetchState.nextDueAt == RefreshHarness.start.addingTimeInterval(3600))
        #expect(await harness.store.articleIdentities(of: feed.id) == ["post-1", "post-2"])
        #expect(await harness.fetcher.requestedURLs() == [url])
    }

    @Test func aPermanentlyRedirectedFeedIsSubscribedAtItsNewURL() async throws {
        let harness = SubscribeHarness()
        let url = "http://blog.example.com/rss"
        let target = "https://blog.example.com/rss"
        let moved = FetchResponse.body(feedBody, at: url, redirects: [RedirectHop(from: url, to: target, status: 301)])
        await harness.fetcher.script(url, .respond(moved))
        let (feed, _) = try await harness.interactor.subscribe(to: url, title: nil, tags: [])
        #expect(feed.url == target)
    }

    @Test func aPageLeadsToTheFeedItAdvertises() async throws {
        var harness = SubscribeHarness()
        let pageURL = "https://blog.example.com/"
        let feedURL = "https://blog.example.com/blog/feed"
        harness.discoverer.feedsByPage[pageURL] = [DiscoveredFeed(url: feedURL, title: "Posts", type: "application/rss+xml")]
        await harness.fetcher.script(pageURL, .respond(.body(page, at: pageURL)))
        await harness.fetcher.script(feedURL, .respond(.body(feedBody, at: feedURL)))
        let (feed, created) = try await harness.interactor.subscribe(to: pageURL, title: nil, tags: [])
        #expect(created)
        #expect(feed.url == feedURL)
        #expect(feed.displayTitle == "The Example Blog")
        #expect(await harness.fetcher.requestedURLs() == [pageURL, feedURL])
        #expect(await harness.store.articleIdentities(of: feed.id).count == 2)
    }

    @Test func aBrokenAdvertisedFeedFallsThroughToTheNext() async throws {
        var harness = SubscribeHarness()
        let pageURL = "https://blog.example.com/about"
        harness.discoverer.feedsByPage[pageURL] = [DiscoveredFeed(url: "https://blog.example.com/dead"),
                                                   DiscoveredFeed(url: "https://blog.example.com/atom")]
        await harness.fetcher.script(pageURL, .respond(.body(page, at: pageURL)))
        await harness.fetcher.script("https://blog.example.com/dead", .fail(.notFound))
        await harness.fetcher.script("https://blog.example.com/atom", .respond(.body(feedBody, at: "https://blog.example.com/atom")))
        let (feed, _) = try await harness.interactor.subscribe(to: pageURL, title: nil, tags: [])
        #expect(feed.url == "https://blog.example.com/atom")
    }

    @Test func commonPathsAreProbedOnThePagesOrigin() async throws {
        let harness = SubscribeHarness()
        let pageURL = "https://site.example.net/articles/2026/some-post?ref=home"
        await harness.fetcher.script(pageURL, .respond(.body("<html><body>No links</body></html>", at: pageURL)))
        await harness.fetcher.script("https://site.example.net/feed", .fail(.notFound))
        await harness.fetcher.script("https://site.example.net/rss", .respond(.body("<html>soft 404</html>", at: "https://site.example.net/rss")))
        await harness.fetcher.script("https://site.example.net/rss.xml", .respond(.body(feedBody, at: "https://site.example.net/rss.xml")))
        let (feed, created) = try await harness.interactor.subscribe(to: pageURL, title: nil, tags: ["news"])
        #expect(created)
        #expect(feed.url == "https://site.example.net/rss.xml")
        #expect(feed.tags == ["news"])
        #expect(await harness.fetcher.requestedURLs() == [
            pageURL, "https://site.example.net/feed", "https://site.example.net/rss", "https://site.example.net/rss.xml",
        ])
    }

    @Test func nothingFoundIsReported() async throws {
        let harness = SubscribeHarness()
        let pageURL = "https://plain.example/"
        await harness.fetcher.script(pageURL, .respond(.body("<html><body>Hi</body></html>", at: pageURL)))
        await #expect(throws: SubscribeError.noFeedFound(url: pageURL)) {
            _ = try await harness.interactor.subscribe(to: pageURL, title: nil, tags: [])
        }
        let probed = await harness.fetcher.requestedURLs()
        #expect(probed.count == 1 + 7)
        #expect(probed.last == "https://plain.example/feeds/posts/default")
        #expect(try await harness.store.feeds().isEmpty)
    }

    @Test func anAlreadySubscribedURLReturnsTheExistingFeedWithoutFetching() async throws {
        let harness = SubscribeHarness()
        let url = "https://blog.example.com/feed.xml"
        let id = await harness.store.seed(url, title: "Old title")
        let (feed, created) = try await harness.interactor.subscribe(to: url, title: "Ignored", tags: ["x"])
        #expect(!created)
        #expect(feed.id == id)
        #expect(feed.customTitle == nil)
        #expect(await harness.fetcher.requests.isEmpty)
    }

    @Test func aPageWhoseFeedIsAlreadySubscribedReturnsThatFeed() async throws {
        var harness = SubscribeHarness()
        let pageURL = "https://blog.example.com/"
        let feedURL = "https://blog.example.com/blog/feed"
        let id = await harness.store.seed(feedURL)
        harness.discoverer.feedsByPage[pageURL] = [DiscoveredFeed(url: feedURL)]
        await harness.fetcher.script(pageURL, .respond(.body(page, at: pageURL)))
        let (feed, created) = try await harness.interactor.subscribe(to: pageURL, title: nil, tags: [])
        #expect(!created)
        #expect(feed.id == id)
        #expect(await harness.fetcher.requestedURLs() == [pageURL])
    }

    @Test func aFetchFailureSaysWhy() async throws {
        let harness = SubscribeHarness()
        let url = "https://nowhere.invalid/feed"
        await harness.fetcher.script(url, .fail(.dnsFailure(host: "nowhere.invalid")))
        await #expect(throws: SubscribeError.fetch(.dnsFailure(host: "nowhere.invalid"))) {
            _ = try await harness.interactor.subscribe(to: url, title: nil, tags: [])
        }
    }

    @Test("A web page that advertises a command or a file of this machine leads to neither, even for the person at the machine (commands accepted): they are not fetched, run, listed or subscribed; its web feed is")
    func aWebPageNeverLeadsToACommandOrALocalFile() async throws {
        var harness = SubscribeHarness()
        harness.scriptSources = .accepted
        let pageURL = "https://evil.example/"
        let feedURL = "https://evil.example/feed.xml"
        harness.discoverer.feedsByPage[pageURL] = [
            DiscoveredFeed(url: "exec:sh -c 'touch /tmp/owned'"), DiscoveredFeed(url: "filter:cat:https://evil.example/x"),
            DiscoveredFeed(url: "FILE:///home/me/.config/secret.xml"), DiscoveredFeed(url: feedURL),
        ]
        await harness.fetcher.script(pageURL, .respond(.body(page, at: pageURL)))
        await harness.fetcher.script(feedURL, .respond(.body(feedBody, at: feedURL)))
        let (feed, created) = try await harness.interactor.subscribe(to: pageURL, title: nil, tags: [])
        #expect(created && feed.url == feedURL)
        #expect(await harness.fetcher.requestedURLs() == [pageURL, feedURL])
        let listed = try await harness.interactor.discoverFeeds(at: pageURL)
        #expect(listed.map(\.url) == [feedURL])
    }

    @Test("A page's advertised feed on another host is fetched refusing private addresses (it may not steer Herald into this machine's network); one on the page's own host is not")
    func aPageLinkToAnotherHostRefusesPrivateAddresses() async throws {
        var harness = SubscribeHarness()
        let pageURL = "https://blog.example.com/"
        let elsewhere = "http://127.0.0.1:8080/admin/feed"
        let own = "https://blog.example.com/feed.xml"
        harness.discoverer.feedsByPage[pageURL] = [DiscoveredFeed(url: elsewhere), DiscoveredFeed(url: own)]
        await harness.fetcher.script(pageURL, .respond(.body(page, at: pageURL)))
        await harness.fetcher.script(elsewhere, .fail(.privateAddress(host: "127.0.0.1")))
        await harness.fetcher.script(own, .respond(.body(feedBody, at: own)))
        let (feed, _) = try await harness.interactor.subscribe(to: pageURL, title: nil, tags: [])
        #expect(feed.url == own)
        let requests = await harness.fetcher.requests
        #expect(requests.map(\.url) == [pageURL, elsewhere, own])
        #expect(requests.map(\.refusesPrivateAddresses) == [false, true, false])
    }

    @Test func aLocalFileThatIsNotAFeedIsNotProbed() async throws {
        let harness = SubscribeHarness()
        let url = "file:///home/me/page.html"
        await harness.fetcher.script(url, .respond(.body("<html></html>", at: url)))
        await #expect(throws: SubscribeError.noFeedFound(url: url)) {
            _ = try await harness.interactor.subscribe(to: url, title: nil, tags: [])
        }
        #expect(await harness.fetcher.requestedURLs() == [url])
    }

    @Test func aSubscriptionWhoseFirstSaveFailsStaysAndIsDueAtOnce() async throws {
        let harness = SubscribeHarness()
        let url = "https://blog.example.com/feed.xml"
        await harness.fetcher.script(url, .respond(.body(feedBody, at: url)))
        await harness.store.failEverySave()
        let (feed, created) = try await harness.interactor.subscribe(to: url, title: " ", tags: [])
        #expect(created)
        #expect(feed.customTitle == nil)
        #expect(feed.fetchState.lastError?.message == StoreError.diskFull.message)
        #expect(feed.fetchState.nextDueAt == nil)
        #expect(try await harness.store.dueFeeds(at: RefreshHarness.start).map(\.id) == [feed.id])
    }
}
