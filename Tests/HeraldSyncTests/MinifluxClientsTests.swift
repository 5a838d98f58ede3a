import Foundation
import Herald
@testable import HeraldSync
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

extension SyncSuite {
    /// What particular Miniflux clients send, each answered as Miniflux answers it (a review of
    /// Fluent Reader's, Flux News's, the Go client's and browser front ends' calls against Herald).
    @Suite("Miniflux API: the requests of Fluent Reader, Flux News, the Go client and browser front ends")
    struct MinifluxClientsTests {
        @Test("An id filter of 0, empty or malformed is no filter (Fluent Reader's first sync asks for after_entry_id=0)")
        func zeroIdentifiersAreNoFilter() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                try await fixture.test { client in
                    for query in ["?order=id&direction=desc&after_entry_id=0&limit=125", "?before_entry_id=0",
                                  "?feed_id=0", "?category_id=0", "?feed_id=", "?after_entry_id=-3", "?order="] {
                        let response = try await client.execute(uri: "/v1/entries" + query, method: .get,
                                                                headers: fixture.tokenHeaders)
                        #expect(response.status == .ok, "\(query)")
                        let page = try #require(try response.json() as? [String: Any])
                        #expect(page["total"] as? Int == 8, "\(query)")
                    }
                    // A real bound still applies.
                    let all = try #require(try await client.execute(uri: "/v1/entries?order=id", method: .get,
                                                                     headers: fixture.tokenHeaders).json() as? [String: Any])
                    let ids = try #require(all["entries"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
                    let after = try #require(try await client.execute(uri: "/v1/entries?order=id&after_entry_id=\(ids[4])",
                                                                       method: .get, headers: fixture.tokenHeaders)
                        .json() as? [String: Any])
                    #expect(after["total"] as? Int == 3)
                }
            }
        }

        @Test("GET /v1/categories/ID/feeds lists the feeds of a category (Flux News asks for each), 404 for an unknown one")
        func categoryFeeds() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    func titles(_ category: Int64) async throws -> [String] {
                        let response = try await client.execute(uri: "/v1/categories/\(category)/feeds", method: .get,
                                                                headers: fixture.tokenHeaders)
                        #expect(response.status == .ok)
                        return try #require(try response.json() as? [[String: Any]]).compactMap { $0["title"] as? String }
                    }
                    #expect(try await titles(CategoryIDs.id(of: "news")) == ["Harbour"])
                    #expect(try await titles(CategoryIDs.untagged) == ["City"])
                    let unknown = try await client.execute(uri: "/v1/categories/424242/feeds", method: .get,
                                                           headers: fixture.tokenHeaders)
                    #expect(unknown.status == .notFound)
                }
            }
        }

        @Test("Refresh requests: all and a category refresh only what is due, in the background; one feed is refreshed now (at most once a politeness window), its failure a 500")
        func refreshRequests() async throws {
            try await SyncFixture.with(stores: [.sqlite], config: "refresh-guard-window = 1\n") { fixture in
                try await fixture.test { client in
                    let feeds = try #require(try await client.execute(uri: "/v1/feeds", method: .get,
                                                                       headers: fixture.tokenHeaders).json() as? [[String: Any]])
                    let harbour = try #require(feeds.first { $0["title"] as? String == "Harbour" }?["id"] as? Int)
                    let fetched = fixture.server.requestCount(for: "/harbour.xml")
                    #expect(fetched >= 1)
                    func refreshHarbour() async throws -> HTTPResponse.Status {
                        try await client.execute(uri: "/v1/feeds/\(harbour)/refresh", method: .put, headers: fixture.tokenHeaders).status
                    }
                    // Both feeds were fetched a moment ago: none is due, and the feed itself is
                    // inside the window, so these ask the sites nothing.
                    for path in ["/v1/feeds/refresh", "/v1/categories/\(CategoryIDs.id(of: "news"))/refresh",
                                 "/v1/categories/\(CategoryIDs.untagged)/refresh"] {
                        let response = try await client.execute(uri: path, method: .put, headers: fixture.tokenHeaders)
                        #expect(response.status == .noContent, "\(path)")
                    }
                    #expect(try await refreshHarbour() == .noContent)
                    try await Task.sleep(for: .milliseconds(300))
                    #expect(fixture.server.requestCount(for: "/harbour.xml") == fetched)
                    #expect(fixture.server.requestCount(for: "/city.xml") == fetched)
                    // Past the window: refreshed before the answer, once however often it is asked.
                    try await Task.sleep(for: .milliseconds(1100))
                    #expect(try await refreshHarbour() == .noContent)
                    #expect(try await refreshHarbour() == .noContent)
                    #expect(fixture.server.requestCount(for: "/harbour.xml") == fetched + 1)
                    fixture.server.route("/harbour.xml", .error(500))
                    try await Task.sleep(for: .milliseconds(1100))
                    let failed = try await client.execute(uri: "/v1/feeds/\(harbour)/refresh", method: .put, headers: fixture.tokenHeaders)
                    #expect(failed.status == .internalServerError)
                    let message = try #require(try failed.json() as? [String: Any])["error_message"] as? String
                    #expect(message?.contains("500") == true, "\(message ?? "")")
                    let unknown = try await client.execute(uri: "/v1/feeds/424242/refresh", method: .put, headers: fixture.tokenHeaders)
                    #expect(unknown.status == .notFound)
                }
            }
        }

        @Test("PUT /v1/entries/ID/star toggles as bookmark does (the Go client's name for it)")
        func starToggles() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                let id = try #require(try await fixture.herald.syncIDs(ArticleFilter()).first)
                try await fixture.test { client in
                    let first = try await client.execute(uri: "/v1/entries/\(id.rawValue)/star", method: .put,
                                                         headers: fixture.tokenHeaders)
                    #expect(first.status == .noContent)
                    #expect(try await fixture.herald.syncEntry(id).isStarred)
                    _ = try await client.execute(uri: "/v1/entries/\(id.rawValue)/star", method: .put, headers: fixture.tokenHeaders)
                    #expect(try await fixture.herald.syncEntry(id).isStarred == false)
                }
            }
        }

        @Test("POST /v1/feeds with category_id 0 subscribes without a category (the Go client always sends one)")
        func subscribeWithCategoryZero() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                fixture.server.route("/tides.xml", .feed(SyncFixture.feed("Tides", prefix: "t", count: 2)))
                try await fixture.test { client in
                    var headers = fixture.tokenHeaders
                    headers[.contentType] = "application/json"
                    let body = #"{"feed_url": "\#(fixture.server.url("/tides.xml"))", "category_id": 0}"#
                    let response = try await client.execute(uri: "/v1/feeds", method: .post, headers: headers,
                                                            body: ByteBuffer(string: body))
                    #expect(response.status == .created)
                    let feed = try #require(try await fixture.herald.feeds().first { $0.url == fixture.server.url("/tides.xml") })
                    #expect(feed.tags.isEmpty)
                }
            }
        }

        @Test("A browser's preflight gets 204 with the API's methods and headers before any sign-in; every /v1 answer allows any origin")
        func crossOrigin() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                try await fixture.test { client in
                    let preflight = try await client.execute(uri: "/v1/entries", method: .options, headers: [
                        .origin: "https://reader.example", .accessControlRequestMethod: "GET",
                        .accessControlRequestHeaders: "x-auth-token",
                    ])
                    #expect(preflight.status == .noContent)
                    #expect(preflight.headers[.accessControlAllowOrigin] == "*")
                    #expect(preflight.headers[.accessControlAllowHeaders]?.contains("X-Auth-Token") == true)
                    #expect(preflight.headers[.accessControlAllowMethods]?.contains("PUT") == true)
                    let signedIn = try await client.execute(uri: "/v1/me", method: .get, headers: fixture.tokenHeaders)
                    #expect(signedIn.status == .ok && signedIn.headers[.accessControlAllowOrigin] == "*")
                    let refused = try await client.execute(uri: "/v1/me", method: .get)
                    #expect(refused.status == .unauthorized && refused.headers[.accessControlAllowOrigin] == "*")
                    // The other APIs are not opened to other origins.
                    let fever = try await client.execute(uri: "/api/fever.php?api", method: .options)
                    #expect(fever.headers[.accessControlAllowOrigin] == nil)
                }
            }
        }

        @Test("GET /v1/version answers with Herald's version; POST /v1/entries/ID/save is Miniflux's 400 for no integration")
        func versionAndSave() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                let id = try #require(try await fixture.herald.syncIDs(ArticleFilter()).first)
                try await fixture.test { client in
                    let version = try #require(try await client.execute(uri: "/v1/version", method: .get,
                                                                         headers: fixture.tokenHeaders).json() as? [String: String])
                    #expect(version["version"] == HeraldVersion.current)
                    let save = try await client.execute(uri: "/v1/entries/\(id.rawValue)/save", method: .post,
                                                        headers: fixture.tokenHeaders)
                    #expect(save.status == .badRequest)
                    #expect((try save.json() as? [String: String])?["error_message"] == "no third-party integration enabled")
                }
            }
        }

        @Test("PUT /v1/categories/ID with only Miniflux's own settings keeps the category as it is (201)")
        func categorySettingsOnly() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                try await fixture.test { client in
                    var headers = fixture.tokenHeaders
                    headers[.contentType] = "application/json"
                    let news = CategoryIDs.id(of: "news")
                    let response = try await client.execute(uri: "/v1/categories/\(news)", method: .put, headers: headers,
                                                            body: ByteBuffer(string: #"{"hide_globally": true}"#))
                    #expect(response.status == .created)
                    let category = try #require(try response.json() as? [String: Any])
                    #expect(category["title"] as? String == "news" && category["id"] as? Int64 == news)
                    #expect(try await fixture.herald.tags() == ["news"])
                }
            }
        }

        @Test("published_after and published_before bound entries as after and before do")
        func publishedBounds() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                try await fixture.test { client in
                    // Harbour story 1 is of 27 November 2026 10:00 UTC, story 5 of the 23rd; City's of the 27th to the 25th.
                    let cut = 1_795_694_400 // 2026-11-26 12:00 UTC
                    let after = try #require(try await client.execute(uri: "/v1/entries?published_after=\(cut)", method: .get,
                                                                       headers: fixture.tokenHeaders).json() as? [String: Any])
                    let before = try #require(try await client.execute(uri: "/v1/entries?published_before=\(cut)", method: .get,
                                                                        headers: fixture.tokenHeaders).json() as? [String: Any])
                    let afterTotal = try #require(after["total"] as? Int), beforeTotal = try #require(before["total"] as? Int)
                    #expect(afterTotal > 0 && beforeTotal > 0 && afterTotal + beforeTotal <= 8)
                    #expect(afterTotal < 8 && beforeTotal < 8)
                }
            }
        }
    }
}

extension SyncSuite.MinifluxClientsTests {
    @Test("PUT /v1/feeds/ID answers with the feed as GET gives it, its icon included")
    func updatedFeedKeepsItsIcon() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        try await SyncFixture.with(stores: [.sqlite], icon: png) { fixture in
            let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
            try await fixture.test { client in
                var headers = fixture.tokenHeaders
                headers[.contentType] = "application/json"
                let response = try await client.execute(uri: "/v1/feeds/\(harbour.id.rawValue)", method: .put, headers: headers,
                                                        body: ByteBuffer(string: #"{"title": "Harbour Desk"}"#))
                #expect(response.status == .created)
                let feed = try #require(try response.json() as? [String: Any])
                #expect(feed["title"] as? String == "Harbour Desk")
                #expect((feed["icon"] as? [String: Any])?["feed_id"] as? Int == Int(harbour.id.rawValue))
            }
        }
    }
}
