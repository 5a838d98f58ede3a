import Foundation
import Herald
import HTTPTypes
import Hummingbird

/// The Google Reader endpoints after sign-in, each through the facade's use cases.
struct GoogleReaderRoutes {
    let herald: Herald
    /// The session token the request signed in with (the `T` token is derived from it).
    let token: String

    func respond(to call: GoogleReaderRequest) async throws -> Response {
        // A trailing slash is dropped, except from a stream's contents, where it may end a feed's
        // URL (`stream/contents/feed/https://example.com/rss/`).
        let path = call.path.hasSuffix("/") && !call.path.hasPrefix("stream/contents/") && !call.path.hasPrefix("atom/")
            ? String(call.path.dropLast()) : call.path
        switch path {
        case "token":
            return SyncResponses.text(String(token.prefix(57)))
        case "user-info":
            let name = try await herald.accountName() ?? ""
            return SyncResponses.json(["userId": "1", "userName": name, "userProfileId": "1", "userEmail": ""])
        case "subscription/list":
            return SyncResponses.json(JSONValue.object(["subscriptions": .array(try await herald.feeds()
                .map(GoogleReaderItems.subscription))]))
        case "subscription/edit":
            try await editSubscriptions(call)
            return SyncResponses.text("OK")
        case "subscription/quickadd":
            return try await quickAdd(call)
        case "subscription/export":
            let opml = String(decoding: try await herald.exportSubscriptions(), as: UTF8.self)
            return SyncResponses.text(opml, contentType: "text/x-opml; charset=utf-8")
        case "subscription/import":
            let summary = try await herald.importSubscriptions(call.body)
            return SyncResponses.text("OK: \(summary.added) added, \(summary.alreadySubscribed) already subscribed"
                                      + (summary.scriptSourcesRefused.isEmpty ? "" : ", \(summary.scriptSourcesRefused.count) commands or local files refused"))
        case "tag/list":
            return SyncResponses.json(JSONValue.object(["tags": .array(try await tags())]))
        case "rename-tag":
            guard let old = tagParameter(call, "s", "t"), let new = call.value("dest").map(Self.tag(from:)),
                  !new.isEmpty else { throw SyncFailure(.badRequest, "Give s (the label) and dest (its new name)") }
            try await herald.renameTag(old, to: new)
            return SyncResponses.text("OK")
        case "disable-tag":
            guard let old = tagParameter(call, "s", "t") else { throw SyncFailure(.badRequest, "Give s (the label)") }
            try await herald.renameTag(old, to: nil)
            return SyncResponses.text("OK")
        case "unread-count":
            return SyncResponses.json(try await unreadCounts())
        case "stream/items/ids":
            return try await itemIDs(call)
        case "stream/items/contents":
            return try await itemContents(call)
        case "edit-tag":
            try await editTags(call)
            return SyncResponses.text("OK")
        case "mark-all-as-read":
            let stream = try await GoogleReaderStream.parse(call.value("s") ?? GoogleReaderIDs.readingList, herald: herald)
            var filter = stream.filter
            if let until = Self.markedUntil(call.value("ts")) { filter.until = until }
            _ = try await herald.markAllRead(in: filter)
            return SyncResponses.text("OK")
        default:
            if path.hasPrefix("atom/") {
                let rest = path.dropFirst("atom/".count)
                return try await atomStream(call, stream: rest.isEmpty ? GoogleReaderIDs.readingList : String(rest))
            }
            if path.hasPrefix("stream/contents") {
                let rest = path.dropFirst("stream/contents".count).drop { $0 == "/" }
                return try await streamContents(call, stream: rest.isEmpty ? call.value("s") : String(rest))
            }
            throw SyncFailure(.notFound, "Herald does not serve /reader/api/0/\(path)")
        }
    }

    // MARK: Streams

    /// `stream/contents/STREAM` (or `?s=`): items of a stream, newest first (`r=o`: oldest), `n` at
    /// a time (20 by default, 1,000 at most), with a continuation keyed by position.
    private func streamContents(_ call: GoogleReaderRequest, stream streamID: String?) async throws -> Response {
        let id = streamID ?? GoogleReaderIDs.readingList
        let stream = try await GoogleReaderStream.parse(id, herald: herald)
        let page = try await self.page(stream, call, limit: call.number("n", fallback: 20, range: 1...1000))
        let entries = try await herald.syncEntries(page.articles.map(\.id))
        let feeds = try await herald.feeds(withIDs: entries.map(\.feedID))
        var answer: [String: JSONValue] = [
            "id": .string(id),
            "updated": .int64(Int64(Date().timeIntervalSince1970)),
            "items": .array(entries.map { GoogleReaderItems.item($0, feed: feeds[$0.feedID]) }),
        ]
        if let title = stream.title { answer["title"] = .string(title) }
        if let next = page.next { answer["continuation"] = .string(GoogleReaderIDs.continuation(next)) }
        return SyncResponses.json(JSONValue.object(answer))
    }

