import Herald
import Hummingbird

/// GET: pages. The path is read as a deep link (`/feed/3` is `herald://feed/3`) and opened by the
/// Router; the route's module loads into a ``WebScreen`` and the page renders its view model.
extension WebApp {
    func get(_ request: Request, path: String) async -> Response {
        switch path {
        case "/events": return EventStream.response(container: herald.container, csrfToken: security.csrfToken)
        case "/export.opml": return await exportOPML(request)
        case "/confirm": return await confirmPage(request)
        case "/rules": return await rulesPage(request)
        default: break
        }
        let parts = path.split(separator: "/")
        if parts.count == 2, parts[0] == "unread-feed" {
            return await unreadFeedMove(request, move: String(parts[1]))
        }
        if parts.count == 3, parts[0] == "article", let id = Int64(parts[1]), id > 0 {
            return await articleMove(request, id: ArticleID(id), move: String(parts[2]))
        }
        let router = Router()
        let link = "herald://" + path.dropFirst() + (request.uri.query.map { "?" + $0 } ?? "")
        do {
            try await router.open(link)
        } catch {
            return await errorPage(.notFound, "No such page", error.message, request)
        }
        var stack = await router.stack
        // An article opened from a list sits on that list, as when it is opened from the list's page.
        if case let .articleDetail(id, filter) = stack.top, filter != ArticleFilter() {
            let fromList = Router()
            await fromList.openArticleList(filter)
            await fromList.openArticle(id, within: filter)
            stack = await fromList.stack
        }
        // Help is a modal over the feeds: it is the last crumb of the trail.
        return await page(for: stack.top, trail: stack.routes + (stack.modal.map { [$0] } ?? []), request: request)
    }

    /// The request's query parameters, decoded.
    static func query(_ request: Request) -> FormData {
        FormData(urlEncoded: Substring(request.uri.query ?? ""))
    }

    /// Renders a route's screen.
    func page(for route: Route, trail: [Route], request: Request) async -> Response {
        if case .search = route { return await searchPage(request, trail: trail) }
        let screen = WebScreen()
        let after = Self.query(request)["after"].map(WebCursor.decode)
        if let after, after == nil {
            return await errorPage(.badRequest, "Bad page link", "This page link is damaged; start again from the newest articles.",
                                   request)
        }
        let module = herald.module(for: route, display: screen, pageSize: pageSize, startingAfter: after ?? nil,
                                   format: .html)
        await module.appear()
        let context = await pageContext(request, trail: trail)
        switch (module, screen.viewModel) {
        case let (.feeds, .feeds(viewModel)):
            return Self.html(FeedsPage.render(viewModel, context: context))
        case let (.articleList(list), .articleList(viewModel)):
            let next = await list.cursor
            return Self.html(ArticleListPage.render(viewModel, filter: await list.filter, next: next,
                                                    isContinuation: after != nil, context: context))
        case let (.articleDetail(detail), .articleDetail(viewModel)):
            var shown = viewModel
            // `text=full` shows the kept full text, `text=feed` the feed's (the page's own choice
            // otherwise); fetching a page that has none is a POST (`/article/ID/full-text`).
            if case .loaded(let content) = viewModel {
                let asked = Self.query(request)["text"]
                if (asked == "full" && !content.showsFullText && content.hasFullText)
                    || (asked == "feed" && content.showsFullText) {
                    await detail.fullTextToggled()
                    if case .articleDetail(let toggled) = screen.viewModel { shown = toggled }
                }
            }
            return Self.html(ArticlePage.render(shown, id: await detail.articleID, filter: await detail.filter,
                                                context: context))
        case (.help, _):
            return Self.html(HelpPage.render(context: context))
        default:
            return await errorPage(.internalServerError, "Nothing to show", "This screen did not load; reload the page.",
                                   request)
        }
    }

    /// `/search?q=…&in=…&page=N`: the search module runs the query among the articles of the list
    /// `in` names (a feed's, a tag's…; all without it), then loads pages 2…N.
    func searchPage(_ request: Request, trail: [Route]) async -> Response {
        let parameters = Self.query(request)
        // The form's own decoding (`+` is a space), which the deep link's route does not do.
        let query = parameters["q"] ?? ""
        let page = min(max(Int(parameters["page"] ?? "1") ?? 1, 1), Self.maxSearchPage)
        guard let within = Self.searchScope(parameters["in"]) else {
            return await errorPage(.badRequest, "Bad link", "This search link names no list to search in.", request)
        }
        let screen = WebScreen()
        let module = herald.module(for: .search(query, within: within), display: screen, pageSize: 20)
        await module.appear()
        if case .search(let search, _) = module, page > 1 {
            for _ in 1..<page { await search.nextPageRequested() }
        }
        let context = await pageContext(request, trail: trail.dropLast() + [.search(query, within: within)])
        guard case .search(let viewModel) = screen.viewModel else {
            return Self.html(SearchPage.render(.empty("Type words to search every article."), query: query, within: within,
                                               page: page, context: context))
        }
        return Self.html(SearchPage.render(viewModel, query: query, within: within, page: page, context: context))
    }

