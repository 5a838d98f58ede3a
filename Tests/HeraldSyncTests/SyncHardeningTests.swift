import Foundation
import Herald
@testable import HeraldSync
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

extension SyncSuite {
    /// What a review of the sync APIs found, each kept from coming back.
    @Suite("Sync APIs: hostile input, unknown ids, the untagged category, continuation of undated items")
    struct SyncHardeningTests {
        @Test("A continuation through 30 undated articles (one shared first-seen time) neither repeats, loses nor loops")
        func continuationOfUndatedItems() async throws {
            try await SyncFixture.with { fixture in
                let items = (1...30).map { index in
                    "<item><title>Undated \(index)</title><guid isPermaLink=\"false\">u-\(index)</guid><description>x</description></item>"
                }.joined()
                fixture.server.route("/undated.xml", .feed("""
                    <?xml version="1.0"?><rss version="2.0"><channel><title>Undated</title><link>https://u.example/</link>
                    <description>d</description>\(items)</channel></rss>
                    """))
                let undated = try await fixture.herald.subscribe(to: fixture.server.url("/undated.xml"))
                try await fixture.test { client in
                    let headers = try await GoogleReaderAPITests.signIn(client)
                    var seen: [String] = []
                    var continuation: String?
                    var pages = 0
                    repeat {
                        var uri = "/reader/api/0/stream/items/ids?s=feed/\(undated.id.rawValue)&n=7"
                        if let continuation { uri += "&c=\(continuation)" }
                        let page = try await GoogleReaderAPITests.json(client, uri, headers)
                        seen += ((page["itemRefs"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
                        continuation = page["continuation"] as? String
                        pages += 1
                    } while continuation != nil && pages < 20
                    #expect(pages <= 5, "the continuation looped")
                    #expect(seen.count == 30 && Set(seen).count == 30, "\(seen)")
                }
            }
        }

        @Test("A batch naming an article that no longer exists marks the others and succeeds, in all three protocols")
        func unknownIDsAreSkipped() async throws {
            try await SyncFixture.with { fixture in
                let ids = try await fixture.herald.syncIDs(ArticleFilter())
                try await fixture.test { client in
                    var headers = fixture.tokenHeaders
                    headers[.contentType] = "application/json"
                    let put = try await client.execute(uri: "/v1/entries", method: .put, headers: headers,
                                                       body: ByteBuffer(string: "{\"entry_ids\":[\(ids[0].rawValue),987654321],\"status\":\"read\"}"))
                    #expect(put.status == .noContent)
                    #expect(try await fixture.herald.article(ids[0]).state.isRead)

                    let reader = try await GoogleReaderAPITests.signIn(client)
                    let edited = try await GoogleReaderAPITests.post(client, "/reader/api/0/edit-tag", reader,
                                                                    "i=987654321&i=\(ids[1].rawValue)&a=user/-/state/com.google/starred")
                    #expect(edited == "OK")
                    #expect(try await fixture.herald.article(ids[1]).state.isStarred)

                    let fever = try await FeverAPITests.post(client, "/api/fever.php?api", extra: "mark=item&as=read&id=987654321")
                    #expect(fever["auth"] as? Int == 1 && fever["error"] == nil)
                }
            }
        }

        @Test("The All category (feeds with no tag) lists and marks read only those feeds, in Miniflux and Fever")
        func untaggedCategoryIsOnlyUntaggedFeeds() async throws {
            try await SyncFixture.with { fixture in
                let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
                try await fixture.test { client in
                    let listed = try await client.execute(uri: "/v1/categories/1/entries", method: .get, headers: fixture.tokenHeaders)
                    let page = try #require(try listed.json() as? [String: Any])
                    #expect(page["total"] as? Int == 3, "only the untagged City feed's articles")
                    let marked = try await client.execute(uri: "/v1/categories/1/mark-all-as-read", method: .put,
                                                          headers: fixture.tokenHeaders)
                    #expect(marked.status == .noContent)
                    let counts = try await fixture.herald.unreadCounts()
                    #expect(counts[harbour.id] == 5, "the tagged feed is untouched")
                    #expect(counts.values.reduce(0, +) == 5)
                    _ = try await FeverAPITests.post(client, "/api/fever.php?api", extra: "mark=group&as=read&id=1")
                    #expect(try await fixture.herald.unreadCounts()[harbour.id] == 5)
                }
            }
        }

        @Test("Huge, negative and zero limits and offsets answer, never trap")
        func hostileNumbers() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    for query in ["limit=9223372036854775807&offset=1", "limit=-5&offset=-9", "offset=9223372036854775807",
                                  "limit=0", "after=nan&before=inf"] {
                        let response = try await client.execute(uri: "/v1/entries?\(query)", method: .get, headers: fixture.tokenHeaders)
                        #expect(response.status == .ok, "\(query)")
                    }
                    let headers = try await GoogleReaderAPITests.signIn(client)
                    for query in ["n=99999999999999999999", "n=-1&c=zz_1", "c=7ff8000000000000_1", "ot=nan&nt=-1e308"] {
                        let response = try await client.execute(uri: "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&\(query)",
                                                                method: .get, headers: headers)
                        #expect(response.status.code < 500, "\(query)")
                    }
                }
            }
        }

        @Test("Doubled slashes of a joined base URL are collapsed; a feed URL inside a stream id keeps its own")
        func pathNormalisation() {
            #expect(SyncAPI.normalized("//v1/feeds") == "/v1/feeds")
            #expect(SyncAPI.normalized("/api/greader.php//accounts/ClientLogin") == "/api/greader.php/accounts/ClientLogin")
            #expect(SyncAPI.normalized("/reader/api/0/stream/contents/feed/https://a.example/x")
                == "/reader/api/0/stream/contents/feed/https://a.example/x")
        }

        @Test("Behind a reverse proxy on this machine, failed sign-ins count for the address it forwards")
        func forwardedAddress() {
            #expect(SyncAPI.clientAddress(peer: "127.0.0.1", forwardedFor: "198.51.100.7, 203.0.113.9") == "203.0.113.9")
            #expect(SyncAPI.clientAddress(peer: "::1", forwardedFor: "203.0.113.9") == "203.0.113.9")
            #expect(SyncAPI.clientAddress(peer: "192.0.2.4", forwardedFor: "203.0.113.9") == "192.0.2.4",
                    "a remote peer cannot choose its address")
            #expect(SyncAPI.clientAddress(peer: "127.0.0.1", forwardedFor: nil) == "127.0.0.1")
        }
    }
}
