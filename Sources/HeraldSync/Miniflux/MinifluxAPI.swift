import Foundation
import Herald
import HTTPTypes
import Hummingbird

/// Miniflux's REST API (`/v1/…`), the part its clients use: the user, categories (Herald's tags:
/// listed, renamed, removed), feeds, entries with `status`, `starred`, `limit`, `offset`, `order`,
/// `direction`, `before`, `after` and `search`, reading state by ids, bookmarks, marking a feed
/// or category read, and refreshing (``refresh(_:)``). Signed in with
/// `X-Auth-Token` or HTTP Basic; errors are `{"error_message": …}` with Miniflux's statuses.
struct MinifluxAPI: Sendable {
    let herald: Herald

    /// Answers a `/v1/…` request through the engine of the person it signs in as.
    static func respond(to request: Request, path: String, clientAddress: String, engines: SyncEngines) async -> Response {
        guard let attempt = SyncCredentials.attempt(in: request) else { return Self.unauthorized() }
        let herald: Herald
        do {
            herald = try await engines.signIn(attempt, from: clientAddress)
        } catch {
            if case .account(.throttled(let seconds)) = error {
                var response = Self.failure(.tooManyRequests, error.message)
                response.headers[.retryAfter] = String(seconds)
                return response
            }
            if case .account(.wrongCredentials) = error { return Self.unauthorized() }
            return Self.failure(.internalServerError, error.message)
        }
        return await MinifluxAPI(herald: herald).answer(request, path: path)
    }

    /// Answers a signed-in request.
    private func answer(_ request: Request, path: String) async -> Response {
        let parts = path.split(separator: "/").dropFirst().map(String.init)
        do {
            return try await route(request, parts)
        } catch let failure as SyncFailure {
            return Self.failure(failure.status, failure.message)
        } catch let error as HeraldError {
            if case .store(.articleNotFound) = error { return Self.failure(.notFound, "Entry not found") }
            if case .store(.feedNotFound) = error { return Self.failure(.notFound, "Feed not found") }
            if case .store(.invalidQuery) = error { return Self.failure(.badRequest, error.message) }
            if case .subscribe(.localFileRefused) = error { return Self.failure(.badRequest, error.message) }
            if case .subscribe(.scriptSourceRefused) = error { return Self.failure(.badRequest, error.message) }
            return Self.failure(.internalServerError, error.message)
        } catch {
            return Self.failure(.internalServerError, "\(error)")
        }
    }

