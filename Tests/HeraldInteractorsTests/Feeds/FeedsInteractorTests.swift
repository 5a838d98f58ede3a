import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldTestSupport
import Testing
import HeraldPorts

@Suite("Feeds interactor")
struct FeedsInteractorTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let store = InMemoryStore()
    let spy = FeedsPresentationSpy()

    func makeInteractor(refresher: any FeedRefreshing = ScriptedRefresher(events: []),
                        subscriber: (any FeedSubscribing)? = nil) -> FeedsInteractor {
        FeedsInteractor(
            dependencies: .init(feeds: store, articles: store, searches: store,
                                subscriber: subscriber ?? FakeSubscriber(store: store, clock: FixedWallClock(now)),
                                refresher: refresher),
            presenter: spy)
    }

    @Test("Given feeds with unread articles and a saved search, when the view appears, then loading is followed by counts per feed, tag and search")
    func loadsCounts() async throws {
        let swift = await store.seedFeed(url: "https://swift.org/atom.xml", title: "Swift.org", tags: ["dev"])
        let lwn = await store.seedFeed(url: "https://lwn.net/headlines/rss", title: "LWN", tags: ["dev", "linux"])
        await store.seedArticle(in: swift.id, title: "Swift 6.3 released", published: now)
        await store.seedArticle(in: lwn.id, title: "Kernel news", published: now)
        await store.seedArticle(in: lwn.id, title: "Old news", published: now.addingTimeInterval(-99), isRead: true)
        _ = try await store.saveSearch(name: "Releases", query: "released", filter: ArticleFilter())

        await makeInteractor().viewAppeared()

        let events = await spy.events
        #expect(events.first == .loading)
        let response = try #require(await spy.lastFeeds)
        #expect(response.feeds.map(\.feed.displayTitle) == ["LWN", "Swift.org"])
        #expect(response.feeds.map(\.unread) == [1, 1])
        #expect(response.unreadByTag == ["dev": 2, "linux": 1])
        #expect(response.savedSearches.map(\.unread) == [1])
    }

    @Test("Given a feed with no unread article, when read feeds are left out, then it is not listed (its tag's count stays) until they are shown again")
    func readFeedsLeftOut() async throws {
        let swift = await store.seedFeed(url: "https://swift.org/atom.xml", title: "Swift.org", tags: ["dev"])
        let lwn = await store.seedFeed(url: "https://lwn.net/headlines/rss", title: "LWN", tags: ["dev"])
        await store.seedArticle(in: swift.id, title: "Swift 6.3 released", published: now)
        await store.seedArticle(in: lwn.id, title: "Old news", published: now, isRead: true)
        let interactor = makeInteractor()

        await interactor.perform(.readFeedsShownSet(false))
        #expect(try #require(await spy.lastFeeds).feeds.map(\.feed.displayTitle) == ["Swift.org"])
        #expect(await spy.lastFeeds?.unreadByTag == ["dev": 1])
        #expect(await spy.events.last == .notice(.readFeedsShown(false)))
        #expect(await interactor.showsReadFeeds == false)
        #expect(await interactor.feeds.count == 2, "the data store keeps every feed for routing")
        #expect(await spy.lastFeeds?.readFeedsLeftOut == 1)

        await interactor.perform(.readFeedsShownSet(true))
        #expect(try #require(await spy.lastFeeds).feeds.map(\.feed.displayTitle) == ["LWN", "Swift.org"])
        #expect(await spy.events.last == .notice(.readFeedsShown(true)))
    }

    @Test("Given feeds under three tags, when a tag is chosen by its name in another case or by its start, then only its feeds are listed, without saved searches; an ambiguous or unknown name changes nothing and names the tags; nil lists every feed")
    func tagSelection() async throws {
        _ = await store.seedFeed(url: "https://swift.org/atom.xml", title: "Swift.org", tags: ["dev"])
        _ = await store.seedFeed(url: "https://lwn.net/headlines/rss", title: "LWN", tags: ["dev", "linux"])
        _ = await store.seedFeed(url: "https://news.example/rss", title: "News", tags: ["Local news"])
        _ = await store.seedFeed(url: "https://plain.example/rss", title: "Plain")
        _ = try await store.saveSearch(name: "Releases", query: "released", filter: ArticleFilter())
        let interactor = makeInteractor()
        await interactor.viewAppeared()

        await interactor.perform(.tagSelected("LIN"))
        var response = try #require(await spy.lastFeeds)
        #expect(response.feeds.map(\.feed.displayTitle) == ["LWN"])
        #expect(response.shownTag == "linux" && response.savedSearches.isEmpty)
        #expect(await spy.events.last == .notice(.tagShown("linux")))
        #expect(await interactor.selectedTag == "linux")

        await interactor.perform(.tagSelected("Dev"))
        #expect(try #require(await spy.lastFeeds).feeds.map(\.feed.displayTitle) == ["LWN", "Swift.org"])

        // "l" starts both "linux" and "Local news": nothing changes, and those two are named.
        await interactor.perform(.tagSelected("l"))
        #expect(await spy.events.last == .notice(.noSuchTag("l", known: ["linux", "Local news"])))
        #expect(await interactor.selectedTag == "dev")
        await interactor.perform(.tagSelected("sports"))
        #expect(await spy.events.last == .notice(.noSuchTag("sports", known: ["dev", "linux", "Local news"])))
        #expect(await interactor.selectedTag == "dev")

        // The tag renamed in case only is followed; renamed away, every feed is listed again, and a notice says so.
        for feed in try await store.feeds() where feed.tags.contains("dev") {
            try await store.setTags(feed.tags.map { $0 == "dev" ? "Dev" : $0 }, for: feed.id)
        }
        await interactor.perform(.storeChanged(.feeds))
        #expect(await interactor.selectedTag == "Dev")
        #expect(try #require(await spy.lastFeeds).feeds.count == 2)
        for feed in try await store.feeds() where feed.tags.contains("Dev") {
            try await store.setTags(feed.tags.map { $0 == "Dev" ? "development" : $0 }, for: feed.id)
        }
        await interactor.perform(.storeChanged(.feeds))
        #expect(await interactor.selectedTag == nil)
        #expect(try #require(await spy.lastFeeds).feeds.count == 4)
        #expect(await spy.events.last == .notice(.tagShown(nil)))
        await interactor.perform(.tagSelected("dev"))
        #expect(await interactor.selectedTag == "development", "now the start of one tag only")
        await interactor.perform(.tagSelected("Local"))
        #expect(await interactor.selectedTag == "Local news")
        #expect(try #require(await spy.lastFeeds).feeds.map(\.feed.displayTitle) == ["News"])

        await interactor.perform(.tagSelected(nil))
        response = try #require(await spy.lastFeeds)
        #expect(response.feeds.count == 4 && response.shownTag == nil && response.savedSearches.count == 1)
        #expect(await spy.events.last == .notice(.tagShown(nil)))
    }

    @Test("Given a store that cannot be read, when the view appears, then the store's message is presented as a load failure")
    func loadFailure() async {
        await store.failOperation(.readFeeds, with: .busy)
        await makeInteractor().viewAppeared()
        #expect(await spy.events == [.loading, .loadFailure(StoreError.busy.message)])
    }

    @Test("Given a scripted refresh of two feeds, when refresh is requested, then progress counts finished feeds and the summary comes before the reload")
    func refreshProgress() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "A")
        let a = FeedReference(id: feed.id, title: "A"), b = FeedReference(id: FeedID(99), title: "B")
        let summary = RefreshSummary(total: 2, stored: 1, notModified: 0, failed: 1, newArticles: 12, cancelled: false)
        let refresher = ScriptedRefresher(events: [
            .started(total: 2), .fetching(a), .stored(a, StoreOutcome(inserted: 12, updated: 0, unchanged: 3)),
            .fetching(b), .failed(b, FeedFailure(kind: .timeout, message: "Timed out")), .finished(summary),
        ])
        await makeInteractor(refresher: refresher).refreshRequested(.all)

        let events = await spy.events
        #expect(Array(events.prefix(6)) == [
            .progress(RefreshProgress(done: 0, total: 2, current: nil)),
            .progress(RefreshProgress(done: 0, total: 2, current: a)),
            .progress(RefreshProgress(done: 1, total: 2, current: a)),
            .progress(RefreshProgress(done: 1, total: 2, current: b)),
            .progress(RefreshProgress(done: 2, total: 2, current: b)),
            .finished(summary),
        ])
        #expect(events.count == 7)
        #expect(await spy.lastFeeds?.feeds.count == 1)
        #expect(await refresher.selections == [.all])
    }

    @Test("Given a refresh of one feed that is cancelled before its summary, when the stream ends, then the list still reloads")
    func refreshOneCancelled() async {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "A")
        let reference = FeedReference(id: feed.id, title: "A")
        let refresher = ScriptedRefresher(events: [.started(total: 1), .fetching(reference)])
        await makeInteractor(refresher: refresher).perform(.refreshRequested(.feeds([feed.id])))

        #expect(await refresher.selections == [.feeds([feed.id])])
        let events = await spy.events
        #expect(!events.contains { if case .finished = $0 { true } else { false } })
        #expect(events.last == .feeds(FeedsResponse(feeds: [FeedStatus(feed: feed, unread: 0)], savedSearches: [],
                                                    unreadByTag: [:])))
    }

    @Test("Given a web page that advertises a feed, when it is added, then the discovered feed is subscribed and the list reloads")
    func addWithDiscovery() async throws {
        let subscriber = FakeSubscriber(store: store, clock: FixedWallClock(now),
                                        discoveries: ["https://blog.example": "https://blog.example/feed.xml"])
        await makeInteractor(subscriber: subscriber).feedAdded(url: "https://blog.example", title: "Blog", tags: ["friends"])

        #expect(await spy.events.first == .notice(.subscribed(title: "Blog", created: true)))
        let feed = try #require(await spy.lastFeeds?.feeds.first?.feed)
        #expect(feed.url == "https://blog.example/feed.xml")
        #expect(feed.tags == ["friends"])
    }

    @Test("Given a URL with no feed, when it is added, then the failure carries a retry that succeeds once the URL works")
    func addFailureThenRetry() async throws {
        let subscriber = FakeSubscriber(store: store, clock: FixedWallClock(now), unreachable: ["https://nofeed.example"])
        await makeInteractor(subscriber: subscriber).feedAdded(url: "https://nofeed.example", title: nil, tags: [])

        #expect(await spy.events == [.actionFailure(SubscribeError.noFeedFound(url: "https://nofeed.example").message)])
        await subscriber.makeReachable("https://nofeed.example")
        let retry = try #require(await spy.retries.first)
        await retry()
        #expect(await spy.lastFeeds?.feeds.map(\.feed.url) == ["https://nofeed.example"])
    }

    @Test("Given a feed, when its removal is confirmed, then it and its articles are gone and a notice names it")
    func removal() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Alpha")
        await store.seedArticle(in: feed.id, title: "One", published: now)
        let interactor = makeInteractor()
        await interactor.viewAppeared()
        await spy.reset()

        await interactor.feedRemovalConfirmed(feed.id)

        #expect(await spy.events.first == .notice(.removed(title: "Alpha")))
        #expect(await spy.lastFeeds?.feeds.isEmpty == true)
        #expect(try await store.statistics().articles == 0)
    }

    @Test("Given a feed, when it is renamed to an empty title and retagged with repeats, then the title is cleared and tags are unique")
    func renameAndRetag() async throws {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Alpha")
        let interactor = makeInteractor()
        await interactor.feedRenamed(feed.id, to: "My Alpha")
        #expect(try await store.feed(feed.id).displayTitle == "My Alpha")
        await interactor.feedRenamed(feed.id, to: "")
        #expect(try await store.feed(feed.id).customTitle == nil)
        await interactor.feedRetagged(feed.id, tags: ["news", "", "news", "tech"])
        #expect(try await store.feed(feed.id).tags == ["news", "tech"])
    }

    @Test("Given a store that refuses writes, when a feed is renamed, then the failure is presented and the list is not replaced")
    func renameFailure() async {
        let feed = await store.seedFeed(url: "https://a.example/feed", title: "Alpha")
        await store.failOperation(.writeFeeds, with: .readOnly(path: "/tmp/h.db"))
        await makeInteractor().feedRenamed(feed.id, to: "New")
        #expect(await spy.events == [.actionFailure(StoreError.readOnly(path: "/tmp/h.db").message)])
    }

    @Test("Given a urls file, when it is imported twice, then the second import adds nothing")
    func importTwice() async {
        let file = Data("# my feeds\nhttps://a.example/feed news\nhttps://b.example/rss\n".utf8)
        let interactor = makeInteractor()
        await interactor.subscriptionsImported(file)
        await interactor.subscriptionsImported(file)
        let notices = await spy.events.filter { if case .notice = $0 { true } else { false } }
        #expect(notices == [.notice(.imported(added: 2, alreadySubscribed: 0)),
                            .notice(.imported(added: 0, alreadySubscribed: 2))])
    }

    @Test("Given subscriptions, when an export is requested, then the OPML lands in the data store")
    func export() async throws {
        await store.seedFeed(url: "https://a.example/feed", title: "Alpha")
        let interactor = makeInteractor()
        await interactor.viewAppeared()
        await interactor.subscriptionsExportRequested()
        let opml = try #require(await interactor.exportedOPML)
        #expect(String(decoding: opml, as: UTF8.self).contains("xmlUrl=\"https://a.example/feed\""))
        #expect(await spy.events.last == .notice(.exported(feeds: 1)))
    }

    @Test("Given the feeds screen, when a tag is opened, then the data store holds its filter for the article-list route")
    func sourceOpened() async {
        let interactor = makeInteractor()
        await interactor.perform(.sourceOpened(.tag("news")))
        #expect(await interactor.openedFilter == ArticleFilter(scope: .tag("news")))
    }
}