    /// `/reader/atom/STREAM`: the same page as ``streamContents(_:stream:)`` (`n`, `c`, `xt`, `ot`,
    /// `r`), as Google Reader's Atom (``GoogleReaderAtom``).
    private func atomStream(_ call: GoogleReaderRequest, stream id: String) async throws -> Response {
        let stream = try await GoogleReaderStream.parse(id, herald: herald)
        let page = try await self.page(stream, call, limit: call.number("n", fallback: 20, range: 1...1000))
        let entries = try await herald.syncEntries(page.articles.map(\.id))
        let feeds = try await herald.feeds(withIDs: entries.map(\.feedID))
        let document = GoogleReaderAtom.document(streamID: id, title: stream.title, entries: entries, feeds: feeds,
                                                 continuation: page.next.map(GoogleReaderIDs.continuation), now: Date())
        return SyncResponses.text(document, contentType: "application/atom+xml; charset=utf-8")
    }

    /// `stream/items/ids?s=STREAM`: item references, `n` at a time (20 by default, 10,000 at most).
    private func itemIDs(_ call: GoogleReaderRequest) async throws -> Response {
        let stream = try await GoogleReaderStream.parse(call.value("s") ?? GoogleReaderIDs.readingList, herald: herald)
        let request = try self.pageRequest(stream, call)
        let page = try await herald.syncKeyPage(request.filter, readOnly: request.readOnly, oldestFirst: request.oldestFirst,
                                                limit: call.number("n", fallback: 20, range: 1...10_000), after: request.cursor)
        var answer: [String: JSONValue] = [
            "itemRefs": .array(page.keys.map { key in
                .object(["id": .string(String(key.id.rawValue)), "directStreamIds": .array([]),
                         "timestampUsec": .string(String(Int64(key.date.timeIntervalSince1970 * 1_000_000)))])
            }),
        ]
        if let next = page.next { answer["continuation"] = .string(GoogleReaderIDs.continuation(next)) }
        return SyncResponses.json(JSONValue.object(answer))
    }

    /// The page a stream request asks for.
    private func page(_ stream: GoogleReaderStream, _ call: GoogleReaderRequest,
                      limit: Int) async throws -> ArticlePage {
        let request = try pageRequest(stream, call)
        return try await herald.syncPage(request.filter, readOnly: request.readOnly, oldestFirst: request.oldestFirst,
                                         limit: limit, after: request.cursor)
    }

    /// What a stream request asks for: `xt` excludes read (or starred), `it` includes only read or
    /// starred, `ot`/`nt` bound the dates (seconds), `r=o` reverses, `c` continues.
    private func pageRequest(_ stream: GoogleReaderStream, _ call: GoogleReaderRequest) throws
        -> (filter: ArticleFilter, readOnly: Bool, oldestFirst: Bool, cursor: PageCursor?) {
        var filter = stream.filter
        var readOnly = stream.readOnly
        for excluded in call.values("xt") {
            switch GoogleReaderIDs.state(excluded) {
            case "com.google/read": filter.unreadOnly = true
            default: break
            }
        }
        for included in call.values("it") {
            switch GoogleReaderIDs.state(included) {
            case "com.google/read": readOnly = true
            case "com.google/starred": filter.starredOnly = true
            default: break
            }
        }
        // `ot` is "crawled since", as FreshRSS reads it: clients send the `crawlTimeMsec` of the
        // newest item they got (Fluent Reader) or the time of their last sync (NetNewsWire), and an
        // article fetched since but dated before must still come.
        if let oldest = call.value("ot").flatMap({ Double($0) }), oldest > 0, oldest.isFinite {
            filter.firstSeenSince = Date(timeIntervalSince1970: oldest)
        }
        if let newest = call.value("nt").flatMap({ Double($0) }), newest > 0 {
            filter.until = Date(timeIntervalSince1970: newest)
        }
        let cursor = call.value("c").flatMap(GoogleReaderIDs.cursor)
        if call.value("c").map({ !$0.isEmpty && cursor == nil }) ?? false {
            throw SyncFailure(.badRequest, "The continuation is not one Herald gave")
        }
        return (filter, readOnly, call.value("r") == "o", cursor)
    }

