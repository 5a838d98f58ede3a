import Foundation
import Herald
@testable import HeraldSync
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

extension SyncSuite {
    /// The request sequences real clients send, replayed byte for byte as their public source builds
    /// them, and their answers decoded the way those clients decode them (a missing key or a wrong type
    /// that would make the client's `Decodable` throw fails here).
    @Suite("Client replays: NetNewsWire and Reeder through the Google Reader API")
    struct ClientReplayTests {
        // NetNewsWire's Decodable shapes (Modules/Account/Sources/Account/ReaderAPI/ReaderAPIEntry.swift,
        // ReaderAPISubscription.swift, ReaderAPITag.swift, ReaderAPIUnreadEntry.swift): non-optional
        // properties are the keys it requires.
        struct TagContainer: Decodable { let tags: [Tag] }
        struct Tag: Decodable { let id: String; let type: String? }
        struct SubscriptionContainer: Decodable { let subscriptions: [Subscription] }
        struct Subscription: Decodable {
            let id: String
            let title: String?
            let url: String?
            let htmlUrl: String?
            let categories: [Category]
        }
        struct Category: Decodable { let id: String; let label: String }
        struct ItemRefs: Decodable { let itemRefs: [ItemRef]?; let continuation: String? }
        struct ItemRef: Decodable { let id: String }
        struct EntryWrapper: Decodable { let id: String; let updated: Int; let entries: [Entry]
            enum CodingKeys: String, CodingKey { case id, updated, entries = "items" }
        }
        struct Entry: Decodable {
            let id: String
            let title: String?
            let author: String?
            let published: Double?
            let crawlTimeMsec: String?
            let timestampUsec: String?
            let alternates: [Alternate]?
            let categories: [String]
            let origin: Origin
            let summary: Summary
            enum CodingKeys: String, CodingKey {
                case id, title, author, published, crawlTimeMsec, timestampUsec, categories, origin, summary
                case alternates = "alternate"
            }
        }
        struct Alternate: Decodable { let href: String? }
        struct Origin: Decodable { let streamId: String?; let title: String? }
        struct Summary: Decodable { let content: String? }

        /// NetNewsWire's long form of an item id (`tag:google.com,2005:reader/item/%016llx`).
        static func longForm(_ id: Int64) -> String {
            "tag:google.com,2005:reader/item/" + String(format: "%016llx", id)
        }

