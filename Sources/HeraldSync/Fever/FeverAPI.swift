import Foundation
import Herald
import HTTPTypes
import Hummingbird

/// The Fever API (`/api/fever.php`, `/fever/`), as Reeder, ReadKit, FeedMe, Unread and Fluent Reader
/// call it: every request carries `api_key` = md5("name:password") in a form body (or, leniently,
/// the query), and the query says what to return (`groups`, `feeds`, `favicons`, `items`,
/// `unread_item_ids`, `saved_item_ids`, `links`) or to `mark` something. Every answer is a JSON
/// object with `api_version` 3 and `auth` 1 or 0; a wrong key gets `auth: 0` and nothing else.
struct FeverAPI: Sendable {
    let herald: Herald

    /// Items per `items` answer, as the protocol fixes it.
    static let pageSize = 50

    /// Answers a Fever request through the engine of the person its key belongs to.
    static func respond(to request: Request, clientAddress: String, engines: SyncEngines) async -> Response {
        let query = request.uri.queryParameters
        var fields: [String: String] = [:]
        if request.method == .post {
            guard let body = await SyncAPI.body(of: request) else {
                return Self.json(["api_version": .int(3), "auth": .int(0)], status: .contentTooLarge)
            }
            fields = FormFields.parse(body, contentType: request.headers[.contentType])
        }
        func value(_ name: String) -> String? { fields[name] ?? query.get(name).map { String($0) } }
        func has(_ name: String) -> Bool { fields[name] != nil || query.has(Substring(name)) }

        let answer: [String: JSONValue] = ["api_version": .int(3), "auth": .int(0)]
        guard let key = value("api_key"), !key.isEmpty else { return Self.json(answer) }
        let herald: Herald
        do {
            herald = try await engines.signIn(.feverKey(key), from: clientAddress)
        } catch {
            return Self.json(answer)
        }
        return await FeverAPI(herald: herald).answer(answer, value: value, has: has)
    }

    /// Answers a signed-in request.
    private func answer(_ start: [String: JSONValue], value: (String) -> String?, has: (String) -> Bool) async -> Response {
        var answer = start
        answer["auth"] = .int(1)
        do {
            // Totals, not the feed list: every request answers these, and listing a thousand
            // feeds each time was most of a first sync's page of items.
            let statistics = try await herald.statistics()
            answer["last_refreshed_on_time"] = .int(Int(statistics.lastRefreshedAt?.timeIntervalSince1970 ?? 0))
            if has("mark") { try await mark(value) }
            let feeds = has("groups") || has("feeds") ? try await herald.feeds() : []
            if has("groups") {
                answer["groups"] = .array(Self.groups(feeds, tags: try await herald.tags(among: feeds)).map {
                    .object(["id": .int64($0.id), "title": .string($0.title)])
                })
                answer["feeds_groups"] = Self.feedsGroups(feeds)
            }
            if has("feeds") {
                let icons = try await herald.feedsWithIcons()
                answer["feeds"] = .array(feeds.map { Self.feed($0, hasIcon: icons.contains($0.id)) })
                answer["feeds_groups"] = Self.feedsGroups(feeds)
            }
            if has("favicons") {
                // A favicon's id is its feed's; `data` is `image/png;base64,…`.
                answer["favicons"] = .array(try await herald.feedIcons().map {
                    .object(["id": .int64($0.feedID.rawValue), "data": .string($0.base64Payload)])
                })
            }
            if has("links") { answer["links"] = .array([]) }
            if has("unread_item_ids") {
                answer["unread_item_ids"] = .string(try await ids(ArticleFilter(unreadOnly: true)))
            }
            if has("saved_item_ids") {
                answer["saved_item_ids"] = .string(try await ids(ArticleFilter(starredOnly: true)))
            }
            if has("items") {
                answer["total_items"] = .int(statistics.articles)
                answer["items"] = .array(try await items(value).map(Self.item))
            }
        } catch {
            return Self.json(["api_version": .int(3), "auth": .int(1), "error": .string(error.message)],
                             status: .internalServerError)
        }
        return Self.json(answer)
    }

    /// `mark=item&as=read|unread|saved|unsaved&id=N`; `mark=feed|group&as=read&id=N&before=T`
    /// (group 0 is every feed). Sets, never toggles.
    private func mark(_ value: (String) -> String?) async throws(HeraldError) {
        guard let kind = value("mark"), let action = value("as"), let id = value("id").flatMap({ Int64($0) }) else { return }
        switch (kind, action) {
        case ("item", "read"): try await herald.apply(.read(true, ids: [ArticleID(id)]), ignoringUnknownArticles: true)
        case ("item", "unread"): try await herald.apply(.read(false, ids: [ArticleID(id)]), ignoringUnknownArticles: true)
        case ("item", "saved"): try await herald.apply(.starred(true, ids: [ArticleID(id)]), ignoringUnknownArticles: true)
        case ("item", "unsaved"): try await herald.apply(.starred(false, ids: [ArticleID(id)]), ignoringUnknownArticles: true)
        case ("feed", "read"), ("group", "read"):
            let before = value("before").flatMap { Double($0) }.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            let scopes: [ArticleScope] = kind == "feed" ? [.feed(FeedID(id))] : try await groupScopes(id)
            for scope in scopes {
                var filter = ArticleFilter(scope: scope)
                // "At or before" the second: an article dated within it is marked too.
                if let before { filter.until = Date(timeIntervalSince1970: before + 1) }
                _ = try await herald.markAllRead(in: filter)
            }
        default:
            return
        }
    }

