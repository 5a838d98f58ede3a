import Foundation
import Herald
import HeraldDomain
import HeraldStore
import HeraldSync
import HTTPTypes
import Hummingbird

/// One run of the sync benchmark's measurements.
struct SyncBenchmarkRun {
    let api: SyncAPI
    let store: SQLiteStore
    let token: String
    let feverKey: String

    func measureAll() async throws {
        print(WebBenchmark.pad("request", 52) + WebBenchmark.pad("p50", 9) + WebBenchmark.pad("p99", 9)
              + WebBenchmark.pad("store p50", 11) + WebBenchmark.pad("store p99", 11) + "goal")
        try await unreadIDPages()
        try await streamContents()
        try await itemContents()
        try await editTag()
        try await feverUnreadIDs()
        try await feverFirstSync()
    }

    /// Every page of 1,000 unread ids through `stream/items/ids`, with continuation.
    private func unreadIDPages() async throws {
        var api: [Double] = []
        var continuation: String?
        repeat {
            var path = "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read&n=1000"
            if let continuation { path += "&c=\(continuation)" }
            let (time, body) = try await timed { try await get(path) }
            api.append(time)
            continuation = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["continuation"] as? String
        } while continuation != nil
        var raw: [Double] = []
        var cursor: PageCursor?
        repeat {
            let request = ArticlePageRequest(filter: ArticleFilter(unreadOnly: true), limit: 1000, after: cursor)
            // The store's own query for the same page: its keys, as the API reads them.
            let (time, page) = try await timed { try await store.articleKeys(request) }
            raw.append(time)
            cursor = page.next
        } while cursor != nil
        report("stream/items/ids, 1,000 unread a page (\(api.count) pages)", api, raw, goal: "p99 < 20")
    }

    /// `stream/contents` of 100 items at 30 places of the reading list, and the same pages as
    /// Google Reader's Atom (`/reader/atom/…`).
    private func streamContents() async throws {
        var api: [Double] = []
        var atom: [Double] = []
        var raw: [Double] = []
        var cursor: PageCursor?
        for _ in 0..<30 {
            var path = "/reader/api/0/stream/contents/user%2F-%2Fstate%2Fcom.google%2Freading-list?n=100"
            var atomPath = "/reader/atom/user%2F-%2Fstate%2Fcom.google%2Freading-list?n=100"
            if let cursor {
                let continuation = "&c=\(String(cursor.date.timeIntervalSince1970.bitPattern, radix: 16))_\(cursor.id.rawValue)"
                path += continuation
                atomPath += continuation
            }
            api.append(try await timed { try await get(path) }.0)
            atom.append(try await timed { try await get(atomPath) }.0)
            let request = ArticlePageRequest(filter: ArticleFilter(), limit: 100, after: cursor)
            let (time, page) = try await timed {
                let page = try await store.articles(request)
                _ = try await store.articles(withIDs: page.articles.map(\.id))
                return page
            }
            raw.append(time)
            // Skip ahead 3,000 articles for the next place.
            var skip = ArticlePageRequest(filter: ArticleFilter(), limit: 3000, after: page.next)
            skip.limit = 3000
            cursor = try await store.articles(skip).next
        }
        report("stream/contents, 100 items", api, raw, goal: "p99 < 30")
        report("reader/atom, the same 100 items", atom, raw, goal: "p99 < 30")
    }

    /// `stream/items/contents` of 250 ids (POST, repeated `i`).
    private func itemContents() async throws {
        let all = try await store.articleIDs(ArticleIDRequest(ascending: false, limit: 250 * 20))
        var api: [Double] = []
        var raw: [Double] = []
        for round in 0..<20 {
            let ids = Array(all[(round * 250)..<((round + 1) * 250)])
            let body = ids.map { "i=\($0.rawValue)" }.joined(separator: "&")
            api.append(try await timed { try await post("/reader/api/0/stream/items/contents", body) }.0)
            raw.append(try await timed { _ = try await store.articles(withIDs: ids) }.0)
        }
        report("stream/items/contents, 250 ids", api, raw, goal: "p99 < 40")
    }