    /// The articles a search's `in` parameter names (a list's path, as ``DeepLink`` writes it):
    /// all without one, nil when it names no list.
    static func searchScope(_ parameter: String?) -> ArticleFilter? {
        guard let parameter, !parameter.isEmpty else { return ArticleFilter() }
        guard case .articleList(let filter)? = try? DeepLink.route(from: "herald://" + parameter) else { return nil }
        return filter
    }

    /// `/article/ID/next`, `/previous`, `/next-unread`: the article module's intents, then a
    /// redirect to where it went (the same article, with the Container's notice, when it could not move).
    func articleMove(_ request: Request, id: ArticleID, move: String) async -> Response {
        var filter = ArticleFilter()
        if let within = Self.query(request)["in"] {
            guard case .articleList(let listFilter)? = try? DeepLink.route(from: "herald://" + within)
            else { return await errorPage(.badRequest, "Bad link", "This article link names no list.", request) }
            filter = listFilter
        }
        let screen = WebScreen()
        let module = herald.module(for: .articleDetail(id, within: filter), display: screen, format: .text)
        guard case .articleDetail(let detail) = module else { return Self.seeOther("/") }
        await module.appear()
        switch move {
        case "next": await detail.nextArticleRequested()
        case "previous": await detail.previousArticleRequested()
        case "next-unread": await detail.nextUnreadRequested()
        default: return await errorPage(.notFound, "No such page", "Articles have next, previous and next-unread.", request)
        }
        return Self.seeOther(webPath(.articleDetail(await detail.articleID, within: await detail.filter)))
    }

    /// `/unread-feed/next` and `/unread-feed/previous`, from the list named by `from=` (the feeds
    /// screen's first row without it): the shared ``FeedsCursor`` on that list's row moves to the
    /// next (previous) feed with unread articles, and the browser is sent to that feed's articles.
    /// With none that way, the Container's notice says so and the browser goes back where it was.
    func unreadFeedMove(_ request: Request, move: String) async -> Response {
        let direction: UnreadDirection
        switch move {
        case "next": direction = .next
        case "previous": direction = .previous
        default: return await errorPage(.notFound, "No such page", "Unread feeds have next and previous.", request)
        }
        var origin = ArticleFilter()
        var back = "/"
        if let from = Self.query(request)["from"] {
            guard case .articleList(let filter)? = try? DeepLink.route(from: "herald://" + from) else {
                return await errorPage(.badRequest, "Bad link", "This link names no list of articles.", request)
            }
            origin = filter
            back = webPath(.articleList(filter))
        }
        let screen = WebScreen()
        await herald.feedsScreen(display: screen).viewAppeared()
        guard case .feeds(.loaded(let content)) = screen.viewModel else { return Self.seeOther(back) }
        let entries = FeedsCursor.entries(of: content)
        var cursor = FeedsCursor(on: FeedsItem(opening: origin), in: entries)
        guard cursor.moveToUnreadFeed(direction, in: entries), let list = cursor.item?.filter else {
            await herald.container.showNotice(NoticeText.message(for: .noUnreadLeft))
            return Self.seeOther(back)
        }
        return Self.seeOther(webPath(.articleList(list)))
    }

    /// `/export.opml`: the feeds module's export, as a download.
    func exportOPML(_ request: Request) async -> Response {
        let screen = WebScreen()
        let feeds = herald.feedsScreen(display: screen)
        await feeds.subscriptionsExportRequested()
        guard let opml = await feeds.exportedOPML else {
            return await errorPage(.internalServerError, "Export failed",
                                   (await herald.container.state).currentError?.message ?? "The export failed; try again.",
                                   request)
        }
        return Response(status: .ok,
                        headers: [.contentType: "text/x-opml; charset=utf-8",
                                  .contentDisposition: "attachment; filename=\"herald.opml\""],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: opml)))
    }

    /// `/confirm?action=…`: the Router's alert for the action, as a page.
    func confirmPage(_ request: Request) async -> Response {
        let form = Self.query(request)
        guard let (confirmation, origin) = await confirmation(from: form) else {
            return await errorPage(.badRequest, "Nothing to confirm", "This confirmation link is incomplete.", request)
        }
        let router = Router()
        if origin != .feeds { await router.show(origin, as: .push) }
        await router.ask(confirmation)
        guard let alert = await router.stack.alert else { return Self.seeOther(webPath(origin)) }
        let context = await pageContext(request, trail: await router.stack.routes)
        return Self.html(ConfirmPage.render(alert, fields: form.fields.filter { $0.name != "csrf" }.map { ($0.name, $0.value) },
                                            cancel: webPath(origin), context: context))
    }

    /// The confirmation a form names, and the screen it was asked from (where the user returns).
    func confirmation(from form: FormData) async -> (Confirmation, Route)? {
        switch form["action"] {
        case "mark-all-read":
            guard let list = form["list"], case .articleList(let filter)? = try? DeepLink.route(from: "herald://" + list) else {
                return nil
            }
            return (.confirmMarkAllRead(filter, listTitle: await herald.listTitle(of: filter) ?? Layout.label(for: .articleList(filter))),
                    .articleList(filter))
        case "remove-feed":
            guard let raw = form["feed"], let id = Int64(raw), let feeds = try? await herald.feeds(),
                  let feed = feeds.first(where: { $0.id == FeedID(id) }) else { return nil }
            return (.confirmRemoveFeed(feed.id, title: feed.displayTitle), .feeds)
        default:
            return nil
        }
    }
}