        @Test("NetNewsWire's first sync of a FreshRSS account, at a URL typed with a trailing slash")
        func netNewsWireFirstSync() async throws {
            try await SyncFixture.with(harbour: 5, city: 3) { fixture in
                try await fixture.test { client in
                    // The user typed "http://host/api/greader.php/"; NetNewsWire appends "/accounts/ClientLogin".
                    let base = "/api/greader.php/"
                    let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
                    let login = try await client.execute(uri: base + "/accounts/ClientLogin", method: .post, headers: form,
                                                         body: ByteBuffer(string: "Email=alice&Passwd=correct+horse+battery"))
                    #expect(login.status == .ok)
                    // It keeps the lines that split into exactly two parts on "=", and uses Auth.
                    let pairs = String(buffer: login.body).split(separator: "\n").map { $0.split(separator: "=", omittingEmptySubsequences: false) }
                    let auth = try #require(pairs.first { $0.count == 2 && $0[0] == "Auth" }.map { String($0[1]) })
                    var headers: HTTPFields = [.authorization: "GoogleLogin auth=\(auth)"]

                    let decoder = JSONDecoder()
                    let tags = try decoder.decode(TagContainer.self, from: Data(buffer: try await client.execute(
                        uri: base + "/reader/api/0/tag/list?output=json", method: .get, headers: headers).body))
                    #expect(tags.tags.contains { $0.id.contains("/label/news") })
                    let subscriptions = try decoder.decode(SubscriptionContainer.self, from: Data(buffer: try await client.execute(
                        uri: base + "/reader/api/0/subscription/list?output=json", method: .get, headers: headers).body))
                    #expect(subscriptions.subscriptions.count == 2)
                    #expect(subscriptions.subscriptions.allSatisfy { $0.id.hasPrefix("feed/") })

                    // Every item since three months ago, then the unread ones, then the starred ones.
                    let since = Int(Date().timeIntervalSince1970) - 90 * 86_400
                    var all: [String] = []
                    var continuation: String?
                    repeat {
                        var uri = base + "/reader/api/0/stream/items/ids?n=1000&output=json&ot=\(since)&s=user/-/state/com.google/reading-list"
                        if let continuation { uri += "&c=\(continuation)" }
                        let page = try decoder.decode(ItemRefs.self, from: Data(buffer: try await client.execute(
                            uri: uri, method: .get, headers: headers).body))
                        all += page.itemRefs?.map(\.id) ?? []
                        continuation = page.continuation
                    } while continuation != nil
                    #expect(all.count == 8)
                    let unread = try decoder.decode(ItemRefs.self, from: Data(buffer: try await client.execute(
                        uri: base + "/reader/api/0/stream/items/ids?n=1000&output=json&s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read",
                        method: .get, headers: headers).body))
                    #expect(unread.itemRefs?.count == 8)

                    // The T token, one trailing newline removed, sent first in each POST; bodies are not
                    // percent-encoded.
                    let tokenText = String(buffer: try await client.execute(uri: base + "/reader/api/0/token", method: .get,
                                                                            headers: headers).body)
                    let t = tokenText.hasSuffix("\n") ? String(tokenText.dropLast()) : tokenText
                    headers[.contentType] = "application/x-www-form-urlencoded"
                    let ids = all.compactMap(Int64.init)
                    let body = "T=\(t)&output=json&" + ids.map { "i=\(Self.longForm($0))" }.joined(separator: "&")
                    let contents = try decoder.decode(EntryWrapper.self, from: Data(buffer: try await client.execute(
                        uri: base + "/reader/api/0/stream/items/contents", method: .post, headers: headers,
                        body: ByteBuffer(string: body)).body))
                    #expect(contents.entries.count == 8)
                    // NetNewsWire turns the long form back into the decimal id of itemRefs.
                    let decimal = contents.entries.compactMap { UInt64($0.id.split(separator: "/").last ?? "", radix: 16) }.map(String.init)
                    #expect(Set(decimal) == Set(all))
                    #expect(contents.entries.allSatisfy { $0.origin.streamId?.hasPrefix("feed/") == true })
                    #expect(contents.entries.allSatisfy { ($0.timestampUsec.flatMap(Int64.init) ?? 0) > 0 })

                    // Marking two read and one starred, as it sends them.
                    let read = "T=\(t)&i=\(Self.longForm(ids[0]))&i=\(Self.longForm(ids[1]))&a=user/-/state/com.google/read"
                    let marked = try await client.execute(uri: base + "/reader/api/0/edit-tag", method: .post, headers: headers,
                                                          body: ByteBuffer(string: read))
                    #expect(marked.status == .ok)
                    _ = try await client.execute(uri: base + "/reader/api/0/edit-tag", method: .post, headers: headers,
                                                 body: ByteBuffer(string: "T=\(t)&i=\(Self.longForm(ids[2]))&a=user/-/state/com.google/starred"))
                    #expect(try await fixture.herald.article(ArticleID(ids[0])).state.isRead)
                    #expect(try await fixture.herald.article(ArticleID(ids[1])).state.isRead)
                    #expect(try await fixture.herald.article(ArticleID(ids[2])).state.isStarred)
                    let starred = try decoder.decode(ItemRefs.self, from: Data(buffer: try await client.execute(
                        uri: base + "/reader/api/0/stream/items/ids?n=1000&output=json&s=user/-/state/com.google/starred",
                        method: .get, headers: headers).body))
                    #expect(starred.itemRefs?.map(\.id) == [String(ids[2])])
                }
            }
        }

        @Test("Reeder's quirks: T=x or no T, the header on POST, a stream id %2F-encoded in the path, decimal ids")
        func reederQuirks() async throws {
            try await SyncFixture.with { fixture in
                let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
                try await fixture.test { client in
                    let login = try await client.execute(uri: "/api/greader.php/accounts/ClientLogin?Email=alice&Passwd=correct%20horse%20battery",
                                                         method: .get)
                    let auth = try #require(String(buffer: login.body).split(separator: "\n").first { $0.hasPrefix("Auth=") }?.dropFirst(5))
                    let headers: HTTPFields = [.authorization: "GoogleLogin auth=\(auth)", .contentType: "application/x-www-form-urlencoded"]
                    let stream = try await client.execute(
                        uri: "/api/greader.php/reader/api/0/stream/contents/feed%2F\(harbour.id.rawValue)?n=50&xt=user%2F-%2Fstate%2Fcom.google%2Fread",
                        method: .get, headers: headers)
                    let items = try #require((try stream.json() as? [String: Any])?["items"] as? [[String: Any]])
                    #expect(items.count == 5)
                    let ids = try await fixture.herald.syncIDs(ArticleFilter(scope: .feed(harbour.id)))
                    for (index, body) in ["T=x&i=\(ids[0].rawValue)&a=user%2F-%2Fstate%2Fcom.google%2Fread",
                                          "i=\(ids[1].rawValue)&a=user/-/state/com.google/read"].enumerated() {
                        let response = try await client.execute(uri: "/api/greader.php/reader/api/0/edit-tag", method: .post,
                                                                headers: headers, body: ByteBuffer(string: body))
                        #expect(String(buffer: response.body) == "OK")
                        #expect(try await fixture.herald.article(ids[index]).state.isRead)
                    }
                    let unread = try await client.execute(
                        uri: "/api/greader.php/reader/api/0/stream/contents/feed%2F\(harbour.id.rawValue)?n=50&xt=user%2F-%2Fstate%2Fcom.google%2Fread",
                        method: .get, headers: headers)
                    #expect(((try unread.json() as? [String: Any])?["items"] as? [[String: Any]])?.count == 3)
                }
            }
        }
    }
}