    /// `edit-tag` of 1,000 ids read (and back to unread, untimed).
    private func editTag() async throws {
        let unread = try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(unreadOnly: true), limit: 10_000))
        var api: [Double] = []
        var raw: [Double] = []
        for round in 0..<10 {
            let ids = Array(unread[(round * 1000)..<((round + 1) * 1000)])
            let body = ids.map { "i=\($0.rawValue)" }.joined(separator: "&") + "&a=user/-/state/com.google/read"
            api.append(try await timed { try await post("/reader/api/0/edit-tag", body) }.0)
            try await store.setRead(false, for: ids)
            raw.append(try await timed { try await store.setRead(true, for: ids) }.0)
            try await store.setRead(false, for: ids)
        }
        report("edit-tag, 1,000 ids read", api, raw, goal: "< 50")
    }

    /// Fever's `unread_item_ids` for every unread article.
    private func feverUnreadIDs() async throws {
        var api: [Double] = []
        var raw: [Double] = []
        for _ in 0..<10 {
            api.append(try await timed { try await fever("unread_item_ids") }.0)
            raw.append(try await timed { try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(unreadOnly: true))) }.0)
        }
        report("Fever unread_item_ids", api, raw, goal: "< 150")
    }

    /// A client's first sync: Fever `items` by `since_id` until 10,000 items have come.
    private func feverFirstSync() async throws {
        let newest = try await store.articleIDs(ArticleIDRequest(ascending: false, limit: 10_000))
        guard let oldest = newest.last else { return }
        var since = oldest.rawValue - 1
        var received = 0
        let (total, _) = try await timed {
            while received < 10_000 {
                let body = try await fever("items&since_id=\(since)")
                let items = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["items"] as? [[String: Any]] ?? []
                guard let last = items.last?["id"] as? Int else { break }
                received += items.count
                since = Int64(last)
            }
        }
        print(WebBenchmark.pad("Fever items by since_id, \(received) items (first sync)", 52)
              + WebBenchmark.pad(String(format: "%.0f", total), 9) + WebBenchmark.pad("", 9 + 11 + 11) + "< 3000 in all")
    }

    // MARK: Requests

    private func get(_ path: String) async throws -> Data {
        try await send(HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: path), body: nil)
    }

    private func post(_ path: String, _ body: String) async throws -> Data {
        var head = HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: path)
        head.headerFields[.contentType] = "application/x-www-form-urlencoded"
        return try await send(head, body: body)
    }

    private func fever(_ query: String) async throws -> Data {
        var head = HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: "/api/fever.php?api&" + query)
        head.headerFields[.contentType] = "application/x-www-form-urlencoded"
        return try await send(head, body: "api_key=\(feverKey)", authorize: false)
    }

    private func send(_ head: HTTPRequest, body: String?, authorize: Bool = true) async throws -> Data {
        var head = head
        if authorize { head.headerFields[.authorization] = "GoogleLogin auth=\(token)" }
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body ?? "")))
        guard let response = await api.respond(to: request, clientAddress: "127.0.0.1") else {
            throw ReaderBenchmarkFailure(message: "no API answers \(head.path ?? "")")
        }
        let sink = CollectedBody()
        try await response.body.write(CollectingWriter(sink: sink))
        let collected = sink.buffer
        guard response.status.code < 300 else {
            throw ReaderBenchmarkFailure(message: "\(head.path ?? "") answered \(response.status): \(String(buffer: collected))")
        }
        return Data(buffer: collected)
    }

    private func timed<T>(_ body: () async throws -> T) async throws -> (Double, T) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await body()
        return (WebBenchmark.milliseconds(clock.now - start), value)
    }

    private func report(_ name: String, _ api: [Double], _ raw: [Double], goal: String) {
        let apiTimes = WebBenchmark.percentiles(api)
        let rawTimes = WebBenchmark.percentiles(raw)
        print(WebBenchmark.pad(name, 52) + WebBenchmark.pad(WebBenchmark.ms(apiTimes.p50), 9)
              + WebBenchmark.pad(WebBenchmark.ms(apiTimes.p99), 9) + WebBenchmark.pad(WebBenchmark.ms(rawTimes.p50), 11)
              + WebBenchmark.pad(WebBenchmark.ms(rawTimes.p99), 11) + goal)
    }
}

/// Where ``CollectingWriter`` puts a response body (the writer itself is consumed by the body).
final class CollectedBody: @unchecked Sendable {
    var buffer = ByteBuffer()
}

/// Collects a response body written by Hummingbird.
struct CollectingWriter: ResponseBodyWriter {
    let sink: CollectedBody

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        sink.buffer.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