    /// `stream/items/contents` with `i` repeated (GET or POST): those items, in the order asked.
    private func itemContents(_ call: GoogleReaderRequest) async throws -> Response {
        let ids = call.values("i").compactMap(GoogleReaderIDs.itemID)
        guard ids.count <= 1000 else { throw SyncFailure(.badRequest, "At most 1000 items at a time") }
        let entries = try await herald.syncEntries(ids)
        let feeds = try await herald.feeds(withIDs: entries.map(\.feedID))
        return SyncResponses.json(JSONValue.object([
            "id": .string(GoogleReaderIDs.readingList),
            "updated": .int64(Int64(Date().timeIntervalSince1970)),
            "items": .array(entries.map { GoogleReaderItems.item($0, feed: feeds[$0.feedID]) }),
        ]))
    }

    // MARK: Counts and tags

    private func unreadCounts() async throws -> JSONValue {
        let feeds = try await herald.feeds()
        let byFeed = try await herald.unreadCounts()
        let byTag = try await herald.unreadCountsByTag()
        var counts: [JSONValue] = []
        var newestByTag: [String: Int64] = [:]
        for feed in feeds {
            let newest = Int64((feed.fetchState.lastSuccessAt ?? feed.addedAt).timeIntervalSince1970 * 1_000_000)
            for tag in feed.tags { newestByTag[tag] = max(newestByTag[tag] ?? 0, newest) }
            guard let count = byFeed[feed.id], count > 0 else { continue }
            counts.append(.object(["id": .string("feed/\(feed.id.rawValue)"), "count": .int(count),
                                   "newestItemTimestampUsec": .string(String(newest))]))
        }
        for (tag, count) in byTag.sorted(by: { $0.key < $1.key }) where count > 0 {
            counts.append(.object(["id": .string(GoogleReaderIDs.label(tag)), "count": .int(count),
                                   "newestItemTimestampUsec": .string(String(newestByTag[tag] ?? 0))]))
        }
        // Saved searches are labels too (those no tag shares a name with).
        let labels = try await savedSearchLabels(tags: try await herald.tags(among: feeds))
        let bySearch = labels.isEmpty ? [:] : try await herald.unreadCountsBySavedSearch()
        for search in labels {
            guard let count = bySearch[search.id], count > 0 else { continue }
            counts.append(.object(["id": .string(GoogleReaderIDs.label(search.name)), "count": .int(count),
                                   "newestItemTimestampUsec": .string(String(newestByTag.values.max() ?? 0))]))
        }
        let total = byFeed.values.reduce(0, +)
        counts.append(.object(["id": .string(GoogleReaderIDs.readingList), "count": .int(total),
                               "newestItemTimestampUsec": .string(String(newestByTag.values.max() ?? 0))]))
        return .object(["max": .int(max(total, 1000)), "unreadcounts": .array(counts)])
    }

    /// Starred, every tag as a folder, and the saved searches no tag shares a name with as labels
    /// of articles (`type` `tag`, as FreshRSS marks its article labels).
    private func tags() async throws -> [JSONValue] {
        let names = try await herald.tags()
        return [.object(["id": .string(GoogleReaderIDs.starred)])]
            + names.map { .object(["id": .string(GoogleReaderIDs.label($0)), "type": .string("folder")]) }
            + (try await savedSearchLabels(tags: names)).map {
                .object(["id": .string(GoogleReaderIDs.label($0.name)), "type": .string("tag")])
            }
    }

    /// The saved searches served as labels: those no tag shares a name with (a tag wins).
    private func savedSearchLabels(tags: [String]) async throws -> [SavedSearch] {
        let taken = Set(tags)
        return try await herald.savedSearches().filter { !taken.contains($0.name) }
    }

    /// A label named by the first of `names` given (`user/-/label/X` or a bare `X`).
    private func tagParameter(_ call: GoogleReaderRequest, _ names: String...) -> String? {
        for name in names {
            if let value = call.value(name), !value.isEmpty { return Self.tag(from: value) }
        }
        return nil
    }

