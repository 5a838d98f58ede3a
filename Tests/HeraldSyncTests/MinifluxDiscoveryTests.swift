import Foundation
import Herald
@testable import HeraldSync
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

extension SyncSuite {
    @Suite("Miniflux API: discovery, entries within a feed or category, starred=false, integrations")
    struct MinifluxDiscoveryTests {
        @Test("POST /v1/discover lists a page's advertised feeds unfetched, a feed URL as itself, the first common path that is a feed when none is advertised; 400 for a non-HTTP URL, 500 for a missing page or a dead server; nothing is subscribed")
        func discover() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                let server = fixture.server
                server.route("/site/", .feed("""
                    <html><head><title>Tide site</title>
                    <link rel="alternate" type="application/atom+xml" title="Tides (Atom)" href="/tides.atom">
                    <link rel="alternate" type="application/rss+xml" title="Tides (RSS)" href="\(server.url("/tides.rss"))">
                    </head><body>Tides</body></html>
                    """, contentType: "text/html; charset=utf-8"))
                server.route("/tides.rss", .feed("""
                    <?xml version="1.0"?><rss version="2.0"><channel><title>Tide tables</title><link>\(server.url("/"))</link>
                    <item><title>Spring tide</title><guid>s1</guid></item></channel></rss>
                    """))
                server.route("/quiet.html", .feed("<html><body>No links here</body></html>",
                                                  contentType: "text/html; charset=utf-8"))
                let before = try await fixture.herald.feeds().count
                try await fixture.test { client in
                    func discover(_ url: String) async throws -> (HTTPResponse.Status, Any?) {
                        var headers = fixture.tokenHeaders
                        headers[.contentType] = "application/json"
                        let body = try JSONSerialization.data(withJSONObject: ["url": url])
                        let response = try await client.execute(uri: "/v1/discover", method: .post, headers: headers,
                                                                body: ByteBuffer(bytes: body))
                        return (response.status, try? response.json())
                    }

                    let (pageStatus, page) = try await discover(server.url("/site/"))
                    #expect(pageStatus == .ok)
                    let advertised = try #require(page as? [[String: String]])
                    #expect(advertised.map { $0["url"] } == [server.url("/tides.atom"), server.url("/tides.rss")])
                    #expect(advertised.map { $0["title"] } == ["Tides (Atom)", "Tides (RSS)"])
                    #expect(advertised.map { $0["type"] } == ["atom", "rss"])
                    #expect(server.requestCount(for: "/tides.atom") == 0, "advertised feeds are listed, not fetched")

                    let (feedStatus, feed) = try await discover(server.url("/tides.rss"))
                    #expect(feedStatus == .ok)
                    #expect((feed as? [[String: String]]) == [["url": server.url("/tides.rss"), "title": "Tide tables", "type": "rss"]])

                    // No link on the page: the common paths on its site, one at a time, until one is a feed.
                    server.route("/feed", .feed(SyncFixture.feed("Probed", prefix: "p", count: 1)))
                    let (probedStatus, probed) = try await discover(server.url("/quiet.html"))
                    #expect(probedStatus == .ok)
                    #expect((probed as? [[String: String]])?.first?["url"] == server.url("/feed"))
                    #expect(server.requestCount(for: "/rss") == 0, "the probe stops at the first feed")

                    let (noneStatus, none) = try await discover(server.url("/harbour.xml") + "-missing")
                    #expect(noneStatus == .internalServerError, "a 404 from the site is a failed fetch, as in Miniflux")
                    #expect((none as? [String: String])?["error_message"] != nil)

                    let (upperStatus, _) = try await discover(server.url("/tides.rss").replacingOccurrences(of: "http://", with: "HTTP://"))
                    #expect(upperStatus == .ok, "the scheme in any case, as Miniflux")
                    let (fileStatus, _) = try await discover("file:///etc/passwd")
                    #expect(fileStatus == .badRequest)
                    let (deadStatus, dead) = try await discover("http://127.0.0.1:9/feed.xml")
                    #expect(deadStatus == .internalServerError)
                    #expect((dead as? [String: String])?["error_message"] != nil)
                }
                #expect(try await fixture.herald.feeds().count == before, "discovery subscribes to nothing")
            }
        }

        @Test("A page with no feed advertised and none at the common paths is a 404 with Miniflux's body")
        func discoverNothing() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                fixture.server.route("/bare.html", .feed("<html><body>Nothing</body></html>",
                                                         contentType: "text/html; charset=utf-8"))
                try await fixture.test { client in
                    var headers = fixture.tokenHeaders
                    headers[.contentType] = "application/json"
                    let response = try await client.execute(uri: "/v1/discover", method: .post, headers: headers,
                                                            body: ByteBuffer(string: "{\"url\":\"\(fixture.server.url("/bare.html"))\"}"))
                    #expect(response.status == .notFound)
                    #expect((try response.json() as? [String: String])?["error_message"] == "resource not found")
                    for path in ["/feed", "/rss", "/rss.xml", "/atom.xml", "/feed.xml", "/index.xml"] {
                        #expect(fixture.server.requestCount(for: path) == 1, "\(path) asked once")
                    }
                }
            }
        }

        @Test("An entry read within its feed or category; within another it is a 404; starred=false leaves the starred out; categories with counts=true; entries/ids; integrations/status says none")
        func entriesWithin() async throws {
            try await SyncFixture.with { fixture in
                let feeds = try await fixture.herald.feeds()
                let harbour = try #require(feeds.first { $0.displayTitle == "Harbour" })
                let city = try #require(feeds.first { $0.displayTitle == "City" })
                let entry = try #require(try await fixture.herald.syncEntries(
                    SyncEntryRequest(filter: ArticleFilter(scope: .feed(harbour.id)))).entries.first).id
                _ = try await fixture.herald.apply(.starred(true, ids: [entry]))
                let news = CategoryIDs.id(of: "news")
                try await fixture.test { client in
                    func get(_ uri: String) async throws -> (HTTPResponse.Status, Any?) {
                        let response = try await client.execute(uri: uri, method: .get, headers: fixture.tokenHeaders)
                        return (response.status, try? response.json())
                    }
                    let (inFeed, found) = try await get("/v1/feeds/\(harbour.id.rawValue)/entries/\(entry.rawValue)")
                    #expect(inFeed == .ok)
                    #expect((found as? [String: Any])?["id"] as? Int == Int(entry.rawValue))
                    #expect(try await get("/v1/feeds/\(city.id.rawValue)/entries/\(entry.rawValue)").0 == .notFound)
                    #expect(try await get("/v1/categories/\(news)/entries/\(entry.rawValue)").0 == .ok)
                    #expect(try await get("/v1/categories/\(CategoryIDs.untagged)/entries/\(entry.rawValue)").0 == .notFound)
                    // A second tag is a category whose entries list the feed's: the entry is found there too.
                    try await fixture.herald.setTags(["news", "port"], for: harbour.id)
                    #expect(try await get("/v1/categories/\(CategoryIDs.id(of: "port"))/entries/\(entry.rawValue)").0 == .ok)
                    try await fixture.herald.setTags(["news"], for: harbour.id)

                    func total(_ query: String) async throws -> Int {
                        try #require((try await get("/v1/entries" + query).1 as? [String: Any])?["total"] as? Int)
                    }
                    #expect(try await total("?starred=true") == 1)
                    #expect(try await total("?starred=1") == 1)
                    #expect(try await total("?starred=false") == 7)
                    #expect(try await total("?starred=f&feed_id=\(harbour.id.rawValue)") == 4)
                    #expect(try await total("?starred=maybe") == 8, "not a boolean: no filter, as Miniflux")
                    #expect(MinifluxAPI.boolean("True") == true && MinifluxAPI.boolean("F") == false && MinifluxAPI.boolean("yes") == nil)

                    let counted = try #require(try await get("/v1/categories?counts=true").1 as? [[String: Any]])
                    let byTitle = Dictionary(uniqueKeysWithValues: counted.compactMap { category in
                        (category["title"] as? String).map { ($0, category) }
                    })
                    #expect(byTitle["news"]?["feed_count"] as? Int == 1 && byTitle["news"]?["total_unread"] as? Int == 5)
                    #expect(byTitle["All"]?["feed_count"] as? Int == 1 && byTitle["All"]?["total_unread"] as? Int == 3)
                    let plain = try #require(try await get("/v1/categories").1 as? [[String: Any]])
                    #expect(plain.allSatisfy { $0["feed_count"] == nil && $0["total_unread"] == nil })

                    // GET /v1/entries/ids: largest first, status and starred strictly, limit and offset.
                    func ids(_ query: String) async throws -> (Int, [Int]) {
                        let object = try #require(try await get("/v1/entries/ids" + query).1 as? [String: Any])
                        return (object["total"] as? Int ?? -1, object["entry_ids"] as? [Int] ?? [])
                    }
                    let (all, every) = try await ids("")
                    #expect(all == 8 && every == every.sorted(by: >) && every.count == 8)
                    #expect(try await ids("?starred=true") == (1, [Int(entry.rawValue)]))
                    let (unstarred, others) = try await ids("?starred=false")
                    #expect(unstarred == 7 && !others.contains(Int(entry.rawValue)))
                    #expect(try await ids("?status=read").0 == 0)
                    let (unread, page) = try await ids("?status=unread&limit=3&offset=1")
                    #expect(unread == 8 && page == Array(every[1...3]))
                    #expect(try await get("/v1/entries/ids?status=removed").0 == .badRequest)
                    #expect(try await get("/v1/entries/ids?starred=1").0 == .badRequest)

                    let (status, integrations) = try await get("/v1/integrations/status")
                    #expect(status == .ok)
                    #expect((integrations as? [String: Any])?["has_integrations"] as? Bool == false)
                }
            }
        }
    }
}