    private func route(_ request: Request, _ parts: [String]) async throws -> Response {
        let route = MinifluxRoute(method: request.method, parts: parts)
        if route.is(.get, "me") {
            let name = try await herald.accountName() ?? ""
            return Self.json(MinifluxJSON.UserObject(id: MinifluxJSON.userID, username: name, is_admin: false,
                                                     theme: "system_serif", language: "en_US", timezone: "UTC",
                                                     entry_sorting_direction: "desc", entries_per_page: 100))
        }
        if route.is(.get, "version") {
            return Self.json(["version": HeraldVersion.current, "commit": "", "build_date": "", "go_version": "",
                              "compiler": "swift", "arch": "", "os": "linux"])
        }
        if route.is(.get, "categories") {
            let counted = Self.boolean(request.uri.queryParameters.get("counts").map { String($0) }) == true
            return Self.json(try await categories(counted: counted))
        }
        if let id = route.match(.get, "categories", "*", "feeds").first {
            // The feeds whose category (first tag, or "All" for none) it is, as `GET /v1/feeds` shows them.
            let number = try Self.number(id)
            _ = try await category(id)
            let icons = try await herald.feedsWithIcons()
            return Self.json(try await herald.feeds().filter { MinifluxJSON.category(of: $0).id == number }
                .map { MinifluxJSON.feed($0, withIcons: icons) })
        }
        if route.is(.get, "feeds") {
            let icons = try await herald.feedsWithIcons()
            return Self.json(try await herald.feeds().map { MinifluxJSON.feed($0, withIcons: icons) })
        }
        if route.is(.get, "feeds", "counters") { return Self.json(try await counters()) }
        if let id = route.match(.get, "feeds", "*").first {
            return Self.json(MinifluxJSON.feed(try await feed(id), withIcons: try await herald.feedsWithIcons()))
        }
        if let id = route.match(.get, "feeds", "*", "icon").first ?? route.match(.get, "icons", "*").first {
            // An icon's id is its feed's.
            guard let icon = try await herald.feedIcon(for: FeedID(try Self.number(id))) else {
                throw SyncFailure(.notFound, "This feed has no icon")
            }
            return Self.json(MinifluxJSON.icon(icon))
        }
        if route.is(.get, "entries") { return try await entries(request, scope: nil) }
        if let id = route.match(.get, "feeds", "*", "entries").first {
            return try await entries(request, scope: .feed(try await feed(id).id))
        }
        if let id = route.match(.get, "categories", "*", "entries").first {
            let category = try await category(id)
            return try await entries(request, scope: category.scope, feeds: category.feeds)
        }
        if route.match(.post, "entries", "*", "save").count == 1 {
            // Miniflux's "save to a third-party service"; Herald has none, and says so as Miniflux does.
            throw SyncFailure(.badRequest, "no third-party integration enabled")
        }
        if let id = route.match(.get, "entries", "*", "fetch-content").first {
            // Miniflux's "fetch original content": the kept full text, else the page fetched,
            // extracted and kept now (so later syncs serve it as the entry's content).
            let entryID = ArticleID(try Self.number(id))
            do {
                _ = try await herald.fullText(of: entryID)
                return Self.json(["content": try await herald.syncEntry(entryID).html])
            } catch {
                if case .fullText(.store(let store)) = error { throw HeraldError.store(store) }
                if case .fullText = error { throw SyncFailure(.badGateway, error.message) }
                throw error
            }
        }
        if route.is(.get, "entries", "ids") { return try await entryIDs(request) }
        if let id = route.match(.get, "entries", "*").first {
            let entry = try await herald.syncEntry(ArticleID(try Self.number(id)))
            return Self.json(MinifluxJSON.entry(entry, feed: MinifluxJSON.feed(try await feed(String(entry.feedID.rawValue)))))
        }
        // An entry within a feed or a category: Miniflux's 404 when it is another's.
        let inFeed = route.match(.get, "feeds", "*", "entries", "*")
        let inCategory = route.match(.get, "categories", "*", "entries", "*")
        if let within = inFeed.first ?? inCategory.first, let id = inFeed.last ?? inCategory.last {
            let entry = try await herald.syncEntry(ArticleID(try Self.number(id)))
            let feed = try await feed(String(entry.feedID.rawValue))
            let belongs = inFeed.isEmpty
                ? Self.holds(try await category(within), feed) : feed.id.rawValue == (try Self.number(within))
            guard belongs else { throw SyncFailure(.notFound, "Entry not found") }
            return Self.json(MinifluxJSON.entry(entry, feed: MinifluxJSON.feed(feed)))
        }
        if route.is(.post, "discover") { return try await discover(request) }
        if route.is(.get, "integrations", "status") {
            // Herald saves entries to no third-party service (`POST /v1/entries/ID/save` says so).
            return Self.json(["has_integrations": false])
        }
        if route.is(.put, "entries") { return try await updateEntries(request) }
        if route.is(.post, "feeds") { return try await createFeed(request) }
        if let response = try await refresh(route) { return response }
        if let id = route.match(.put, "feeds", "*").first { return try await updateFeed(request, id: id) }
        if let id = route.match(.delete, "feeds", "*").first {
            try await herald.unsubscribe(try await feed(id).id)
            return Self.noContent()
        }
        if route.is(.get, "export") {
            let opml = try await herald.exportSubscriptions()
            return Response(status: .ok, headers: [.contentType: "text/xml; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: opml)))
        }
        if route.is(.post, "import") {
            guard let body = await SyncAPI.body(of: request) else {
                throw SyncFailure(.contentTooLarge, "The file is larger than \(SyncAPI.maxBodyBytes) bytes")
            }
            let summary = try await herald.importSubscriptions(body)
            return Self.json(["message": "Feeds imported: \(summary.added) added, \(summary.alreadySubscribed) already there"
                                + (summary.scriptSourcesRefused.isEmpty ? "" : ", \(summary.scriptSourcesRefused.count) commands or local files refused")],
                             status: .created)
        }
        if route.match(.put, "users", "*", "mark-all-as-read").count == 1 {
            _ = try await herald.markAllRead(in: ArticleFilter())
            return Self.noContent()
        }
        // `star` is the newer name of `bookmark` (Miniflux's Go client uses it).
        if let id = route.match(.put, "entries", "*", "bookmark").first ?? route.match(.put, "entries", "*", "star").first {
            let entry = try await herald.syncEntry(ArticleID(try Self.number(id)))
            try await herald.apply(.starred(!entry.isStarred, ids: [entry.id]))
            return Self.noContent()
        }
        if let id = route.match(.put, "feeds", "*", "mark-all-as-read").first {
            _ = try await herald.markAllRead(in: ArticleFilter(scope: .feed(try await feed(id).id)))
            return Self.noContent()
        }
        if route.is(.post, "categories") { return try await createCategory(request) }
        if let id = route.match(.put, "categories", "*").first { return try await renameCategory(request, id: id) }
        if let id = route.match(.delete, "categories", "*").first {
            // The category is a tag: its feeds stay, untagged of it (Herald never deletes feeds for a tag).
            guard case .tag(let tag) = try await category(id).scope else {
                throw SyncFailure(.badRequest, "The category of untagged feeds cannot be removed")
            }
            try await herald.renameTag(tag, to: nil)
            return Self.noContent()
        }
        if let id = route.match(.put, "categories", "*", "mark-all-as-read").first {
            let category = try await category(id)
            if let feeds = category.feeds {
                for feed in feeds { _ = try await herald.markAllRead(in: ArticleFilter(scope: .feed(feed))) }
            } else {
                _ = try await herald.markAllRead(in: ArticleFilter(scope: category.scope))
            }
            return Self.noContent()
        }
        throw SyncFailure(.notFound, "Herald does not serve \(request.method) /v1/\(parts.joined(separator: "/"))")
    }

    /// `GET …/entries`: Miniflux's defaults are 100 entries, oldest first.
    private func entries(_ request: Request, scope: ArticleScope?, feeds: Set<FeedID>? = nil) async throws -> Response {
        let query = request.uri.queryParameters
        var filter = ArticleFilter(scope: scope ?? .all)
        var readOnly = false
        var feeds = feeds
        let statuses = Set(query.getAll("status").map { String($0) })
        if statuses.contains("unread"), !statuses.contains("read") { filter.unreadOnly = true }
        if statuses.contains("read"), !statuses.contains("unread") { readOnly = true }
        if statuses == ["removed"] { return Self.json(MinifluxJSON.EntryListObject(total: 0, entries: [])) }
        // `starred` as Go's `strconv.ParseBool` reads it; anything else is no filter, as in Miniflux.
        var unstarredOnly = false
        switch Self.boolean(query.get("starred").map { String($0) }) {
        case true?: filter.starredOnly = true
        case false?: unstarredOnly = true
        case nil: break
        }
        // An id of 0 or less, or none, is no filter, as in Miniflux (Fluent Reader's first sync
        // asks for `after_entry_id=0`).
        if let value = Self.optionalID(query.get("category_id")) {
            let category = try await category(String(value))
            filter.scope = category.scope
            feeds = category.feeds
        }
        if let value = Self.optionalID(query.get("feed_id")) { filter.scope = .feed(try await feed(String(value)).id) }
        // `published_after`/`published_before` are the newer names of `after`/`before`.
        if let after = (query.get("published_after") ?? query.get("after")).flatMap({ Double($0) }) {
            filter.since = Date(timeIntervalSince1970: after)
        }
        if let before = (query.get("published_before") ?? query.get("before")).flatMap({ Double($0) }) {
            filter.until = Date(timeIntervalSince1970: before)
        }
        // Miniflux reads limit=0 as "no limit"; Herald caps a page at 10,000 either way.
        let limit = query.get("limit").flatMap { Int($0) }.map { $0 <= 0 ? 10_000 : min($0, 10_000) } ?? 100
        let offset = query.get("offset").flatMap { Int($0) }.map { min(max(0, $0), 100_000_000) } ?? 0
        let newestFirst = query.get("direction").map { $0 == "desc" } ?? false
        // Miniflux's full-text search, read as Herald's query language (plain words work in both).
        let search = query.get("search").map { String($0) }.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let allFeeds = try await herald.feeds()
        let order = try Self.order(query.get("order").map { String($0) }, feeds: allFeeds)
        let afterID = Self.optionalID(query.get("after_entry_id")).map { ArticleID($0) }
        let beforeID = Self.optionalID(query.get("before_entry_id")).map { ArticleID($0) }
        var request = SyncEntryRequest(filter: filter, readOnly: readOnly, unstarredOnly: unstarredOnly, feeds: feeds,
                                       newestFirst: newestFirst,
                                       limit: limit, offset: offset, query: search, order: order, afterID: afterID,
                                       beforeID: beforeID)
        let page: SyncEntryPage
        do {
            page = try await herald.syncEntries(request)
        } catch {
            // Miniflux's search is plain text, and its clients send what the person typed (Flux
            // News): a query that is not Herald's language (`"climate`, a lone `NOT`) is searched
            // as its words.
            guard case .store(.invalidQuery) = error, let search else { throw error }
            let words = Self.plainWords(search)
            guard !words.isEmpty else { return Self.json(MinifluxJSON.EntryListObject(total: 0, entries: [])) }
            request.query = words
            page = try await herald.syncEntries(request)
        }
        var objects: [FeedID: MinifluxJSON.FeedObject] = [:]
        let icons = try await herald.feedsWithIcons()
        for feed in allFeeds { objects[feed.id] = MinifluxJSON.feed(feed, withIcons: icons) }
        let entries = page.entries.compactMap { entry in objects[entry.feedID].map { MinifluxJSON.entry(entry, feed: $0) } }
        return Self.json(MinifluxJSON.EntryListObject(total: page.total, entries: entries))
    }

    /// `GET /v1/entries/ids`: every id of the person's entries, largest first, as Miniflux lists them
    /// for clients that sync state by ids: `status` (`read` or `unread`) and `starred` (`true` or
    /// `false`) filter, anything else for them is a `400`; `limit` (10,000, also the most) and
    /// `offset` page; `total` counts the filter's entries.
    private func entryIDs(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        var filter = ArticleFilter()
        var readOnly = false
        var unstarredOnly = false
        if let status = query.get("status").map({ String($0) }) {
            switch status {
            case "unread": filter.unreadOnly = true
            case "read": readOnly = true
            default: throw SyncFailure(.badRequest, "invalid status parameter, must be \"read\" or \"unread\"")
            }
        }
        if let starred = query.get("starred").map({ String($0) }) {
            switch starred {
            case "true": filter.starredOnly = true
            case "false": unstarredOnly = true
            default: throw SyncFailure(.badRequest, "invalid starred parameter, must be \"true\" or \"false\"")
            }
        }
        var ids = try await herald.syncIDs(ArticleIDRequest(filter: filter, readOnly: readOnly, ascending: false))
        if unstarredOnly {
            var starred = filter
            starred.starredOnly = true
            let left = Set(try await herald.syncIDs(ArticleIDRequest(filter: starred, readOnly: readOnly)))
            ids.removeAll { left.contains($0) }
        }
        let limit = query.get("limit").flatMap { Int($0) }.map { $0 <= 0 ? 10_000 : min($0, 10_000) } ?? 10_000
        let offset = min(max(0, query.get("offset").flatMap { Int($0) } ?? 0), ids.count)
        let page = ids[offset..<min(ids.count, offset + limit)].map(\.rawValue)
        return Self.json(MinifluxJSON.EntryIDsObject(total: ids.count, entry_ids: Array(page)))
    }

    /// `POST /v1/discover` with `{"url": …}`: the feeds there, as Miniflux lists them (`url`,
    /// `title`, `type`), subscribing to none; a 404 when there is none, a 500 when the URL cannot
    /// be fetched. Miniflux's fetch options (user agent, cookies, proxy) are not Herald's and are ignored.
    private func discover(_ request: Request) async throws -> Response {
        let body = try await Self.decode(MinifluxJSON.DiscoveryRequest.self, from: request)
        let url = body.url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") else {
            throw SyncFailure(.badRequest, "The URL must be http:// or https://")
        }
        let found: [DiscoveredFeed]
        do {
            found = try await herald.discoverFeeds(at: url)
        } catch {
            throw SyncFailure(.internalServerError, error.message)
        }
        guard !found.isEmpty else { throw SyncFailure(.notFound, "resource not found") }
        return Self.json(found.map(MinifluxJSON.subscription))
    }

    /// Miniflux's `order`: `published_at` (the default, Herald's date), `id`, `status`, or the
    /// feed's `category_title` or `category_id`; anything else is a `400`.
    private static func order(_ name: String?, feeds: [Feed]) throws -> SyncEntryOrder {
        switch name {
        case nil, "", "published_at", "created_at", "changed_at": return .date
        case "id": return .id
        case "status": return .status
        case "category_title", "category_id":
            let categoryOf = feeds.map { ($0.id, MinifluxJSON.category(of: $0)) }
            var titles: [Int64: String] = [:]
            for (_, category) in categoryOf { titles[category.id] = category.title }
            let ordered = titles.keys.sorted { left, right in
                name == "category_id" ? left < right
                    : titles[left, default: ""].localizedStandardCompare(titles[right, default: ""]) == .orderedAscending
            }
            let rank = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element, $0.offset) })
            return .feedRank(Dictionary(uniqueKeysWithValues: categoryOf.map { ($0.0, rank[$0.1.id] ?? Int.max) }))
        case let other?:
            throw SyncFailure(.badRequest, "Invalid order \(other): published_at, id, status, category_title or category_id")
        }
    }

    /// `PUT /v1/entries` with `{"entry_ids": […], "status": "read"|"unread"}` (or `"starred": bool`),
    /// read as JSON whatever its `Content-Type` says (newsboat sends a form's).
    private func updateEntries(_ request: Request) async throws -> Response {
        guard let body = await SyncAPI.body(of: request) else {
            throw SyncFailure(.contentTooLarge, "The request body is larger than \(SyncAPI.maxBodyBytes) bytes")
        }
        guard let update = try? JSONDecoder().decode(MinifluxJSON.EntriesUpdateBody.self, from: body) else {
            throw SyncFailure(.badRequest, "The body must be JSON: {\"entry_ids\": [1, 2], \"status\": \"read\"}")
        }
        guard !update.entry_ids.isEmpty else { throw SyncFailure(.badRequest, "The list of entries is empty") }
        let ids = update.entry_ids.map { ArticleID($0) }
        switch update.status {
        case "read": try await herald.apply(.read(true, ids: ids), ignoringUnknownArticles: true)
        case "unread": try await herald.apply(.read(false, ids: ids), ignoringUnknownArticles: true)
        case nil: break
        case let other?: throw SyncFailure(.badRequest, "Invalid entry status \(other): read or unread")
        }
        if let starred = update.starred { try await herald.apply(.starred(starred, ids: ids), ignoringUnknownArticles: true) }
        if update.status == nil, update.starred == nil {
            throw SyncFailure(.badRequest, "Give a status (read, unread) or starred")
        }
        return Self.noContent()
    }

    /// `GET /v1/feeds/counters`: read and unread articles per feed id.
    private func counters() async throws -> [String: [String: Int]] {
        let unread = try await herald.unreadCounts()
        var reads: [String: Int] = [:]
        var unreads: [String: Int] = [:]
        for feed in try await herald.feeds() {
            let key = String(feed.id.rawValue)
            let read = try await herald.syncIDs(ArticleIDRequest(filter: ArticleFilter(scope: .feed(feed.id)), readOnly: true)).count
            if read > 0 { reads[key] = read }
            if let count = unread[feed.id], count > 0 { unreads[key] = count }
        }
        return ["reads": reads, "unreads": unreads]
    }

    /// `POST /v1/feeds` with `{"feed_url": …, "category_id": …}`: `201 {"feed_id": …}`.
    private func createFeed(_ request: Request) async throws -> Response {
        let body = try await Self.decode(MinifluxJSON.FeedCreation.self, from: request)
        var tags: [String] = []
        // A category of 0 (Miniflux's Go client always sends one) is none.
        if let category = body.category_id, category > 0, category != CategoryIDs.untagged,
           case .tag(let tag) = try await self.category(String(category)).scope {
            tags = [tag]
        }
        let feed = try await herald.subscribe(to: body.feed_url, tags: tags)
        return Self.json(["feed_id": feed.id.rawValue], status: .created)
    }

    /// `PUT /v1/feeds/ID` with `{"title": …, "category_id": …}` (other fields are Miniflux's own
    /// settings and are ignored): the feed, as `GET` gives it.
    private func updateFeed(_ request: Request, id: String) async throws -> Response {
        let feed = try await feed(id)
        let body = try await Self.decode(MinifluxJSON.FeedModification.self, from: request)
        if let title = body.title { try await herald.renameFeed(feed.id, to: title.isEmpty ? nil : title) }
        if let category = body.category_id, category > 0 {
            var tags = Array(feed.tags.dropFirst())
            if category != CategoryIDs.untagged, case .tag(let tag) = try await self.category(String(category)).scope {
                tags.insert(tag, at: 0)
            }
            try await herald.setTags(tags, for: feed.id)
        }
        return Self.json(MinifluxJSON.feed(try await self.feed(id), withIcons: try await herald.feedsWithIcons()), status: .created)
    }

    /// `PUT /v1/categories/ID` with `{"title": …}`: the tag renamed on every feed (merged into a tag
    /// of that name if there is one); `201` with the category under its new number.
    private func renameCategory(_ request: Request, id: String) async throws -> Response {
        guard case .tag(let tag) = try await category(id).scope else {
            throw SyncFailure(.badRequest, "The category of untagged feeds cannot be renamed; give its feeds a category")
        }
        let body = try await Self.decode(MinifluxJSON.CategoryModification.self, from: request)
        guard let newTitle = body.title else {
            // Only Miniflux's own settings (`hide_globally`): the category as it is.
            return Self.json(MinifluxJSON.CategoryObject(id: CategoryIDs.id(of: tag), title: tag, user_id: MinifluxJSON.userID,
                                                         hide_globally: false), status: .created)
        }
        let title = newTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw SyncFailure(.badRequest, "The category title is empty") }
        try await herald.renameTag(tag, to: title)
        return Self.json(MinifluxJSON.CategoryObject(id: CategoryIDs.id(of: title), title: title, user_id: MinifluxJSON.userID,
                                                     hide_globally: false), status: .created)
    }

    /// `POST /v1/categories` with `{"title": …}`: a new tag no feed has yet; `201` with the
    /// category, `400` when one of that name exists.
    private func createCategory(_ request: Request) async throws -> Response {
        let body = try await Self.decode(MinifluxJSON.CategoryModification.self, from: request)
        let title = (body.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw SyncFailure(.badRequest, "The category title is empty") }
        guard title != CategoryIDs.untaggedTitle, try await herald.createTag(title) else {
            throw SyncFailure(.badRequest, "This category already exists")
        }
        return Self.json(MinifluxJSON.CategoryObject(id: CategoryIDs.id(of: title), title: title, user_id: MinifluxJSON.userID,
                                                     hide_globally: false), status: .created)
    }

    /// A JSON body, whatever its `Content-Type` says.
    private static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        guard let data = await SyncAPI.body(of: request) else {
            throw SyncFailure(.contentTooLarge, "The request body is larger than \(SyncAPI.maxBodyBytes) bytes")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw SyncFailure(.badRequest, "The body is not the JSON this request takes: \(error)")
        }
    }

    /// Each feed's category (its first tag, or `All`), and the tags created on their own that no
    /// feed has yet (empty categories).
    /// - Parameter counted: Each category with its `feed_count` and `total_unread` (`?counts=true`).
    private func categories(counted: Bool = false) async throws -> [MinifluxJSON.CategoryObject] {
        var seen: Set<Int64> = []
        var categories: [MinifluxJSON.CategoryObject] = []
        let feeds = try await herald.feeds()
        for feed in feeds {
            let category = MinifluxJSON.category(of: feed)
            if seen.insert(category.id).inserted { categories.append(category) }
        }
        if counted {
            let unread = try await herald.unreadCounts()
            var feedCounts: [Int64: Int] = [:], unreadCounts: [Int64: Int] = [:]
            for feed in feeds {
                let id = MinifluxJSON.category(of: feed).id
                feedCounts[id, default: 0] += 1
                unreadCounts[id, default: 0] += unread[feed.id, default: 0]
            }
            for index in categories.indices {
                categories[index].feed_count = feedCounts[categories[index].id, default: 0]
                categories[index].total_unread = unreadCounts[categories[index].id, default: 0]
            }
        }
        let onFeeds = Set(feeds.flatMap(\.tags))
        for tag in try await herald.tags(among: feeds) where !onFeeds.contains(tag) && seen.insert(CategoryIDs.id(of: tag)).inserted {
            categories.append(MinifluxJSON.CategoryObject(id: CategoryIDs.id(of: tag), title: tag,
                                                          user_id: MinifluxJSON.userID, hide_globally: false,
                                                          feed_count: counted ? 0 : nil, total_unread: counted ? 0 : nil))
        }
        return categories.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
    }

    /// What a category number names: a tag's articles, or for "All" the articles of the feeds
    /// with no tag (`feeds`).
    func category(_ text: String) async throws -> (scope: ArticleScope, feeds: Set<FeedID>?) {
        let id = try Self.number(text)
        let feeds = try await herald.feeds()
        if id == CategoryIDs.untagged { return (.all, Set(feeds.filter(\.tags.isEmpty).map(\.id))) }
        guard let tag = CategoryIDs.tag(withID: id, among: try await herald.tags(among: feeds)) else {
            throw SyncFailure(.notFound, "Category not found")
        }
        return (.tag(tag), nil)
    }

    /// Whether a category (``category(_:)``) holds a feed, as its entries list them: a tag's feeds
    /// (the tag in any place), or All's untagged ones.
    static func holds(_ category: (scope: ArticleScope, feeds: Set<FeedID>?), _ feed: Feed) -> Bool {
        if let members = category.feeds { return members.contains(feed.id) }
        if case .tag(let tag) = category.scope { return feed.tags.contains(tag) }
        return true
    }

    func feed(_ text: String) async throws -> Feed {
        let id = try Self.number(text)
        guard let feed = try await herald.feeds().first(where: { $0.id.rawValue == id }) else {
            throw SyncFailure(.notFound, "Feed not found")
        }
        return feed
    }

    /// A search as plain words: letters and digits only, without the query language's operators
    /// (a lone `NOT` left at the end of a typed search), at most 64 of them.
    static func plainWords(_ search: String) -> String {
        search
            .split { !($0.isLetter || $0.isNumber) }
            .filter { !["AND", "OR", "NOT"].contains($0) }
            .prefix(64)
            .joined(separator: " ")
    }

    /// A query's boolean as Go's `strconv.ParseBool` reads it (`1`, `t`, `TRUE`, `False`…); nil
    /// for anything else, which Miniflux reads as absent.
    static func boolean(_ text: String?) -> Bool? {
        switch text {
        case "1", "t", "T", "true", "TRUE", "True": true
        case "0", "f", "F", "false", "FALSE", "False": false
        default: nil
        }
    }

    /// A query's identifier when it is one above 0; Miniflux reads an empty, malformed or
    /// non-positive one as absent.
    private static func optionalID(_ text: String?) -> Int64? {
        guard let text, let value = Int64(text), value > 0 else { return nil }
        return value
    }

    private static func number(_ text: String) throws -> Int64 {
        guard let value = Int64(text), value > 0 else { throw SyncFailure(.badRequest, "Invalid identifier \(text)") }
        return value
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        SyncResponses.json(value, status: status)
    }

    static func noContent() -> Response {
        Response(status: .noContent)
    }

    static func failure(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(MinifluxJSON.FailureObject(error_message: message), status: status)
    }

    /// 401 with Miniflux's body and a Basic challenge.
    static func unauthorized() -> Response {
        var response = failure(.unauthorized, "access unauthorized")
        response.headers[.wwwAuthenticate] = "Basic realm=\"Herald\""
        return response
    }
}


/// A request's method and path segments after `/v1`, matched against patterns where `*` is any
/// one segment.
struct MinifluxRoute {
    let method: HTTPRequest.Method
    let parts: [String]

    /// True when the method is `method` and the segments are exactly `pattern`.
    func `is`(_ method: HTTPRequest.Method, _ pattern: String...) -> Bool {
        self.method == method && parts == pattern
    }

    /// The segments standing for the pattern's `*`s, or empty when it does not match.
    func match(_ method: HTTPRequest.Method, _ pattern: String...) -> [String] {
        guard self.method == method, parts.count == pattern.count else { return [] }
        var wildcards: [String] = []
        for (part, expected) in zip(parts, pattern) {
            if expected == "*" { wildcards.append(part) } else if part != expected { return [] }
        }
        return wildcards
    }
}