    static func tag(from value: String) -> String {
        GoogleReaderIDs.tag(inLabel: value) ?? value
    }

    // MARK: Edits

    /// `edit-tag` with `i` repeated and `a`/`r`: read, starred, kept-unread, or a label.
    private func editTags(_ call: GoogleReaderRequest) async throws {
        let ids = call.values("i").compactMap(GoogleReaderIDs.itemID)
        guard !ids.isEmpty else { throw SyncFailure(.badRequest, "No item (i) to edit") }
        for (adding, stream) in call.values("a").map({ (true, $0) }) + call.values("r").map({ (false, $0) }) {
            if let tag = GoogleReaderIDs.tag(inLabel: stream) {
                try await herald.apply(adding ? .tagged(tag, ids: ids) : .untagged(tag, ids: ids), ignoringUnknownArticles: true)
                continue
            }
            switch GoogleReaderIDs.state(stream) {
            case "com.google/read": try await herald.apply(.read(adding, ids: ids), ignoringUnknownArticles: true)
            case "com.google/kept-unread":
                if adding { try await herald.apply(.read(false, ids: ids), ignoringUnknownArticles: true) }
            case "com.google/starred": try await herald.apply(.starred(adding, ids: ids), ignoringUnknownArticles: true)
            default: break
            }
        }
    }

    /// `subscription/edit`: `ac=subscribe|unsubscribe|edit`, `s` (repeated), `t`, `a`/`r` labels.
    private func editSubscriptions(_ call: GoogleReaderRequest) async throws {
        let action = call.value("ac") ?? "edit"
        let added = call.values("a").map(Self.tag(from:))
        let removed = Set(call.values("r").map(Self.tag(from:)))
        let title = call.value("t").flatMap { $0.isEmpty ? nil : $0 }
        for stream in call.values("s") {
            switch action {
            case "subscribe":
                let url = stream.hasPrefix("feed/") ? String(stream.dropFirst(5)) : stream
                _ = try await herald.subscribe(to: url, title: title, tags: added)
            case "unsubscribe":
                try await herald.unsubscribe(try await GoogleReaderStream.feed(stream, herald: herald).id)
            case "edit":
                let feed = try await GoogleReaderStream.feed(stream, herald: herald)
                if let title { try await herald.renameFeed(feed.id, to: title) }
                if !added.isEmpty || !removed.isEmpty {
                    var tags = feed.tags.filter { !removed.contains($0) }
                    for tag in added where !tags.contains(tag) { tags.append(tag) }
                    try await herald.setTags(tags, for: feed.id)
                }
            default:
                throw SyncFailure(.badRequest, "Unknown action ac=\(action): subscribe, unsubscribe or edit")
            }
        }
    }

    /// `mark-all-as-read`'s `ts`: the newest item's `timestampUsec` marked too. Microseconds as
    /// Google Reader's clients send it, or seconds (fewer than 16 digits), as Miniflux also reads it.
    static func markedUntil(_ ts: String?) -> Date? {
        guard let ts, let value = Double(ts), value > 0, value.isFinite else { return nil }
        let digits = ts.prefix { $0 != "." }.count
        let seconds = digits >= 16 ? value / 1_000_000 : value
        // An item's `timestampUsec` is its date cut to the microsecond: one more takes it in.
        return Date(timeIntervalSince1970: seconds + (digits >= 16 ? 0.000_001 : 1))
    }

    /// `subscription/quickadd?quickadd=URL`; a URL with no feed is `numResults` 0 with the reason,
    /// as FreshRSS answers (NetNewsWire reads that as "not found").
    private func quickAdd(_ call: GoogleReaderRequest) async throws -> Response {
        guard var url = call.value("quickadd"), !url.isEmpty else {
            throw SyncFailure(.badRequest, "Give quickadd=URL")
        }
        if url.hasPrefix("feed/") { url.removeFirst(5) }
        let feed: Feed
        do {
            feed = try await herald.subscribe(to: url)
        } catch {
            if case .subscribe = error {
                return SyncResponses.json(JSONValue.object(["numResults": .int(0), "query": .string(url),
                                                            "error": .string(error.message)]))
            }
            throw error
        }
        return SyncResponses.json(JSONValue.object([
            "numResults": .int(1), "query": .string(url), "streamId": .string("feed/\(feed.id.rawValue)"),
            "streamName": .string(feed.displayTitle),
        ]))
    }
}
