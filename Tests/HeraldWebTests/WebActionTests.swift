import Foundation
import Herald
@testable import HeraldWeb
import HeraldTestSupport
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Web actions: CSRF-checked POSTs that become module intents")
struct WebActionTests {
    @Test("Given an article, when starred without the CSRF token, then it is refused with 403 and nothing changes; with it, the article is starred")
    func starNeedsCSRF() async throws {
        let fixture = try await WebFixture.make()
        let id = try #require(try await fixture.articleIDs().first)
        try await fixture.test { client in
            let token = try #require(try await client.execute(uri: "/", method: .get) { $0.csrfToken })
            try await client.execute(uri: "/article/\(id.rawValue)/star", method: .post, headers: formHeaders,
                                     body: formBody([("starred", "1")])) { response in
                #expect(response.status == .forbidden)
                #expect(response.text.contains("reload the page"))
            }
            try await client.execute(uri: "/article/\(id.rawValue)/star", method: .post, headers: formHeaders,
                                     body: formBody([("starred", "1"), ("csrf", String(repeating: "0", count: 64))])) { response in
                #expect(response.status == .forbidden)
            }
            #expect(try await fixture.herald.article(id).state.isStarred == false)
            try await client.execute(uri: "/article/\(id.rawValue)/star", method: .post, headers: formHeaders,
                                     body: formBody([("starred", "1"), ("csrf", token), ("return", "/starred")])) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/starred")
            }
            #expect(try await fixture.herald.article(id).state.isStarred)
            try await client.execute(uri: "/starred", method: .get) { response in
                #expect(response.text.contains("Starred 1 article"))
                #expect(response.text.contains("class=\"row-link\""))
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given an article a rule hid, when its page is shown, then it offers Show again; the feeds page lists the hidden; the POST shows it in every list again")
    func hiddenArticleShownAgain() async throws {
        let fixture = try await WebFixture.make()
        let id = try #require(try await fixture.articleIDs().first)
        try await fixture.herald.setHidden(true, for: [id])
        try await fixture.test { client in
            let token = try #require(try await client.execute(uri: "/", method: .get) { response in
                #expect(response.text.contains("Hidden by rules"))
                #expect(response.text.contains("href=\"/hidden\""))
                return response.csrfToken
            })
            try await client.execute(uri: "/hidden", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("/article/\(id.rawValue)"))
            }
            try await client.execute(uri: "/all", method: .get) { response in
                #expect(!response.text.contains("/article/\(id.rawValue)\""))
            }
            try await client.execute(uri: "/article/\(id.rawValue)", method: .get) { response in
                #expect(response.text.contains("Show again"))
                #expect(response.text.contains("/article/\(id.rawValue)/hide"))
            }
            try await client.execute(uri: "/article/\(id.rawValue)/hide", method: .post, headers: formHeaders,
                                     body: formBody([("hidden", "0"), ("csrf", token), ("return", "/all")])) { response in
                #expect(response.status == .seeOther)
            }
            #expect(try await fixture.herald.article(id).state.isHidden == false)
            try await client.execute(uri: "/all", method: .get) { response in
                #expect(response.text.contains("/article/\(id.rawValue)"))
                #expect(response.text.contains("Showed 1 article again"))
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given a POST from another site, when it arrives, then it is refused even with a token; a return address off the site is ignored")
    func crossSiteAndOpenRedirect() async throws {
        let fixture = try await WebFixture.make()
        let id = try #require(try await fixture.articleIDs().first)
        try await fixture.test { client in
            let token = try #require(try await client.execute(uri: "/", method: .get) { $0.csrfToken })
            var headers = formHeaders
            headers[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            try await client.execute(uri: "/article/\(id.rawValue)/read", method: .post, headers: headers,
                                     body: formBody([("read", "1"), ("csrf", token)])) { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(uri: "/article/\(id.rawValue)/read", method: .post, headers: formHeaders,
                                     body: formBody([("read", "1"), ("csrf", token), ("return", "//evil.example/")])) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/")
            }
            #expect(try await fixture.herald.article(id).state.isRead)
        }
        try await fixture.tearDown()
    }

    @Test("Given a list, when mark all read is asked, then the Router's alert is a page, and confirming it marks every article read")
    func markAllReadThroughConfirmation() async throws {
        let fixture = try await WebFixture.make()
        let feedID = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Example News" }?.id)
        try await fixture.test { client in
            let token = try await client.execute(uri: "/confirm?action=mark-all-read&list=feed/\(feedID.rawValue)",
                                                 method: .get) { response -> String? in
                #expect(response.status == .ok)
                #expect(response.text.contains("Mark all of “Example News” read?"))
                #expect(response.text.contains("role=\"alertdialog\""))
                return response.csrfToken
            }
            // A tag's and the unread list's titles come from the same use case, without loading the list.
            try await client.execute(uri: "/confirm?action=mark-all-read&list=tag/news", method: .get) { response in
                #expect(response.text.contains("Mark all of “#news” read?"))
            }
            try await client.execute(uri: "/confirm?action=mark-all-read&list=unread", method: .get) { response in
                #expect(response.text.contains("Mark all of “Unread” read?"))
            }
            try await client.execute(uri: "/confirm", method: .post, headers: formHeaders,
                                     body: formBody([("action", "mark-all-read"), ("list", "feed/\(feedID.rawValue)"),
                                                     ("csrf", try #require(token))])) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/feed/\(feedID.rawValue)")
            }
        }
        let unread = try await fixture.herald.statistics().unread
        #expect(unread == 1) // the broken feed's article stays unread
        try await fixture.tearDown()
    }

    @Test("Given a feed, when removal is confirmed, then the feed is gone")
    func removeThroughConfirmation() async throws {
        let fixture = try await WebFixture.make()
        let broken = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Broken Feed" })
        try await fixture.test { client in
            let token = try await client.execute(uri: "/confirm?action=remove-feed&feed=\(broken.id.rawValue)", method: .get) {
                #expect($0.text.contains("Remove “Broken Feed”?"))
                return $0.csrfToken
            }
            try await client.execute(uri: "/confirm", method: .post, headers: formHeaders,
                                     body: formBody([("action", "remove-feed"), ("feed", "\(broken.id.rawValue)"),
                                                     ("csrf", try #require(token))])) { response in
                #expect(response.status == .seeOther)
            }
        }
        #expect(try await fixture.herald.feeds().map(\.displayTitle) == ["Example News"])
        try await fixture.tearDown()
    }

    @Test("Given a feed URL and an OPML upload, when subscribed and imported, then the feeds are added and the export lists them")
    func subscribeImportExport() async throws {
        let fixture = try await WebFixture.make(empty: true)
        fixture.server.route("/other.xml", .feed(WebFixture.feed(count: 2)))
        let url = fixture.server.url("/feed.xml")
        let opml = """
            <?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>
            <outline type="rss" text="Other" xmlUrl="\(fixture.server.url("/other.xml"))"/></body></opml>
            """
        try await fixture.test { client in
            let token = try #require(try await client.execute(uri: "/", method: .get) { $0.csrfToken })
            try await client.execute(uri: "/subscribe", method: .post, headers: formHeaders,
                                     body: formBody([("url", url), ("tags", "news, local"), ("csrf", token)])) { response in
                #expect(response.status == .seeOther)
            }
            let boundary = "HeraldBoundary7MA4YWxk"
            let multipart = "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(token)\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"subs.opml\"\r\n"
                + "Content-Type: text/x-opml\r\n\r\n\(opml)\r\n--\(boundary)--\r\n"
            try await client.execute(uri: "/import", method: .post,
                                     headers: [.contentType: "multipart/form-data; boundary=\(boundary)"],
                                     body: ByteBuffer(string: multipart)) { response in
                #expect(response.status == .seeOther)
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.text.contains("Example News"))
                #expect(response.text.contains("Other"))
            }
            try await client.execute(uri: "/export.opml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentDisposition]?.contains("herald.opml") == true)
                #expect(response.text.contains(url))
            }
        }
        #expect(try await fixture.herald.feeds().count == 2)
        try await fixture.tearDown()
    }

    @Test("Given search results, when saved from the page, then the saved search exists and the browser is sent to its list, which the feeds page shows")
    func saveSearch() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.test { client in
            let token = try await client.execute(uri: "/search?q=ferries", method: .get) { response -> String? in
                #expect(response.text.contains("action=\"/search/save\""))
                return response.csrfToken
            }
            let location = try await client.execute(uri: "/search/save", method: .post, headers: formHeaders,
                                                    body: formBody([("q", "ferries"), ("name", "Boats"),
                                                                    ("csrf", try #require(token))])) { response -> String? in
                #expect(response.status == .seeOther)
                return response.headers[.location]
            }
            #expect(location?.hasPrefix("/saved/") == true, "\(location ?? "")")
            try await client.execute(uri: try #require(location), method: .get) { response in
                #expect(response.text.contains("<h1>Boats</h1>"))
                #expect(response.text.contains("Harbour story"))
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.text.contains("Saved searches") && response.text.contains("Boats"))
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given bad requests, when sent, then each gets a 4xx page in words, never a stack trace")
    func badRequests() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.test { client in
            let token = try #require(try await client.execute(uri: "/", method: .get) { $0.csrfToken })
            let cases: [(String, HTTPRequest.Method, ByteBuffer?, HTTPResponse.Status)] = [
                ("/no/such/page", .get, nil, .notFound),
                ("/settings", .get, nil, .notFound),
                ("/all?after=garbage", .get, nil, .badRequest),
                ("/article/1/sideways", .get, nil, .notFound),
                ("/", .put, nil, .methodNotAllowed),
                ("/subscribe", .post, formBody([("csrf", token)]), .badRequest),
                ("/subscribe", .post, ByteBuffer(string: "csrf=\(token)&url=" + String(repeating: "a", count: 70_000)), .contentTooLarge),
                ("/nothing", .post, formBody([("csrf", token)]), .notFound),
                ("/article/1/star", .post, formBody([("csrf", token), ("starred", "maybe")]), .badRequest),
            ]
            for (uri, method, body, status) in cases {
                try await client.execute(uri: uri, method: method, headers: formHeaders, body: body) { response in
                    #expect(response.status == status, "\(method) \(uri)")
                    #expect(response.headers[.contentType]?.hasPrefix("text/html") == true, "\(method) \(uri)")
                    #expect(!response.text.contains("Error("), "\(method) \(uri)")
                    #expect(!response.text.contains(".swift"), "\(method) \(uri)")
                }
            }
        }
        try await fixture.tearDown()
    }

    @Test("Given a token, when a request comes without it, then the sign-in page answers 401; the header, the cookie and the sign-in form let it through")
    func accessToken() async throws {
        let fixture = try await WebFixture.make()
        let token = "correct-horse-battery-staple"
        #expect(throws: WebServerError.tokenRequired(address: "0.0.0.0")) {
            _ = try WebServer.application(herald: fixture.herald, host: "0.0.0.0")
        }
        try await fixture.test(token: token) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(response.text.contains("action=\"/login\""))
                #expect(!response.text.contains("Example News"))
            }
            try await client.execute(uri: "/", method: .get, headers: [.authorization: "Bearer wrong-token"]) {
                #expect($0.status == .unauthorized)
            }
            try await client.execute(uri: "/", method: .get, headers: [.authorization: "Bearer \(token)"]) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "herald_token=\(token)"]) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/login", method: .post, headers: formHeaders, body: formBody([("token", "nope")])) {
                #expect($0.status == .unauthorized)
                #expect($0.headers[.setCookie] == nil)
            }
            try await client.execute(uri: "/login", method: .post, headers: formHeaders, body: formBody([("token", token)])) {
                #expect($0.status == .seeOther)
                let cookie = try #require($0.headers[.setCookie])
                #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            }
        }
        #expect(WebSecurity.constantTimeEquals("abc", "abc"))
        #expect(!WebSecurity.constantTimeEquals("abc", "abd"))
        #expect(!WebSecurity.constantTimeEquals("abc", "abcd"))
        try await fixture.tearDown()
    }

    @Test("Given a refresh started from a page, when it ends, then its closing notice reaches the Container that every page shows")
    func refreshReportsThroughTheContainer() async throws {
        let fixture = try await WebFixture.make()
        fixture.server.route("/feed.xml", .feed(WebFixture.feed(count: 6)))
        let web = WebApp(herald: fixture.herald, accessToken: nil)
        await web.refreshes.start()
        await web.refreshes.wait()
        let notices = await fixture.herald.container.state.notices.map(\.message)
        #expect(notices.contains { $0.contains("1 new article") })
        let event = EventStream.event(for: await fixture.herald.container.state, csrfToken: "t")
        #expect(event.hasPrefix("event: container\ndata: <section id=\"activity\""))
        #expect(event.hasSuffix("</section>\n\n"))
        try await fixture.tearDown()
    }
}

@Suite("Full text in the web reader")
struct WebFullTextTests {
    @Test("Given the feeds page, when a feed's full text is switched on, then the setting is saved and the page says so; a subscription can ask for it")
    func feedSwitch() async throws {
        let fixture = try await WebFixture.make(articles: 2)
        let feed = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Example News" })
        try await fixture.test { client in
            let token = try #require(try await client.execute(uri: "/", method: .get) { response in
                #expect(response.text.contains("action=\"/feed/\(feed.id.rawValue)/full-text\""))
                #expect(response.text.contains("Full text: off"))
                return response.csrfToken
            })
            try await client.execute(uri: "/feed/\(feed.id.rawValue)/full-text", method: .post, headers: formHeaders,
                                     body: formBody([("on", "1"), ("csrf", token), ("return", "/")])) { response in
                #expect(response.status == .seeOther)
            }
            #expect(try await fixture.herald.feeds().first { $0.id == feed.id }?.settings.fetchesFullText == true)
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.text.contains("Full text: on"))
            }
            try await client.execute(uri: "/feed/\(feed.id.rawValue)/full-text", method: .post, headers: formHeaders,
                                     body: formBody([("on", "maybe"), ("csrf", token)])) { response in
                #expect(response.status == .badRequest)
            }
            fixture.server.route("/more.xml", .feed(WebFixture.feed(count: 1)))
            try await client.execute(uri: "/subscribe", method: .post, headers: formHeaders,
                                     body: formBody([("url", fixture.server.url("/more.xml")), ("fulltext", "1"),
                                                     ("csrf", token)])) { response in
                #expect(response.status == .seeOther)
            }
            #expect(try await fixture.herald.feeds().first { $0.url.hasSuffix("/more.xml") }?.settings.fetchesFullText == true)
        }
        try await fixture.tearDown()
    }

    @Test("Given an article with a link and no kept full text, when Full text is posted, then its page is fetched once and kept, the article shows it, and Feed's text switches back")
    func fullTextButton() async throws {
        let fixture = try await WebFixture.make(articles: 2)
        let page = """
            <html><head><title>Tides</title></head><body><nav><a href="/">Home</a></nav><article>
            \((1...4).map { "<p>The spring tide lifts the moored boats higher than any other tide of the month; paragraph \($0) explains why the moon and the sun pull together.</p>" }.joined())
            </article></body></html>
            """
        fixture.server.route("/tides.html", .feed(page, contentType: "text/html; charset=utf-8"))
        fixture.server.route("/teasers.xml", .feed("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Teasers</title><link>\(fixture.server.url("/"))</link>
            <item><title>Spring tides</title><link>\(fixture.server.url("/tides.html"))</link><guid>t1</guid>
            <description>A teaser about tides.</description></item></channel></rss>
            """))
        let feed = try await fixture.herald.subscribe(to: fixture.server.url("/teasers.xml"))
        let id = try #require(try await fixture.herald.syncIDs(ArticleFilter(scope: .feed(feed.id))).first)
        try await fixture.test { client in
            let token = try #require(try await client.execute(uri: "/article/\(id.rawValue)", method: .get) { response in
                #expect(response.text.contains("A teaser about tides."))
                #expect(response.text.contains("action=\"/article/\(id.rawValue)/full-text\""))
                return response.csrfToken
            })
            try await client.execute(uri: "/article/\(id.rawValue)/full-text", method: .post, headers: formHeaders,
                                     body: formBody([("csrf", token), ("then", "/article/\(id.rawValue)?text=full")])) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/article/\(id.rawValue)?text=full")
            }
            #expect(fixture.server.requestCount(for: "/tides.html") == 1)
            try await client.execute(uri: "/article/\(id.rawValue)?text=full", method: .get) { response in
                #expect(response.text.contains("moored boats"), "\(response.text)")
                #expect(!response.text.contains("A teaser about tides."))
                #expect(response.text.contains("Feed&#39;s text") || response.text.contains("Feed's text"))
            }
            try await client.execute(uri: "/article/\(id.rawValue)?text=feed", method: .get) { response in
                #expect(response.text.contains("A teaser about tides."))
                #expect(response.text.contains("text=full\""), "the kept full text is one link away")
            }
            #expect(fixture.server.requestCount(for: "/tides.html") == 1, "kept: not fetched again")
        }
        try await fixture.tearDown()
    }

    @Test("Given an article with an enclosure, when Download is posted, then its enclosure joins the download queue, the article says queued, and the button is gone")
    func downloadButtonQueuesTheEnclosure() async throws {
        let fixture = try await WebFixture.make(articles: 1)
        fixture.server.route("/podcast.xml", .feed("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Harbour Radio</title><link>https://radio.example/</link>
            <item><title>Tide tables</title><guid>e1</guid><description>This week: the tides.</description>
            <enclosure url="\(fixture.server.url("/media/tides.mp3"))" type="audio/mpeg" length="5000000"/></item></channel></rss>
            """))
        let feed = try await fixture.herald.subscribe(to: fixture.server.url("/podcast.xml"))
        let id = try #require(try await fixture.herald.syncIDs(ArticleFilter(scope: .feed(feed.id))).first)
        try await fixture.test { client in
            let token = try #require(try await client.execute(uri: "/article/\(id.rawValue)", method: .get) { response in
                #expect(response.text.contains("action=\"/article/\(id.rawValue)/download\""))
                #expect(!response.text.contains("queued for download"))
                return response.csrfToken
            })
            try await client.execute(uri: "/article/\(id.rawValue)/download", method: .post, headers: formHeaders,
                                     body: formBody([("csrf", token), ("return", "/article/\(id.rawValue)")])) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/article/\(id.rawValue)")
            }
            try await client.execute(uri: "/article/\(id.rawValue)", method: .get) { response in
                #expect(response.text.contains("queued for download"), "\(response.text)")
                #expect(!response.text.contains("action=\"/article/\(id.rawValue)/download\""))
            }
        }
        let queued = try fixture.herald.downloads()
        #expect(queued.map(\.url) == [fixture.server.url("/media/tides.mp3")])
        #expect(queued.first?.path == fixture.directory + "/Podcasts/Harbour Radio/tides.mp3")
        #expect(fixture.server.requestCount(for: "/media/tides.mp3") == 0, "queued, not downloaded: herald download does that")
        try await fixture.tearDown()
    }
}
