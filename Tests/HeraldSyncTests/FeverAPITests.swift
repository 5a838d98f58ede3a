import Crypto
import Foundation
import Herald
import HeraldSync
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

extension SyncSuite {
    @Suite("Fever API: a real engine on SQLite and PostgreSQL, through Hummingbird's router")
    struct FeverAPITests {
        /// md5("name:password"), as Fever clients compute it.
        static func key(_ name: String = SyncFixture.name, _ password: String = SyncFixture.password) -> String {
            Insecure.MD5.hash(data: Data("\(name):\(password)".utf8)).map { String(format: "%02x", $0) }.joined()
        }

        static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

        /// POSTs `api_key` (and `extra` form fields) to `uri`; the JSON answer.
        static func post(_ client: any TestClientProtocol, _ uri: String, key: String = key(),
                         extra: String = "") async throws -> [String: Any] {
            let body = "api_key=\(key)" + (extra.isEmpty ? "" : "&" + extra)
            let response = try await client.execute(uri: uri, method: .post, headers: form, body: ByteBuffer(string: body))
            #expect(response.status == .ok)
            return try #require(try response.json() as? [String: Any])
        }

        @Test("A missing or wrong key gets auth 0 and nothing else; the right one auth 1, at both URLs")
        func authentication() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    let none = try await client.execute(uri: "/api/fever.php?api", method: .post, headers: Self.form)
                    let noneJSON = try #require(try none.json() as? [String: Any])
                    #expect(noneJSON["auth"] as? Int == 0 && noneJSON["api_version"] as? Int == 3)
                    let wrong = try await Self.post(client, "/api/fever.php?api&feeds", key: Self.key(SyncFixture.name, "nope"))
                    #expect(wrong["auth"] as? Int == 0)
                    #expect(wrong["feeds"] == nil)
                    for uri in ["/api/fever.php?api", "/fever/?api"] {
                        let right = try await Self.post(client, uri)
                        #expect(right["auth"] as? Int == 1, "\(uri)")
                        #expect((right["last_refreshed_on_time"] as? Int ?? 0) > 0)
                    }
                }
            }
        }

        @Test("Groups, feeds and feeds_groups: tags as groups, untagged feeds in All")
        func groupsAndFeeds() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    let answer = try await Self.post(client, "/api/fever.php?api&groups&feeds")
                    let groups = try #require(answer["groups"] as? [[String: Any]])
                    #expect(Set(groups.compactMap { $0["title"] as? String }) == ["All", "news"])
                    let feeds = try #require(answer["feeds"] as? [[String: Any]])
                    #expect(Set(feeds.compactMap { $0["title"] as? String }) == ["Harbour", "City"])
                    let harbour = try #require(feeds.first { $0["title"] as? String == "Harbour" }?["id"] as? Int)
                    let news = try #require(groups.first { $0["title"] as? String == "news" }?["id"] as? Int)
                    let memberships = try #require(answer["feeds_groups"] as? [[String: Any]])
                    #expect(memberships.first { $0["group_id"] as? Int == news }?["feed_ids"] as? String == String(harbour))
                }
            }
        }

        @Test("Favicons: each feed's favicon_id is its icon's id, and favicons serves the images as data payloads; without icons, favicon_id 0 and an empty list")
        func favicons() async throws {
            let gif: [UInt8] = Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)
            try await SyncFixture.with(icon: gif) { fixture in
                try await fixture.test { client in
                    let answer = try await Self.post(client, "/api/fever.php?api&feeds&favicons")
                    let feeds = try #require(answer["feeds"] as? [[String: Any]])
                    let favicons = try #require(answer["favicons"] as? [[String: Any]])
                    #expect(feeds.count == 2 && favicons.count == 2)
                    let byID = Dictionary(uniqueKeysWithValues: favicons.compactMap { icon in
                        (icon["id"] as? Int).map { ($0, icon["data"] as? String) }
                    })
                    for feed in feeds {
                        let favicon = try #require(feed["favicon_id"] as? Int)
                        #expect(favicon == feed["id"] as? Int)
                        #expect(byID[favicon] == "image/gif;base64," + Data(gif).base64EncodedString())
                    }
                }
            }
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                try await fixture.test { client in
                    let answer = try await Self.post(client, "/api/fever.php?api&feeds&favicons")
                    let feeds = try #require(answer["feeds"] as? [[String: Any]])
                    #expect(feeds.allSatisfy { $0["favicon_id"] as? Int == 0 })
                    #expect((answer["favicons"] as? [Any])?.isEmpty == true)
                }
            }
        }

        @Test("Items: since_id pages up, max_id pages down, with_ids names them, unread and saved ids as lists")
        func items() async throws {
            try await SyncFixture.with(harbour: 5, city: 3) { fixture in
                let all = try await fixture.herald.syncIDs(ArticleFilter()).map(\.rawValue)
                #expect(all.count == 8)
                try await fixture.test { client in
                    let first = try await Self.post(client, "/api/fever.php?api&items&since_id=0")
                    #expect(first["total_items"] as? Int == 8)
                    let items = try #require(first["items"] as? [[String: Any]])
                    #expect(items.compactMap { $0["id"] as? Int }.map(Int64.init) == all)
                    let item = items[0]
                    for key in ["id", "feed_id", "title", "author", "html", "url", "is_saved", "is_read", "created_on_time"] {
                        #expect(item[key] != nil, "item has no \(key)")
                    }
                    #expect(!(item["html"] as? String ?? "").contains("<script"))

                    let after = try await Self.post(client, "/api/fever.php?api&items&since_id=\(all[5])")
                    #expect((after["items"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }.map(Int64.init) == Array(all[6...]))
                    let before = try await Self.post(client, "/api/fever.php?api&items&max_id=\(all[2])")
                    #expect((before["items"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }.map(Int64.init) == [all[1], all[0]])
                    let named = try await Self.post(client, "/api/fever.php?api&items&with_ids=\(all[3]),\(all[0])")
                    #expect((named["items"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }.map(Int64.init) == [all[3], all[0]])

                    let unread = try await Self.post(client, "/api/fever.php?api&unread_item_ids&saved_item_ids")
                    #expect(unread["unread_item_ids"] as? String == all.map(String.init).joined(separator: ","))
                    #expect(unread["saved_item_ids"] as? String == "")
                }
            }
        }

        @Test("mark sets (never toggles) read and saved; a feed and group 0 are marked read before a time; a multipart body is read")
        func marking() async throws {
            try await SyncFixture.with(harbour: 5, city: 3) { fixture in
                let all = try await fixture.herald.syncIDs(ArticleFilter()).map(\.rawValue)
                let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
                try await fixture.test { client in
                    _ = try await Self.post(client, "/api/fever.php?api", extra: "mark=item&as=saved&id=\(all[0])")
                    _ = try await Self.post(client, "/api/fever.php?api", extra: "mark=item&as=saved&id=\(all[0])")
                    #expect(try await fixture.herald.article(ArticleID(all[0])).state.isStarred)
                    _ = try await Self.post(client, "/api/fever.php?api", extra: "mark=item&as=read&id=\(all[1])")
                    #expect(try await fixture.herald.article(ArticleID(all[1])).state.isRead)
                    _ = try await Self.post(client, "/api/fever.php?api", extra: "mark=item&as=unread&id=\(all[1])")
                    #expect(try await !fixture.herald.article(ArticleID(all[1])).state.isRead)

                    // The harbour stories are dated 27, 26, 25, 24 and 23 November at 10:00: "before the
                    // 25th at noon" marks the last three (an article's date, as Miniflux compares it).
                    let noon25 = Int(ISO8601DateFormatter().date(from: "2026-11-25T12:00:00Z")!.timeIntervalSince1970)
                    _ = try await Self.post(client, "/api/fever.php?api",
                                            extra: "mark=feed&as=read&id=\(harbour.id.rawValue)&before=\(noon25)")
                    #expect(try await fixture.herald.unreadCounts()[harbour.id, default: 0] == 2)
                    #expect(try await fixture.herald.unreadCounts().values.reduce(0, +) == 5)
                    let now = Int(Date(timeIntervalSinceNow: 30 * 86_400).timeIntervalSince1970)

                    // Multipart, as some clients send it, marking everything (group 0) read.
                    let boundary = "herald-boundary"
                    let body = ["api_key": Self.key(), "mark": "group", "as": "read", "id": "0", "before": String(now)]
                        .map { "--\(boundary)\r\nContent-Disposition: form-data; name=\"\($0.key)\"\r\n\r\n\($0.value)\r\n" }
                        .joined() + "--\(boundary)--\r\n"
                    let response = try await client.execute(uri: "/api/fever.php?api", method: .post,
                                                            headers: [.contentType: "multipart/form-data; boundary=\(boundary)"],
                                                            body: ByteBuffer(string: body))
                    let answer = try response.json() as? [String: Any]
                    #expect(answer?["auth"] as? Int == 1)
                    #expect(try await fixture.herald.unreadCounts().values.reduce(0, +) == 0)
                }
            }
        }

        @Test("An account with Fever turned off is refused")
        func feverCanBeTurnedOff() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.herald.setPassword(SyncFixture.password, for: SyncFixture.name, fever: false)
                try await fixture.test { client in
                    let answer = try await Self.post(client, "/api/fever.php?api")
                    #expect(answer["auth"] as? Int == 0)
                }
            }
        }
    }
}
