import Foundation
import Herald
@testable import HeraldSync
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

extension SyncSuite {
    /// What Google Reader and Fever clients send, answered as FreshRSS answers it (a review of
    /// Fluent Reader's, NetNewsWire's and Reeder's calls against Herald).
    @Suite("Google Reader and Fever APIs: the requests of Fluent Reader, NetNewsWire and Fever clients")
    struct ReaderClientsTests {
        typealias Reader = GoogleReaderAPITests

        @Test("An item with no link still has canonical and alternate, with an empty href (Fluent Reader reads canonical[0] unchecked)")
        func itemWithoutLink() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                fixture.server.route("/bare.xml", .feed("""
                    <?xml version="1.0"?><rss version="2.0"><channel><title>Bare</title>
                    <item><title>No link here</title><guid isPermaLink="false">bare-1</guid><description>Only text.</description></item>
                    </channel></rss>
                    """))
                let feed = try await fixture.herald.subscribe(to: fixture.server.url("/bare.xml"))
                try await fixture.test { client in
                    let headers = try await Reader.signIn(client)
                    let page = try await Reader.json(client, "/reader/api/0/stream/contents/feed%2F\(feed.id.rawValue)", headers)
                    let item = try #require((page["items"] as? [[String: Any]])?.first)
                    #expect((item["canonical"] as? [[String: Any]])?.first?["href"] as? String == "")
                    #expect((item["alternate"] as? [[String: Any]])?.first?["href"] as? String == "")
                }
            }
        }

        @Test("A feed whose URL ends in a slash is found as the stream feed/URL, the slash kept")
        func feedURLWithSlash() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                fixture.server.route("/rss/", .feed(SyncFixture.feed("Slashed", prefix: "s", count: 2)))
                let feed = try await fixture.herald.subscribe(to: fixture.server.url("/rss/"))
                #expect(feed.url.hasSuffix("/rss/"))
                try await fixture.test { client in
                    let headers = try await Reader.signIn(client)
                    let page = try await Reader.json(client, "/reader/api/0/stream/contents/feed/\(feed.url)", headers)
                    #expect((page["items"] as? [[String: Any]])?.count == 2)
                }
            }
        }

        @Test("ot is crawl time: articles fetched since come whatever their own date; none fetched after")
        func olderThanIsCrawlTime() async throws {
            try await SyncFixture.with { fixture in
                try await fixture.test { client in
                    let headers = try await Reader.signIn(client)
                    // Every fixture article was fetched a moment ago; they are dated days earlier.
                    let minuteAgo = Int(Date().timeIntervalSince1970) - 60
                    let recent = try await Reader.json(client, "/reader/api/0/stream/contents?n=100&ot=\(minuteAgo)", headers)
                    #expect((recent["items"] as? [[String: Any]])?.count == 8)
                    let ids = try await Reader.json(client, "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&n=100&ot=\(minuteAgo)", headers)
                    #expect((ids["itemRefs"] as? [[String: Any]])?.count == 8)
                    let later = Int(Date().timeIntervalSince1970) + 3_600
                    let none = try await Reader.json(client, "/reader/api/0/stream/contents?n=100&ot=\(later)", headers)
                    #expect((none["items"] as? [[String: Any]] ?? []).isEmpty)
                }
            }
        }

        @Test("mark-all-as-read: ts in seconds works as in microseconds, and the item whose timestampUsec it is gets marked too")
        func markAllReadTimestamps() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
                try await fixture.test { client in
                    let headers = try await Reader.signIn(client)
                    let stream = "feed/\(harbour.id.rawValue)"
                    let page = try await Reader.json(client, "/reader/api/0/stream/contents/feed%2F\(harbour.id.rawValue)?n=5&r=o", headers)
                    let stamps = try #require(page["items"] as? [[String: Any]]).compactMap { $0["timestampUsec"] as? String }
                    #expect(stamps.count == 5)
                    // The second oldest item's own timestampUsec: it and the oldest are marked.
                    _ = try await Reader.post(client, "/reader/api/0/mark-all-as-read", headers, "s=\(stream)&ts=\(stamps[1])")
                    #expect(try await fixture.herald.unreadCounts()[harbour.id] == 3)
                    // Seconds (fewer than 16 digits): the third oldest is marked too.
                    let seconds = try #require(Int64(stamps[2])) / 1_000_000
                    _ = try await Reader.post(client, "/reader/api/0/mark-all-as-read", headers, "s=\(stream)&ts=\(seconds)")
                    #expect(try await fixture.herald.unreadCounts()[harbour.id] == 2)
                }
            }
        }

        @Test("quickadd of a URL with no feed is numResults 0 with the reason, as FreshRSS answers")
        func quickAddNotFound() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                fixture.server.route("/plain.html", .feed("<html><body>No feed here.</body></html>", contentType: "text/html"))
                try await fixture.test { client in
                    let headers = try await Reader.signIn(client)
                    let url = fixture.server.url("/plain.html").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                    let answer = try await Reader.json(client, "/reader/api/0/subscription/quickadd?quickadd=\(url)", headers,
                                                       method: .post, body: "")
                    #expect(answer["numResults"] as? Int == 0)
                    #expect((answer["error"] as? String)?.isEmpty == false)
                }
            }
        }

        @Test("Fever: thirty marks sent at once with the right key all sign in; after ten wrong keys the right one is refused too")
        func feverBurst() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                let ids = try await fixture.herald.syncIDs(ArticleFilter()).map(\.rawValue)
                try await fixture.test { client in
                    let answers = try await withThrowingTaskGroup(of: Int.self) { group in
                        for index in 0..<30 {
                            group.addTask {
                                let id = ids[index % ids.count]
                                let answer = try await FeverAPITests.post(client, "/api/fever.php?api",
                                                                          extra: "mark=item&as=\(index < ids.count ? "read" : "saved")&id=\(id)")
                                return answer["auth"] as? Int ?? -1
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    #expect(answers.count == 30 && answers.allSatisfy { $0 == 1 })
                    #expect(try await fixture.herald.unreadCounts().values.reduce(0, +) == 0)
                    for _ in 0..<10 {
                        let wrong = try await FeverAPITests.post(client, "/api/fever.php?api",
                                                                 key: FeverAPITests.key(SyncFixture.name, "guess"))
                        #expect(wrong["auth"] as? Int == 0)
                    }
                    let locked = try await FeverAPITests.post(client, "/api/fever.php?api")
                    #expect(locked["auth"] as? Int == 0, "a right key is refused while the address is locked out")
                }
            }
        }

        @Test("Fever's before is at or before the second: an article dated at that very second is marked")
        func feverBeforeIsInclusive() async throws {
            try await SyncFixture.with(stores: [.sqlite]) { fixture in
                let harbour = try #require(try await fixture.herald.feeds().first { $0.displayTitle == "Harbour" })
                try await fixture.test { client in
                    // The harbour stories are dated 27, 26, 25, 24 and 23 November at 10:00.
                    let at24 = Int(ISO8601DateFormatter().date(from: "2026-11-24T10:00:00Z")!.timeIntervalSince1970)
                    _ = try await FeverAPITests.post(client, "/api/fever.php?api",
                                                     extra: "mark=feed&as=read&id=\(harbour.id.rawValue)&before=\(at24)")
                    #expect(try await fixture.herald.unreadCounts()[harbour.id] == 3)
                }
            }
        }
    }
}
