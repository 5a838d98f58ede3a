import Foundation
import Herald
@testable import HeraldSync
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

extension SyncSuite {
    @Suite("Google Reader API: a real engine on SQLite and PostgreSQL, through Hummingbird's router")
    struct GoogleReaderAPITests {
        static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

        /// Signs in with ClientLogin at `prefix` and returns the headers later requests carry.
        static func signIn(_ client: any TestClientProtocol, prefix: String = "") async throws -> HTTPFields {
            let body = "Email=\(SyncFixture.name)&Passwd=\(SyncFixture.password.replacingOccurrences(of: " ", with: "+"))"
            let response = try await client.execute(uri: prefix + "/accounts/ClientLogin", method: .post, headers: form,
                                                    body: ByteBuffer(string: body))
            #expect(response.status == .ok)
            let text = String(buffer: response.body)
            let auth = try #require(text.split(separator: "\n").first { $0.hasPrefix("Auth=") }?.dropFirst(5))
            return [.authorization: "GoogleLogin auth=\(auth)", .contentType: "application/x-www-form-urlencoded"]
        }

        static func json(_ client: any TestClientProtocol, _ uri: String, _ headers: HTTPFields, method: HTTPRequest.Method = .get,
                         body: String? = nil) async throws -> [String: Any] {
            let response = try await client.execute(uri: uri, method: method, headers: headers,
                                                    body: body.map { ByteBuffer(string: $0) })
            #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
            return try #require(try response.json() as? [String: Any])
        }

        static func post(_ client: any TestClientProtocol, _ uri: String, _ headers: HTTPFields, _ body: String) async throws -> String {
            let response = try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
            #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
            return String(buffer: response.body)
        }

