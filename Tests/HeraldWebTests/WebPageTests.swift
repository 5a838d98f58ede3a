import Foundation
import Herald
@testable import HeraldWeb
import HeraldTestSupport
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Web pages through Hummingbird's test client, on a real database file")
struct WebPageTests {
    @Test("Given feeds, when the feeds page is asked for, then it lists them with unread counts, flags the failing one and sends the security headers")
    func feedsLoaded() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.test { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("Example News"))
                #expect(response.text.contains("5 unread"))
                #expect(response.text.contains("row unread failing") || response.text.contains("row failing"))
                #expect(response.text.contains("500"))
                let policy = try #require(response.headers[.contentSecurityPolicy])
                #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given no subscriptions, when the feeds page is asked for, then it says so and offers the subscribe form")
    func feedsEmpty() async throws {
        let fixture = try await WebFixture.make(empty: true)
        try await fixture.test { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("class=\"state\""))
                #expect(response.text.contains("action=\"/subscribe\""))
                #expect(response.text.contains("action=\"/import\""))
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given more articles than a page, when the list is paged by its keyset links, then every article shows once, in order")
    func listPaging() async throws {
        let fixture = try await WebFixture.make(articles: 7)
        let ids = try await fixture.articleIDs()
        #expect(ids.count == 7)
        let feedID = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Example News" }?.id)
        try await fixture.test(pageSize: 3) { client in
            var seen: [String] = []
            var next: String? = "/feed/\(feedID.rawValue)"
            var pages = 0
            while let uri = next, pages < 5 {
                pages += 1
                next = try await client.execute(uri: uri, method: .get) { response -> String? in
                    #expect(response.status == .ok)
                    let text = response.text
                    seen += text.matches(of: /href="\/article\/(\d+)\?in=[^"]*" class="row-link"/).map { String($0.output.1) }
                    if pages > 1 { #expect(text.contains("← Newest")) }
                    guard let match = text.firstMatch(of: /href="([^"]*after=[^"]*)" rel="next"/) else { return nil }
                    return String(match.output.1).replacingOccurrences(of: "&amp;", with: "&")
                }
            }
            #expect(pages == 3)
            #expect(seen == ids.map { String($0.rawValue) })
        }
        try await fixture.tearDown()
    }

    @Test("Given no starred article, when the starred list is asked for, then the page shows the empty state")
    func listEmpty() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.test { client in
            try await client.execute(uri: "/starred", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("<h1>Starred</h1>"))
                #expect(response.text.contains("class=\"state\""))
                #expect(!response.text.contains("class=\"row-link\""))
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given a hostile article, when its page is shown, then the title is text, no script, handler, frame or javascript: link survives, and it is marked read")
    func hostileArticle() async throws {
        let fixture = try await WebFixture.make()
        let ids = try await fixture.articleIDs()
        let hostile = try #require(ids.first)
        try await fixture.test { client in
            try await client.execute(uri: "/article/\(hostile.rawValue)", method: .get) { response in
                #expect(response.status == .ok)
                let text = response.text
                #expect(text.contains("<h1>Lighthouse"))
                #expect(!text.contains("<script>alert") && !text.contains("<script>"))
                #expect(!text.contains("<script>"))
                #expect(!text.lowercased().contains("onerror"))
                #expect(!text.lowercased().contains("javascript:"))
                #expect(!text.contains("<iframe"))
                #expect(!text.contains("\u{9D}") && !text.contains("\u{1B}"))
                #expect(text.contains("vote"))
            }
        }
        #expect(try await fixture.herald.article(hostile).state.isRead)
        try await fixture.tearDown()
    }

    @Test("Given an article that does not exist, when its page is asked for, then the failed state says what to do")
    func articleMissing() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.test { client in
            try await client.execute(uri: "/article/987654", method: .get) { response in
                #expect(response.text.contains("state failed"))
                #expect(response.text.contains("Try again"))
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given articles, when next and previous are asked for, then the article module moves and the browser is sent there")
    func articleMoves() async throws {
        let fixture = try await WebFixture.make()
        let ids = try await fixture.articleIDs()
        let feedID = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Example News" }?.id)
        try await fixture.test { client in
            try await client.execute(uri: "/article/\(ids[0].rawValue)/next?in=feed%2F\(feedID.rawValue)", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/article/\(ids[1].rawValue)?in=feed%2F\(feedID.rawValue)")
            }
            try await client.execute(uri: "/article/\(ids[1].rawValue)?in=feed%2F\(feedID.rawValue)", method: .get) { response in
                let trail = response.text.firstMatch(of: /<nav class="trail"[^>]*>(.*?)<\/nav>/).map { String($0.output.1) } ?? ""
                #expect(trail == "<a href=\"/\">Feeds</a> › <a href=\"/feed/\(feedID.rawValue)\">Feed</a>", "\(trail)")
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given feeds with unread articles, when the next and previous unread feed are asked for, then the shared feeds cursor sends the browser from one feed's list to the next's, round to the first past the last")
    func unreadFeedMoves() async throws {
        let fixture = try await WebFixture.make()
        fixture.server.route("/second.xml", .feed(WebFixture.feed(count: 2)))
        let feeds = fixture.herald.feedsScreen(display: WebScreen())
        await feeds.feedAdded(url: fixture.server.url("/second.xml"), title: "Second Feed", tags: ["news"])
        await feeds.refreshRequested(.all)
        await fixture.clearContainer()
        try await fixture.test { client in
            // The feeds page's order of the feeds with unread articles.
            let order = try await client.execute(uri: "/", method: .get) { response -> [String] in
                #expect(response.text.contains("href=\"/unread-feed/next\" data-key=\"n\""))
                return response.text.matches(of: /<li class="row unread[^"]*"><a href="\/feed\/(\d+)" class="row-link"/)
                    .map { String($0.output.1) }
            }
            // The failing feed kept the article it had when it was added: three feeds with unread articles.
            #expect(order.count == 3, "\(order)")
            guard let last = order.last, order.count >= 2 else { return }
            try await client.execute(uri: "/unread-feed/next", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/feed/\(order[0])")
            }
            try await client.execute(uri: "/feed/\(order[0])", method: .get) { response in
                #expect(response.text.contains("href=\"/unread-feed/next?from=feed%2F\(order[0])\" data-key=\"]\""))
            }
            try await client.execute(uri: "/unread-feed/next?from=feed%2F\(order[0])", method: .get) { response in
                #expect(response.headers[.location] == "/feed/\(order[1])")
            }
            try await client.execute(uri: "/unread-feed/previous?from=feed%2F\(order[1])%3Funread%3D1", method: .get) { response in
                #expect(response.headers[.location] == "/feed/\(order[0])")
            }
            // Past the last one, round to the first, as newsboat goes.
            try await client.execute(uri: "/unread-feed/next?from=feed%2F\(last)", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/feed/\(order[0])")
            }
            try await client.execute(uri: "/unread-feed/sideways", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/unread-feed/next?from=nowhere", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given a query, when searched, then hits come with highlighted matches; a malformed query shows the store's message")
    func search() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.test { client in
            try await client.execute(uri: "/search?q=ferries", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("<mark>"))
                #expect(response.text.contains("Harbour story"))
            }
            try await client.execute(uri: "/search?q=%22unclosed", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("state failed"))
            }
            try await client.execute(uri: "/search", method: .get) { response in
                #expect(response.status == .ok)
                #expect(!response.text.contains("state failed"))
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given a search among one feed's articles (in=), then only its articles are hits, and the form and the save form keep the feed; a link naming no list is refused")
    func searchWithinAFeed() async throws {
        let fixture = try await WebFixture.make()
        let feeds = try await fixture.herald.feeds()
        let news = try #require(feeds.first { $0.displayTitle == "Example News" })
        let broken = try #require(feeds.first { $0.displayTitle == "Broken Feed" })
        try await fixture.test { client in
            try await client.execute(uri: "/search?q=ferries&in=feed%2F\(news.id.rawValue)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("Harbour story"))
                #expect(response.text.contains(#"name="in" value="feed/\#(news.id.rawValue)""#), "the form and the save form keep the feed")
            }
            try await client.execute(uri: "/search?q=ferries&in=feed%2F\(broken.id.rawValue)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(!response.text.contains("Harbour story"))
            }
            // A feed's page has the form that starts it.
            try await client.execute(uri: "/feed/\(news.id.rawValue)?unread=1", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains(#"action="/search""#))
                #expect(response.text.contains(#"name="in" value="feed/\#(news.id.rawValue)""#), "the whole feed, read or not")
            }
            try await client.execute(uri: "/search?q=ferries&in=feeds", method: .get) { response in
                #expect(response.status == .notFound, "a link naming no list is no page, as any bad deep link")
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given the help page, when shown, then it lists the shortcuts the script implements")
    func help() async throws {
        let fixture = try await WebFixture.make(empty: true)
        try await fixture.test { client in
            try await client.execute(uri: "/help", method: .get) { response in
                #expect(response.status == .ok)
                for (key, _) in HelpPage.keys { #expect(response.text.contains(HTMLWriter.escaped(key))) }
            }
            try await client.execute(uri: StaticAssets.scriptPath, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true)
                #expect(response.text.contains("EventSource"))
            }
        }
        try await fixture.tearDown()
    }
}
