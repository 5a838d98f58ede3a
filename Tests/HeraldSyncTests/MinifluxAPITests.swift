import Foundation
import Herald
@testable import HeraldSync
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

extension SyncSuite {
    @Suite("Miniflux API: a real engine on SQLite and PostgreSQL, through Hummingbird's router")
    struct MinifluxAPITests {
        @Test("No credentials, a wrong password or an unknown token get 401 with Miniflux's body and a Basic challenge")
        func signInIsRequired() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    for headers in [HTTPFields(), SyncFixture.basic(SyncFixture.name, "wrong password"),
                                    SyncFixture.basic("mallory", SyncFixture.password),
                                    [HTTPField.Name("X-Auth-Token")!: "not-a-token"]] {
                        let response = try await client.execute(uri: "/v1/feeds", method: .get, headers: headers)
                        #expect(response.status == .unauthorized)
                        #expect(response.headers[.wwwAuthenticate] == "Basic realm=\"Herald\"")
                        let body = try #require(try response.json() as? [String: String])
                        #expect(body["error_message"] == "access unauthorized")
                    }
                }
            }
        }

        @Test("fetch-content: the page behind an entry is fetched once, extracted and kept; the entry then serves it as content; a page that fails is a 502 that keeps the feed's text")
        func fetchContent() async throws {
            try await SyncFixture.with { fixture in
                let page = "<html><body><nav><a href=\"/\">Home</a></nav><article>"
                    + (1...4).map { "<p>The neap tide barely covers the sandbar at noon; paragraph \($0) of the tide tables explains it at length.</p>" }.joined()
                    + "</article></body></html>"
                fixture.server.route("/neap.html", .feed(page, contentType: "text/html; charset=utf-8"))
                fixture.server.route("/gone.html", .error(404))
                fixture.server.route("/tides.xml", .feed("""
                    <?xml version="1.0"?><rss version="2.0"><channel><title>Tides</title><link>\(fixture.server.url("/"))</link>
                    <item><title>Neap tides</title><link>\(fixture.server.url("/neap.html"))</link><guid>n1</guid><description>A teaser.</description></item>
                    <item><title>Gone</title><link>\(fixture.server.url("/gone.html"))</link><guid>g1</guid><description>Another teaser.</description></item>
                    </channel></rss>
                    """))
                let feed = try await fixture.herald.subscribe(to: fixture.server.url("/tides.xml"))
                let ids = try await fixture.herald.syncIDs(ArticleFilter(scope: .feed(feed.id)))
                var byTitle: [String: ArticleID] = [:]
                for id in ids { byTitle[try await fixture.herald.article(id).title] = id }
                let neap = try #require(byTitle["Neap tides"]), gone = try #require(byTitle["Gone"])
                try await fixture.test { client in
                    let fetched = try await client.execute(uri: "/v1/entries/\(neap.rawValue)/fetch-content", method: .get,
                                                           headers: fixture.tokenHeaders)
                    #expect(fetched.status == .ok)
                    let content = try #require((try fetched.json() as? [String: String])?["content"])
                    #expect(content.contains("barely covers the sandbar") && !content.contains("Home"))
                    let entry = try await client.execute(uri: "/v1/entries/\(neap.rawValue)", method: .get,
                                                         headers: fixture.tokenHeaders)
                    #expect(((try entry.json() as? [String: Any])?["content"] as? String)?.contains("sandbar") == true)
                    _ = try await client.execute(uri: "/v1/entries/\(neap.rawValue)/fetch-content", method: .get,
                                                 headers: fixture.tokenHeaders)
                    #expect(fixture.server.requestCount(for: "/neap.html") == 1, "kept once fetched")

                    let failed = try await client.execute(uri: "/v1/entries/\(gone.rawValue)/fetch-content", method: .get,
                                                          headers: fixture.tokenHeaders)
                    #expect(failed.status == .badGateway)
                    let kept = try await client.execute(uri: "/v1/entries/\(gone.rawValue)", method: .get,
                                                        headers: fixture.tokenHeaders)
                    #expect(((try kept.json() as? [String: Any])?["content"] as? String)?.contains("Another teaser") == true)
                    let missing = try await client.execute(uri: "/v1/entries/999999/fetch-content", method: .get,
                                                           headers: fixture.tokenHeaders)
                    #expect(missing.status == .notFound)
                }
            }
        }

        @Test("Icons: a feed with an icon names it, and /v1/feeds/ID/icon and /v1/icons/ID serve it as Miniflux's data payload; a feed without one has none and 404")
        func icons() async throws {
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
            try await SyncFixture.with(icon: png) { fixture in
                try await fixture.test { client in
                    let feeds = try #require(try await client.execute(uri: "/v1/feeds", method: .get, headers: SyncFixture.basic())
                        .json() as? [[String: Any]])
                    #expect(feeds.count == 2)
                    for feed in feeds {
                        let id = try #require(feed["id"] as? Int)
                        let icon = try #require(feed["icon"] as? [String: Any])
                        #expect(icon["feed_id"] as? Int == id && icon["icon_id"] as? Int == id)
                        for uri in ["/v1/feeds/\(id)/icon", "/v1/icons/\(id)"] {
                            let response = try await client.execute(uri: uri, method: .get, headers: SyncFixture.basic())
                            #expect(response.status == .ok)
                            let body = try #require(try response.json() as? [String: Any])
                            #expect(body["id"] as? Int == id)
                            #expect(body["mime_type"] as? String == "image/png")
                            #expect(body["data"] as? String == "image/png;base64," + Data(png).base64EncodedString())
                        }
                    }
                    #expect(try await client.execute(uri: "/v1/icons/999999", method: .get, headers: SyncFixture.basic()).status
                            == .notFound)
                    #expect(try await client.execute(uri: "/v1/icons/1", method: .get).status == .unauthorized)
                }
            }
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                try await fixture.test { client in
                    let feeds = try #require(try await client.execute(uri: "/v1/feeds", method: .get, headers: SyncFixture.basic())
                        .json() as? [[String: Any]])
                    for feed in feeds {
                        #expect(feed["icon"] == nil || feed["icon"] is NSNull)
                        let id = try #require(feed["id"] as? Int)
                        #expect(try await client.execute(uri: "/v1/feeds/\(id)/icon", method: .get, headers: SyncFixture.basic())
                                .status == .notFound)
                    }
                }
            }
        }

        @Test("Feeds and categories: every key newsboat reads, tags as categories, untagged feeds under All")
        func feedsAndCategories() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    let response = try await client.execute(uri: "/v1/feeds", method: .get, headers: SyncFixture.basic())
                    #expect(response.status == .ok)
                    let feeds = try #require(try response.json() as? [[String: Any]])
                    #expect(feeds.count == 2)
                    let byTitle = Dictionary(uniqueKeysWithValues: feeds.map { ($0["title"] as? String ?? "", $0) })
                    let harbour = try #require(byTitle["Harbour"])
                    let category = try #require(harbour["category"] as? [String: Any])
                    #expect(category["title"] as? String == "news")
                    #expect((category["id"] as? Int ?? 0) > 1)
                    #expect(harbour["feed_url"] as? String == fixture.server.url("/harbour.xml"))
                    let city = try #require(byTitle["City"]?["category"] as? [String: Any])
                    #expect(city["id"] as? Int == 1)
                    #expect(city["title"] as? String == "All")

                    let categories = try await client.execute(uri: "/v1/categories", method: .get, headers: fixture.tokenHeaders)
                    let list = try #require(try categories.json() as? [[String: Any]])
                    #expect(Set(list.compactMap { $0["title"] as? String }) == ["All", "news"])
                    #expect(list.first { $0["title"] as? String == "news" }?["id"] as? Int == category["id"] as? Int)
                }
            }
        }

        @Test("A feed's entries newest first, as newsboat 2.21 asks, through a doubled slash: every key, UTC times, sanitised content")
        func feedEntriesAsNewsboatAsks() async throws {
            try await SyncFixture.with { fixture in
                let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
                try await fixture.test { client in
                    let response = try await client.execute(
                        uri: "//v1/feeds/\(harbour.id.rawValue)/entries?order=published_at&direction=desc",
                        method: .get, headers: SyncFixture.basic())
                    #expect(response.status == .ok)
                    let page = try #require(try response.json() as? [String: Any])
                    #expect(page["total"] as? Int == 5)
                    let entries = try #require(page["entries"] as? [[String: Any]])
                    #expect(entries.map { $0["title"] as? String } == (1...5).map { "Harbour story \($0)" })
                    let first = entries[0]
                    for key in ["id", "title", "url", "author", "content", "published_at", "status", "feed_id", "starred", "feed"] {
                        #expect(first[key] != nil, "entry has no \(key)")
                    }
                    #expect(first["published_at"] as? String == "2026-11-27T10:00:00Z")
                    #expect(first["status"] as? String == "unread")
                    #expect(first["author"] as? String == "News Desk")
                    let content = try #require(first["content"] as? String)
                    #expect(content.contains("<b>h</b>"))
                    #expect(!content.contains("<script"))
                }
            }
        }

        @Test("Entries: Miniflux's defaults (oldest first, 100), status, starred, limit and offset, a category's")
        func entryQueries() async throws {
            try await SyncFixture.with(harbour: 5, city: 3) { fixture in
                try await fixture.test { client in
                    func titles(_ query: String) async throws -> (Int, [String]) {
                        let response = try await client.execute(uri: "/v1/entries" + query, method: .get, headers: fixture.tokenHeaders)
                        #expect(response.status == .ok, "\(query)")
                        let page = try #require(try response.json() as? [String: Any])
                        let entries = page["entries"] as? [[String: Any]] ?? []
                        return (page["total"] as? Int ?? -1, entries.compactMap { $0["title"] as? String })
                    }
                    let (total, oldest) = try await titles("")
                    #expect(total == 8)
                    #expect(oldest.first == "Harbour story 5")
                    let (_, newest) = try await titles("?direction=desc&limit=2&offset=1")
                    #expect(newest.count == 2)
                    let all = try await titles("?direction=desc").1
                    #expect(newest == Array(all[1...2]))
                    let news = CategoryIDs.id(of: "news")
                    let (newsTotal, _) = try await titles("?category_id=\(news)")
                    #expect(newsTotal == 5)
                    let (unread, _) = try await titles("?status=unread")
                    #expect(unread == 8)
                    let (read, _) = try await titles("?status=read")
                    #expect(read == 0)
                }
            }
        }

        @Test("PUT /v1/entries marks read and unread (JSON under a form Content-Type, as newsboat sends it); bookmark toggles; a feed is marked read")
        func readingState() async throws {
            try await SyncFixture.with { fixture in
                let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
                let ids = try await fixture.herald.syncEntries(SyncEntryRequest(filter: ArticleFilter(scope: .feed(harbour.id))))
                    .entries.map(\.id.rawValue)
                try await fixture.test { client in
                    var headers = SyncFixture.basic()
                    headers[.contentType] = "application/x-www-form-urlencoded"
                    let body = ByteBuffer(string: "{\"entry_ids\":[\(ids[0]),\(ids[1])],\"status\":\"read\"}")
                    let put = try await client.execute(uri: "/v1/entries", method: .put, headers: headers, body: body)
                    #expect(put.status == .noContent)
                    #expect(try await fixture.herald.article(ArticleID(ids[0])).state.isRead)
                    #expect(try await fixture.herald.article(ArticleID(ids[1])).state.isRead)
                    #expect(try await !fixture.herald.article(ArticleID(ids[2])).state.isRead)

                    let unread = ByteBuffer(string: "{\"entry_ids\":[\(ids[0])],\"status\":\"unread\"}")
                    _ = try await client.execute(uri: "/v1/entries", method: .put, headers: headers, body: unread)
                    #expect(try await !fixture.herald.article(ArticleID(ids[0])).state.isRead)

                    let bad = try await client.execute(uri: "/v1/entries", method: .put, headers: headers,
                                                       body: ByteBuffer(string: "{\"entry_ids\":[],\"status\":\"read\"}"))
                    #expect(bad.status == .badRequest)
                    #expect((try bad.json() as? [String: String])?["error_message"] != nil)

                    _ = try await client.execute(uri: "/v1/entries/\(ids[2])/bookmark", method: .put, headers: headers)
                    #expect(try await fixture.herald.article(ArticleID(ids[2])).state.isStarred)
                    _ = try await client.execute(uri: "/v1/entries/\(ids[2])/bookmark", method: .put, headers: headers)
                    #expect(try await !fixture.herald.article(ArticleID(ids[2])).state.isStarred)

                    let marked = try await client.execute(uri: "/v1/feeds/\(harbour.id.rawValue)/mark-all-as-read", method: .put,
                                                          headers: headers)
                    #expect(marked.status == .noContent)
                    let counts = try await fixture.herald.unreadCounts()
                    #expect(counts[harbour.id, default: 0] == 0)

                    let missing = try await client.execute(uri: "/v1/entries/999999", method: .get, headers: headers)
                    #expect(missing.status == .notFound)
                }
            }
        }

        @Test("Ten wrong passwords lock the address and the account out with 429 and Retry-After, even with the right password; wrong tokens lock nobody out")
        func failedSignInsAreLimited() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    for _ in 0..<12 {
                        let response = try await client.execute(uri: "/v1/me", method: .get,
                                                                headers: [HTTPField.Name("X-Auth-Token")!: "guess"])
                        #expect(response.status == .unauthorized)
                    }
                    let token = try await client.execute(uri: "/v1/me", method: .get, headers: fixture.tokenHeaders)
                    #expect(token.status == .ok, "wrong tokens must not lock the owner's clients out")
                    for _ in 0..<10 {
                        let response = try await client.execute(uri: "/v1/me", method: .get,
                                                                headers: SyncFixture.basic(SyncFixture.name, "wrong guess"))
                        #expect(response.status == .unauthorized)
                    }
                    let locked = try await client.execute(uri: "/v1/me", method: .get, headers: SyncFixture.basic())
                    #expect(locked.status == .tooManyRequests)
                    #expect(Int(locked.headers[.retryAfter] ?? "") ?? 0 > 0)
                }
            }
        }

        @Test("Feeds: create in a category, rename and move, counters, delete; OPML export and import")
        func feedManagement() async throws {
            try await SyncFixture.with { fixture in
                fixture.server.route("/extra.xml", .feed(SyncFixture.feed("Extra", prefix: "x", count: 2)))
                let news = CategoryIDs.id(of: "news")
                try await fixture.test { client in
                    var headers = fixture.tokenHeaders
                    headers[.contentType] = "application/json"
                    let created = try await client.execute(uri: "/v1/feeds", method: .post, headers: headers,
                                                           body: ByteBuffer(string: "{\"feed_url\":\"\(fixture.server.url("/extra.xml"))\",\"category_id\":\(news)}"))
                    #expect(created.status == .created)
                    let id = try #require((try created.json() as? [String: Any])?["feed_id"] as? Int)
                    let extra = try #require(try await fixture.herald.feeds().first { $0.id.rawValue == Int64(id) })
                    #expect(extra.tags == ["news"])

                    let updated = try await client.execute(uri: "/v1/feeds/\(id)", method: .put, headers: headers,
                                                           body: ByteBuffer(string: "{\"title\":\"Extra, renamed\",\"category_id\":1}"))
                    #expect(updated.status == .created)
                    let feed = try #require(try updated.json() as? [String: Any])
                    #expect(feed["title"] as? String == "Extra, renamed")
                    #expect((feed["category"] as? [String: Any])?["id"] as? Int == 1)

                    let counters = try #require(try await client.execute(uri: "/v1/feeds/counters", method: .get,
                                                                         headers: headers).json() as? [String: [String: Int]])
                    #expect(counters["unreads"]?[String(id)] == 2)
                    #expect(counters["reads"]?[String(id)] == nil)

                    let deleted = try await client.execute(uri: "/v1/feeds/\(id)", method: .delete, headers: headers)
                    #expect(deleted.status == .noContent)
                    #expect(try await fixture.herald.feeds().count == 2)

                    let opml = try await client.execute(uri: "/v1/export", method: .get, headers: headers)
                    #expect(String(buffer: opml.body).contains(fixture.server.url("/harbour.xml")))
                    let urls = fixture.server.url("/extra.xml") + "\n"
                    let imported = try await client.execute(uri: "/v1/import", method: .post, headers: headers,
                                                            body: ByteBuffer(string: urls))
                    #expect(imported.status == .created)
                    #expect(try await fixture.herald.feeds().count == 3)
                    let unknown = try await client.execute(uri: "/v1/feeds", method: .post, headers: headers,
                                                           body: ByteBuffer(string: "{\"feed_url\":\"x\",\"category_id\":999}"))
                    #expect(unknown.status == .notFound)
                }
            }
        }

        @Test("Entries: search in Herald's query language within the other parameters; a query outside it is searched as plain words")
        func search() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    let headers = fixture.tokenHeaders
                    let found = try #require(try await client.execute(uri: "/v1/entries?search=harbour&direction=desc", method: .get,
                                                                      headers: headers).json() as? [String: Any])
                    let entries = try #require(found["entries"] as? [[String: Any]])
                    #expect(found["total"] as? Int == 5)
                    #expect(entries.allSatisfy { ($0["title"] as? String)?.hasPrefix("Harbour") == true })
                    let one = try #require(try await client.execute(uri: "/v1/entries?search=%22story%203%22&feed_id=1",
                                                                    method: .get, headers: headers).json() as? [String: Any])
                    #expect(one["total"] as? Int == 1)
                    let titled = try #require(try await client.execute(uri: "/v1/entries?search=title:city&limit=2",
                                                                       method: .get, headers: headers).json() as? [String: Any])
                    #expect(titled["total"] as? Int == 3)
                    #expect((titled["entries"] as? [Any])?.count == 2)
                    // Typed as it is (Flux News sends the search box's text): an unclosed quote, a lone operator.
                    for typed in ["%22harbour", "harbour%20NOT", "(harbour"] {
                        let plain = try #require(try await client.execute(uri: "/v1/entries?search=\(typed)", method: .get,
                                                                          headers: headers).json() as? [String: Any])
                        #expect(plain["total"] as? Int == 5, "\(typed)")
                    }
                    let nothing = try #require(try await client.execute(uri: "/v1/entries?search=%22%28%29", method: .get,
                                                                        headers: headers).json() as? [String: Any])
                    #expect(nothing["total"] as? Int == 0)
                }
            }
        }

        @Test("Categories created empty: listed by Miniflux, Fever and Google Reader, a feed moved into one, renamed and removed; a second of the same name is a 400")
        func categoryCreation() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    var headers = fixture.tokenHeaders
                    headers[.contentType] = "application/json"
                    let created = try await client.execute(uri: "/v1/categories", method: .post, headers: headers,
                                                           body: ByteBuffer(string: "{\"title\":\" Reading list \"}"))
                    #expect(created.status == .created)
                    let category = try #require(try created.json() as? [String: Any])
                    let id = Int(CategoryIDs.id(of: "Reading list"))
                    #expect(category["title"] as? String == "Reading list" && category["id"] as? Int == id)
                    for title in ["Reading list", "news", "All", ""] {
                        let again = try await client.execute(uri: "/v1/categories", method: .post, headers: headers,
                                                             body: ByteBuffer(string: "{\"title\":\"\(title)\"}"))
                        #expect(again.status == .badRequest, "\(title)")
                    }
                    let listed = try #require(try await client.execute(uri: "/v1/categories", method: .get, headers: headers)
                        .json() as? [[String: Any]])
                    #expect(listed.compactMap { $0["title"] as? String }.sorted() == ["All", "Reading list", "news"])
                    let empty = try #require(try await client.execute(uri: "/v1/categories/\(id)/entries", method: .get,
                                                                      headers: headers).json() as? [String: Any])
                    #expect(empty["total"] as? Int == 0)

                    // The other two protocols see it too.
                    let fever = try await client.execute(
                        uri: "/api/fever.php?api&groups", method: .post,
                        headers: [.contentType: "application/x-www-form-urlencoded"],
                        body: ByteBuffer(string: "api_key=" + SyncSuite.FeverAPITests.key()))
                    let groups = try #require((try fever.json() as? [String: Any])?["groups"] as? [[String: Any]])
                    #expect(groups.contains { $0["title"] as? String == "Reading list" && $0["id"] as? Int == id })
                    let signedIn = try await SyncSuite.GoogleReaderAPITests.signIn(client)
                    let reader = try await SyncSuite.GoogleReaderAPITests.json(client, "/reader/api/0/tag/list?output=json", signedIn)
                    let labels = (reader["tags"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
                    #expect(labels.contains("user/-/label/Reading list"), "\(labels)")

                    // A feed moved into it: the category now holds the feed's articles.
                    let city = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "City" })
                    let moved = try await client.execute(uri: "/v1/feeds/\(city.id.rawValue)", method: .put, headers: headers,
                                                         body: ByteBuffer(string: "{\"category_id\":\(id)}"))
                    #expect(moved.status == .created)
                    #expect(try await fixture.herald.feeds().first { $0.id == city.id }?.tags == ["Reading list"])
                    let filled = try #require(try await client.execute(uri: "/v1/categories/\(id)/entries", method: .get,
                                                                       headers: headers).json() as? [String: Any])
                    #expect(filled["total"] as? Int == 3)

                    // Renamed, then removed: the kept tag goes with it.
                    let renamed = try await client.execute(uri: "/v1/categories/\(id)", method: .put, headers: headers,
                                                           body: ByteBuffer(string: "{\"title\":\"Later\"}"))
                    #expect(renamed.status == .created)
                    #expect(try await fixture.herald.tags() == ["Later", "news"])
                    let removed = try await client.execute(uri: "/v1/categories/\(CategoryIDs.id(of: "Later"))",
                                                           method: .delete, headers: headers)
                    #expect(removed.status == .noContent)
                    #expect(try await fixture.herald.tags() == ["news"])
                }
            }
        }

        @Test("Entries ordered by id, status and category, and bounded by after_entry_id and before_entry_id; an unknown order is a 400")
        func entryOrders() async throws {
            try await SyncFixture.with { fixture in
                let ids = try await fixture.herald.syncIDs(ArticleFilter())
                #expect(ids.count == 8)
                // Two read, so that status has something to order.
                try await fixture.herald.apply(.read(true, ids: [ids[0], ids[5]]))
                try await fixture.test { client in
                    func entries(_ query: String) async throws -> [[String: Any]] {
                        let answer = try await client.execute(uri: "/v1/entries?limit=0&" + query, method: .get,
                                                              headers: SyncFixture.basic())
                        #expect(answer.status == .ok, "\(query)")
                        return (try answer.json() as? [String: Any])?["entries"] as? [[String: Any]] ?? []
                    }
                    let byID = try await entries("order=id&direction=asc").compactMap { $0["id"] as? Int }
                    #expect(byID == ids.map { Int($0.rawValue) }.sorted())
                    let byIDDown = try await entries("order=id&direction=desc").compactMap { $0["id"] as? Int }
                    #expect(byIDDown == byID.reversed())
                    let statuses = try await entries("order=status&direction=desc").compactMap { $0["status"] as? String }
                    #expect(statuses == Array(repeating: "unread", count: 6) + ["read", "read"], "\(statuses)")
                    let byCategory = try await entries("order=category_title&direction=asc")
                        .compactMap { ($0["feed"] as? [String: Any])?["title"] as? String }
                    #expect(byCategory == Array(repeating: "City", count: 3) + Array(repeating: "Harbour", count: 5),
                            "All before news: \(byCategory)")
                    let sorted = byID
                    let window = try await entries("order=id&direction=asc&after_entry_id=\(sorted[1])&before_entry_id=\(sorted[6])")
                        .compactMap { $0["id"] as? Int }
                    #expect(window == Array(sorted[2...5]))
                    let bad = try await client.execute(uri: "/v1/entries?order=popularity", method: .get, headers: SyncFixture.basic())
                    #expect(bad.status == .badRequest)
                }
            }
        }

        @Test("Categories: renamed (the tag on every feed), removed (the feeds stay, untagged); All cannot be")
        func categoryWrites() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    var headers = fixture.tokenHeaders
                    headers[.contentType] = "application/json"
                    let news = CategoryIDs.id(of: "news")
                    let renamed = try await client.execute(uri: "/v1/categories/\(news)", method: .put, headers: headers,
                                                           body: ByteBuffer(string: "{\"title\":\"Local news\"}"))
                    #expect(renamed.status == .created)
                    let category = try #require(try renamed.json() as? [String: Any])
                    #expect(category["title"] as? String == "Local news")
                    #expect(category["id"] as? Int == Int(CategoryIDs.id(of: "Local news")))
                    #expect(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" }?.tags == ["Local news"])
                    let listed = try #require(try await client.execute(uri: "/v1/categories", method: .get, headers: headers)
                        .json() as? [[String: Any]])
                    #expect(listed.compactMap { $0["title"] as? String }.sorted() == ["All", "Local news"])

                    let all = try await client.execute(uri: "/v1/categories/1", method: .delete, headers: headers)
                    #expect(all.status == .badRequest)
                    let removed = try await client.execute(uri: "/v1/categories/\(CategoryIDs.id(of: "Local news"))",
                                                           method: .delete, headers: headers)
                    #expect(removed.status == .noContent)
                    #expect(try await fixture.herald.feeds().count == 2)
                    #expect(try await fixture.herald.feeds().allSatisfy { $0.tags.isEmpty })
                    let gone = try await client.execute(uri: "/v1/categories/\(news)", method: .put, headers: headers,
                                                        body: ByteBuffer(string: "{\"title\":\"x\"}"))
                    #expect(gone.status == .notFound)
                }
            }
        }
    }
}