        @Test("ClientLogin at both URL forms (form body, query, output=json); a wrong password and a missing token are refused")
        func signInForms() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    for prefix in ["", "/api/greader.php"] {
                        let headers = try await Self.signIn(client, prefix: prefix)
                        let info = try await Self.json(client, prefix + "/reader/api/0/user-info", headers)
                        #expect(info["userName"] as? String == SyncFixture.name)
                    }
                    let query = "/accounts/ClientLogin?Email=\(SyncFixture.name)&Passwd=correct%20horse%20battery&output=json"
                    let json = try await Self.json(client, query, [:], method: .post)
                    #expect((json["Auth"] as? String)?.isEmpty == false)
                    let wrong = try await client.execute(uri: "/accounts/ClientLogin", method: .post, headers: Self.form,
                                                         body: ByteBuffer(string: "Email=alice&Passwd=wrong"))
                    #expect(wrong.status == .unauthorized)
                    #expect(String(buffer: wrong.body).contains("BadAuthentication"))
                    let none = try await client.execute(uri: "/reader/api/0/subscription/list", method: .get)
                    #expect(none.status == .unauthorized)
                    let forged = try await client.execute(uri: "/reader/api/0/subscription/list", method: .get,
                                                          headers: [.authorization: "GoogleLogin auth=forged"])
                    #expect(forged.status == .unauthorized)
                    // Each sign-in is a token the person can see and revoke (two forms, one JSON).
                    let sessions = try await fixture.herald.tokens(of: SyncFixture.name).filter { $0.label == "Google Reader sign-in" }
                    #expect(sessions.count == 3)
                }
            }
        }

        @Test("Saved searches as labels: listed by tag/list as article labels, counted by unread-count, and their stream holds what the search finds; a tag of the same name wins")
        func savedSearchLabels() async throws {
            try await SyncFixture.with { fixture in
                for (name, query) in [("Boats", "title:harbour"), ("news", "city")] {
                    let search = fixture.herald.searchScreen(display: SearchSink())
                    await search.querySubmitted(query)
                    await search.querySaved(name: name)
                }
                try await fixture.test { client in
                    let headers = try await Self.signIn(client)
                    let tags = try await Self.json(client, "/reader/api/0/tag/list?output=json", headers)
                    let listed = (tags["tags"] as? [[String: Any]]) ?? []
                    #expect(listed.contains { $0["id"] as? String == "user/-/label/Boats" && $0["type"] as? String == "tag" })
                    #expect(listed.filter { $0["id"] as? String == "user/-/label/news" }.map { $0["type"] as? String } == ["folder"])
                    let counts = try await Self.json(client, "/reader/api/0/unread-count?output=json", headers)
                    let byID = Dictionary(uniqueKeysWithValues: ((counts["unreadcounts"] as? [[String: Any]]) ?? [])
                        .map { ($0["id"] as? String ?? "", $0["count"] as? Int ?? -1) })
                    #expect(byID["user/-/label/Boats"] == 5)
                    #expect(byID["user/-/label/news"] == 5, "the tag, not the saved search of that name")
                    let boats = try await Self.json(client, "/reader/api/0/stream/contents/user%2F-%2Flabel%2FBoats?n=50", headers)
                    let titles = ((boats["items"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
                    #expect(titles.count == 5 && titles.allSatisfy { $0.hasPrefix("Harbour") }, "\(titles)")
                    let news = try await Self.json(client, "/reader/api/0/stream/contents/user%2F-%2Flabel%2Fnews?n=50", headers)
                    #expect(((news["items"] as? [[String: Any]]) ?? []).count == 5, "the tag's articles")
                }
            }
        }

        @Test("Subscriptions, tags, unread counts and the T token")
        func listings() async throws {
            try await SyncFixture.with { fixture in
                let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
                try await fixture.test { client in
                    let headers = try await Self.signIn(client)
                    let token = try await client.execute(uri: "/reader/api/0/token", method: .get, headers: headers)
                    #expect(!String(buffer: token.body).isEmpty)
                    let list = try await Self.json(client, "/reader/api/0/subscription/list?output=json", headers)
                    let subscriptions = try #require(list["subscriptions"] as? [[String: Any]])
                    let entry = try #require(subscriptions.first { $0["id"] as? String == "feed/\(harbour.id.rawValue)" })
                    #expect(entry["title"] as? String == "Harbour")
                    #expect((entry["categories"] as? [[String: Any]])?.first?["id"] as? String == "user/-/label/news")
                    #expect(entry["url"] as? String == harbour.url)
                    let tags = try await Self.json(client, "/reader/api/0/tag/list?output=json", headers)
                    let ids = (tags["tags"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
                    #expect(ids == ["user/-/state/com.google/starred", "user/-/label/news"])
                    let counts = try await Self.json(client, "/reader/api/0/unread-count?output=json", headers)
                    let byID = Dictionary(uniqueKeysWithValues: ((counts["unreadcounts"] as? [[String: Any]]) ?? [])
                        .map { ($0["id"] as? String ?? "", $0["count"] as? Int ?? -1) })
                    #expect(byID["feed/\(harbour.id.rawValue)"] == 5)
                    #expect(byID["user/-/label/news"] == 5)
                    #expect(byID["user/-/state/com.google/reading-list"] == 8)
                }
            }
        }

        @Test("stream/items/ids pages by continuation without losing or repeating an item while new articles arrive")
        func continuationIsStable() async throws {
            try await SyncFixture.with(harbour: 5, city: 3) { fixture in
                try await fixture.test { client in
                    let headers = try await Self.signIn(client)
                    var seen: [String] = []
                    var continuation: String?
                    var pages = 0
                    repeat {
                        var uri = "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read&n=3"
                        if let continuation { uri += "&c=\(continuation)" }
                        let page = try await Self.json(client, uri, headers)
                        seen += ((page["itemRefs"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
                        continuation = page["continuation"] as? String
                        pages += 1
                        if pages == 1 {
                            // Two newer articles arrive between the first and second page: an offset would
                            // shift by two and repeat items; a position in the order does not.
                            let newer = (1...2).map { index in
                                """
                                <item><title>Breaking \(index)</title><link>https://news.example/new/\(index)</link>
                                <guid isPermaLink="false">new-\(index)</guid><pubDate>\(28 + index) Nov 2026 10:00:00 GMT</pubDate>
                                <description>Just in.</description></item>
                                """
                            }.joined()
                            let document = SyncFixture.feed("Harbour", prefix: "h", count: 5)
                                .replacingOccurrences(of: "<description>Test</description>", with: "<description>Test</description>" + newer)
                            fixture.server.route("/harbour.xml", .feed(document))
                            for await _ in fixture.herald.refresh(.all) {}
                        }
                    } while continuation != nil && pages < 10
                    #expect(seen.count == 8, "the eight that were there, each once: \(seen)")
                    #expect(Set(seen).count == seen.count, "an item was repeated: \(seen)")
                    let all = try await fixture.herald.syncIDs(ArticleFilter(unreadOnly: true)).count
                    #expect(all == 10, "the new articles are there for the next sync")
                }
            }
        }

        @Test("stream/contents of a feed through a %2F-encoded path: Google Reader's item shape, oldest first with r=o")
        func streamContents() async throws {
            try await SyncFixture.with { fixture in
                let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
                try await fixture.test { client in
                    let headers = try await Self.signIn(client)
                    let page = try await Self.json(client, "/reader/api/0/stream/contents/feed%2F\(harbour.id.rawValue)?n=2", headers)
                    let items = try #require(page["items"] as? [[String: Any]])
                    #expect(items.map { $0["title"] as? String } == ["Harbour story 1", "Harbour story 2"])
                    let item = items[0]
                    #expect((item["id"] as? String)?.hasPrefix("tag:google.com,2005:reader/item/") == true)
                    #expect((item["id"] as? String)?.count == "tag:google.com,2005:reader/item/".count + 16)
                    #expect(item["published"] as? Int == Int(ISO8601DateFormatter().date(from: "2026-11-27T10:00:00Z")!.timeIntervalSince1970))
                    #expect(item["timestampUsec"] as? String == String((item["published"] as? Int ?? 0) * 1_000_000))
                    #expect((item["categories"] as? [String])?.contains("user/-/state/com.google/reading-list") == true)
                    #expect((item["origin"] as? [String: Any])?["streamId"] as? String == "feed/\(harbour.id.rawValue)")
                    #expect(((item["summary"] as? [String: Any])?["content"] as? String)?.contains("<script") == false)
                    #expect(page["continuation"] != nil)
                    let oldest = try await Self.json(client, "/api/greader.php/reader/api/0/stream/contents/feed%2F\(harbour.id.rawValue)?r=o&n=2", headers)
                    #expect((oldest["items"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Harbour story 5", "Harbour story 4"])
                }
            }
        }

        @Test("stream/items/contents reads ids in all four forms; edit-tag marks read, unread, starred and labels with any T")
        func itemsAndEdits() async throws {
            try await SyncFixture.with { fixture in
                let ids = try await fixture.herald.syncIDs(ArticleFilter())
                try await fixture.test { client in
                    let headers = try await Self.signIn(client)
                    let hex = { (id: ArticleID) in String(repeating: "0", count: 16 - String(id.rawValue, radix: 16).count) + String(id.rawValue, radix: 16) }
                    let forms = ["i=tag:google.com,2005:reader/item/\(hex(ids[0]))", "i=\(ids[1].rawValue)", "i=\(hex(ids[2]))",
                                 "i=0x\(String(ids[3].rawValue, radix: 16))"]
                    let contents = try await Self.json(client, "/reader/api/0/stream/items/contents", headers, method: .post,
                                                       body: forms.joined(separator: "&"))
                    let items = try #require(contents["items"] as? [[String: Any]])
                    #expect(items.count == 4)
                    let get = try await Self.json(client, "/reader/api/0/stream/items/contents?" + forms.joined(separator: "&"), headers)
                    #expect((get["items"] as? [[String: Any]])?.count == 4)

                    let tokens = ["", "&T=", "&T=x", "&T=abc%0A"]
                    for (index, suffix) in tokens.enumerated() {
                        let body = "i=\(ids[index].rawValue)&a=user/-/state/com.google/read" + suffix
                        #expect(try await Self.post(client, "/reader/api/0/edit-tag", headers, body) == "OK")
                        #expect(try await fixture.herald.article(ids[index]).state.isRead)
                    }
                    _ = try await Self.post(client, "/reader/api/0/edit-tag", headers,
                                            "i=\(ids[0].rawValue)&r=user/-/state/com.google/read&a=user/-/state/com.google/starred&a=user/-/label/later")
                    let state = try await fixture.herald.article(ids[0]).state
                    #expect(!state.isRead && state.isStarred && state.tags == ["later"])
                    _ = try await Self.post(client, "/reader/api/0/edit-tag", headers,
                                            "i=\(ids[1].rawValue)&a=user/-/state/com.google/kept-unread")
                    #expect(try await !fixture.herald.article(ids[1]).state.isRead)
                    let starred = try await Self.json(client, "/reader/api/0/stream/items/ids?s=user/-/state/com.google/starred", headers)
                    #expect((starred["itemRefs"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [String(ids[0].rawValue)])
                    let bad = try await client.execute(uri: "/reader/api/0/edit-tag", method: .post, headers: headers,
                                                       body: ByteBuffer(string: "a=user/-/state/com.google/read"))
                    #expect(bad.status == .badRequest)
                }
            }
        }

        @Test("mark-all-as-read (no ts means now), subscription edits, quickadd, rename-tag, disable-tag, export")
        func subscriptionsAndMarking() async throws {
            try await SyncFixture.with { fixture in
                let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
                fixture.server.route("/extra.xml", .feed(SyncFixture.feed("Extra", prefix: "x", count: 2)))
                try await fixture.test { client in
                    let headers = try await Self.signIn(client)
                    _ = try await Self.post(client, "/reader/api/0/mark-all-as-read", headers, "s=feed/\(harbour.id.rawValue)")
                    #expect(try await fixture.herald.unreadCounts()[harbour.id, default: 0] == 0)

                    _ = try await Self.post(client, "/reader/api/0/subscription/edit", headers,
                                            "ac=edit&s=feed/\(harbour.id.rawValue)&t=Harbour+Weekly&a=user/-/label/local&r=user/-/label/news")
                    let edited = try #require(try await fixture.herald.feeds().first { $0.id == harbour.id })
                    #expect(edited.displayTitle == "Harbour Weekly" && edited.tags == ["local"])

                    _ = try await Self.post(client, "/reader/api/0/rename-tag", headers, "s=user/-/label/local&dest=user/-/label/town")
                    #expect(try await fixture.herald.feeds().first { $0.id == harbour.id }?.tags == ["town"])
                    _ = try await Self.post(client, "/reader/api/0/disable-tag", headers, "s=user/-/label/town")
                    #expect(try await fixture.herald.feeds().first { $0.id == harbour.id }?.tags == [])

                    let added = try await Self.json(client, "/reader/api/0/subscription/quickadd", headers, method: .post,
                                                    body: "quickadd=\(fixture.server.url("/extra.xml"))")
                    let stream = try #require(added["streamId"] as? String)
                    #expect(added["streamName"] as? String == "Extra")
                    _ = try await Self.post(client, "/reader/api/0/subscription/edit", headers, "ac=unsubscribe&s=\(stream)")
                    #expect(try await fixture.herald.feeds().count == 2)

                    let opml = try await client.execute(uri: "/reader/api/0/subscription/export", method: .get, headers: headers)
                    #expect(String(buffer: opml.body).contains("<opml"))
                }
            }
        }
    }
}
