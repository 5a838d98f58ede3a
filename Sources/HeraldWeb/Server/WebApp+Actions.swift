#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Herald
import HTTPTypes
import Hummingbird

/// POST: state changes. Each carries the CSRF token, becomes a module intent (or a Container
/// command), and answers 303 back to the page it came from, where the Container's notice or error shows.
extension WebApp {
    func post(_ request: Request, path: String) async -> Response {
        if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" {
            return await errorPage(.forbidden, "Refused", "A page on another site tried to change your Herald.", request)
        }
        let form: FormData
        switch await readForm(request) {
        case .success(let read): form = read
        case .failure(let failure): return await errorPage(failure.status, failure.title, failure.message, request)
        }
        guard security.isValidCSRF(form["csrf"]) else {
            return await errorPage(.forbidden, "Form expired",
                                   "This form is from an earlier session of the server; reload the page and try again.",
                                   request)
        }
        let back = form["return"]
        let parts = path.split(separator: "/")
        if parts.count == 3, parts[0] == "article", let id = Int64(parts[1]), id > 0 {
            return await articleAction(String(parts[2]), id: ArticleID(id), form: form, request: request)
        }
        // `/feed/ID/full-text` (`on=1|0`): the feeds module's full-text switch.
        if parts.count == 3, parts[0] == "feed", parts[2] == "full-text", let id = Int64(parts[1]), id > 0 {
            guard let on = form["on"], on == "0" || on == "1" else {
                return await errorPage(.badRequest, "Bad action", "Full text is turned on (on=1) or off (on=0).", request)
            }
            await herald.feedsScreen(display: WebScreen()).feedFullTextSet(FeedID(id), isOn: on == "1")
            return Self.seeOther(back ?? "/")
        }
        switch path {
        case "/refresh":
            await refreshes.start()
            return Self.seeOther(back)
        case "/refresh/cancel":
            await herald.cancelRefreshes()
            return Self.seeOther(back)
        case "/container/retry":
            await herald.container.retryCurrentError()
            return Self.seeOther(back)
        case "/container/dismiss":
            await herald.container.dismissError()
            return Self.seeOther(back)
        case "/subscribe":
            guard let url = form["url"]?.trimmingSpaces, !url.isEmpty else {
                return await errorPage(.badRequest, "No address", "Type the address of a feed or of a site.", request)
            }
            let tags = (form["tags"] ?? "").split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            let feeds = herald.feedsScreen(display: WebScreen())
            await feeds.feedAdded(url: url, title: nil, tags: tags, fullText: form["fulltext"] == "1")
            return Self.seeOther("/")
        case "/import":
            guard let file = form.files["file"], !file.isEmpty else {
                return await errorPage(.badRequest, "No file", "Choose an OPML or newsboat urls file to import.", request)
            }
            let feeds = herald.feedsScreen(display: WebScreen())
            await feeds.subscriptionsImported(Data(file))
            return Self.seeOther("/")
        case "/confirm":
            return await confirmed(form, request: request)
        case "/search/save":
            return await saveSearch(form, request: request)
        case "/rules/add":
            return await addRule(form, request: request)
        case "/rules/remove":
            return await removeRule(form, request: request)
        default:
            return await errorPage(.notFound, "No such action", "Herald has no action at \(path).", request)
        }
    }

    /// `/article/ID/star` (`starred=1|0`), `/article/ID/read` (`read=1|0`) and `/article/ID/hide`
    /// (`hidden=1|0`): the list module's intents for articles named by identifier.
    private func articleAction(_ action: String, id: ArticleID, form: FormData, request: Request) async -> Response {
        if action == "full-text" { return await fullText(id, form: form) }
        if action == "download" { return await queueDownloads(id, form: form) }
        let list = herald.articleListScreen(ArticleFilter(), pageSize: 1, display: WebScreen())
        switch (action, form["starred"], form["read"]) {
        case ("star", let value?, _) where value == "0" || value == "1":
            await list.starSet(value == "1", for: [id])
        case ("read", _, let value?) where value == "0" || value == "1":
            await list.readSet(value == "1", for: [id])
        case ("hide", _, _) where form["hidden"] == "0" || form["hidden"] == "1":
            await list.hiddenSet(form["hidden"] == "1", for: [id])
        default:
            return await errorPage(.badRequest, "Bad action",
                                   "Articles can be starred (starred=1|0), read (read=1|0) or hidden (hidden=1|0).", request)
        }
        return Self.seeOther(form["return"])
    }

    /// `/article/ID/full-text`: the article module's full-text switch, which fetches the page behind
    /// the link and keeps its article when none is kept; then back to the article showing it (`then`),
    /// where the Container says why when the page could not be had.
    private func fullText(_ id: ArticleID, form: FormData) async -> Response {
        let screen = WebScreen()
        let module = herald.module(for: .articleDetail(id, within: ArticleFilter()), display: screen, format: .text)
        guard case .articleDetail(let detail) = module else { return Self.seeOther("/") }
        await module.appear()
        if case .articleDetail(.loaded(let content)) = screen.viewModel, !content.showsFullText {
            await detail.fullTextToggled()
        }
        return Self.seeOther(form["then"] ?? form["return"])
    }

    /// `/article/ID/download`: the article module queues its enclosures for `herald download`; back
    /// to the article, whose enclosures then say "queued" (or the Container says why not).
    private func queueDownloads(_ id: ArticleID, form: FormData) async -> Response {
        let module = herald.module(for: .articleDetail(id, within: ArticleFilter()), display: WebScreen(), format: .text)
        guard case .articleDetail(let detail) = module else { return Self.seeOther("/") }
        await module.appear()
        await detail.downloadQueued()
        return Self.seeOther(form["return"])
    }

    /// `/search/save` (`q`, `name`): the search module runs the query and saves it; the browser goes to
    /// the saved search's list (or back to the results, where the Container says why it failed).
    private func saveSearch(_ form: FormData, request: Request) async -> Response {
        guard let query = form["q"]?.trimmingSpaces, !query.isEmpty else {
            return await errorPage(.badRequest, "No query", "Search for something first, then save it.", request)
        }
        guard let within = Self.searchScope(form["in"]) else {
            return await errorPage(.badRequest, "Bad form", "This search names no list to search in.", request)
        }
        let screen = WebScreen()
        let module = herald.module(for: .search(query, within: within), display: screen)
        guard case .search(let search, _) = module else { return Self.seeOther("/") }
        await module.appear()
        await search.querySaved(name: form["name"] ?? "")
        guard let saved = await search.savedSearch else { return Self.seeOther(webPath(.search(query, within: within))) }
        return Self.seeOther(webPath(.articleList(ArticleFilter(scope: .savedSearch(saved.id)))))
    }

    /// The confirmed action: the Router answers the alert with its confirmation, and the module of
    /// the screen it was asked from performs it.
    private func confirmed(_ form: FormData, request: Request) async -> Response {
        guard let (confirmation, origin) = await confirmation(from: form) else {
            return await errorPage(.badRequest, "Nothing to confirm", "This confirmation is incomplete.", request)
        }
        let router = Router()
        if origin != .feeds { await router.show(origin, as: .push) }
        await router.ask(confirmation)
        guard let confirmed = await router.answer(confirmed: true) else { return Self.seeOther(webPath(origin)) }
        let screen = WebScreen()
        let module = herald.module(for: origin, display: screen)
        await module.appear()
        await module.perform(confirmed)
        return Self.seeOther(webPath(origin))
    }

    /// Why a request body was refused.
    struct BodyFailure: Error {
        var status: HTTPResponse.Status
        var title: String
        var message: String
    }

    /// The POST body as form fields: URL-encoded (up to 64 KB) or multipart (up to 8 MB).
    private func readForm(_ request: Request) async -> Result<FormData, BodyFailure> {
        let type = request.headers[.contentType] ?? ""
        let boundary = FormData.boundary(ofContentType: type)
        let limit = boundary == nil ? Self.maxFormBytes : Self.maxUploadBytes
        let body = request.body
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: limit)
        } catch {
            return .failure(BodyFailure(status: .contentTooLarge, title: "Too large",
                                        message: "Forms are limited to \(limit / 1024) KB; upload a smaller file."))
        }
        let bytes = Array(buffer.readableBytesView)
        if let boundary {
            guard let form = FormData(multipart: bytes, boundary: boundary) else {
                return .failure(BodyFailure(status: .badRequest, title: "Bad upload", message: "The upload could not be read; try again."))
            }
            return .success(form)
        }
        return .success(FormData(urlEncoded: Substring(String(decoding: bytes, as: UTF8.self))))
    }
}

extension String {
    /// Without leading and trailing spaces and line breaks.
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