    /// Group 0 is every feed; "All" the feeds with no tag; another group its tag's feeds; an
    /// unknown group nothing.
    private func groupScopes(_ id: Int64) async throws(HeraldError) -> [ArticleScope] {
        if id == 0 { return [.all] }
        let feeds = try await herald.feeds()
        if id == CategoryIDs.untagged { return feeds.filter(\.tags.isEmpty).map { .feed($0.id) } }
        guard let tag = CategoryIDs.tag(withID: id, among: try await herald.tags(among: feeds)) else { return [] }
        return [.tag(tag)]
    }

    /// `since_id` (the next 50 after it, ascending), `max_id` (the 50 before it, descending),
    /// `with_ids` (at most 50 named), or the newest 50: each an index range of the store.
    private func items(_ value: (String) -> String?) async throws(HeraldError) -> [SyncEntry] {
        let chosen: [ArticleID]
        if let list = value("with_ids") {
            chosen = Array(list.split(separator: ",").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
                .prefix(Self.pageSize).map { ArticleID($0) })
        } else if let since = value("since_id").flatMap({ Int64($0) }) {
            chosen = try await herald.syncIDs(ArticleIDRequest(after: ArticleID(since), limit: Self.pageSize))
        } else if let max = value("max_id").flatMap({ Int64($0) }), max > 0 {
            chosen = try await herald.syncIDs(ArticleIDRequest(before: ArticleID(max), ascending: false, limit: Self.pageSize))
        } else {
            chosen = try await herald.syncIDs(ArticleIDRequest(ascending: false, limit: Self.pageSize))
        }
        return try await herald.syncEntries(chosen)
    }

    private func ids(_ filter: ArticleFilter) async throws(HeraldError) -> String {
        try await herald.syncIDs(filter).map { String($0.rawValue) }.joined(separator: ",")
    }

    /// The groups: every tag (`tags`, the feeds' and those created on their own), and "All" when
    /// a feed has no tag.
    static func groups(_ feeds: [Feed], tags: [String] = []) -> [(id: Int64, title: String)] {
        var seen: [Int64: String] = [:]
        for tag in tags { seen[CategoryIDs.id(of: tag)] = tag }
        for feed in feeds {
            for tag in feed.tags { seen[CategoryIDs.id(of: tag)] = tag }
            if feed.tags.isEmpty { seen[CategoryIDs.untagged] = CategoryIDs.untaggedTitle }
        }
        return seen.map { ($0.key, $0.value) }.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
    }

    static func feedsGroups(_ feeds: [Feed]) -> JSONValue {
        var members: [Int64: [Int64]] = [:]
        for feed in feeds {
            let groups = feed.tags.isEmpty ? [CategoryIDs.untagged] : feed.tags.map(CategoryIDs.id(of:))
            for group in groups { members[group, default: []].append(feed.id.rawValue) }
        }
        return .array(members.keys.sorted().map { group in
            .object(["group_id": .int64(group),
                     "feed_ids": .string(members[group, default: []].map(String.init).joined(separator: ","))])
        })
    }

    /// A feed's JSON; its `favicon_id` is its own id when it has an icon, else 0.
    static func feed(_ feed: Feed, hasIcon: Bool) -> JSONValue {
        .object(["id": .int64(feed.id.rawValue), "favicon_id": .int64(hasIcon ? feed.id.rawValue : 0), "title": .string(feed.displayTitle),
                 "url": .string(feed.url), "site_url": .string(feed.siteURL ?? ""), "is_spark": .int(0),
                 "last_updated_on_time": .int(Int(feed.fetchState.lastSuccessAt?.timeIntervalSince1970 ?? 0))])
    }

    static func item(_ entry: SyncEntry) -> JSONValue {
        .object(["id": .int64(entry.id.rawValue), "feed_id": .int64(entry.feedID.rawValue), "title": .string(entry.title),
                 "author": .string(entry.author ?? ""), "html": .string(entry.html), "url": .string(entry.url ?? ""),
                 "is_saved": .int(entry.isStarred ? 1 : 0), "is_read": .int(entry.isRead ? 1 : 0),
                 "created_on_time": .int(Int(entry.date.timeIntervalSince1970))])
    }

    static func json(_ object: [String: JSONValue], status: HTTPResponse.Status = .ok) -> Response {
        SyncResponses.json(JSONValue.object(object), status: status)
    }
}
