import Herald

/// The frame of every page: head, navigation, the Container's bar (progress, error, notices), the
/// page's content, the key hint. No inline script or style: the Content-Security-Policy forbids them.
enum Layout {
    static func page(title: String, context: PageContext, bodyClass: String,
                     @NodeBuilder content: () -> [Node]) -> String {
        let main = content()
        let root = element("html", Attribute("lang", "en")) {
            element("head") {
                Node.void("meta", [Attribute("charset", "utf-8")])
                Node.void("meta", [Attribute("name", "viewport"), Attribute("content", "width=device-width, initial-scale=1")])
                Node.void("meta", [Attribute("name", "referrer"), Attribute("content", "no-referrer")])
                element("title") { title.isEmpty ? "Herald" : title + " · Herald" }
                Node.void("link", [Attribute("rel", "stylesheet"), Attribute("href", StaticAssets.stylesheetPath)])
                Node.void("link", [Attribute("rel", "icon"), Attribute("href", StaticAssets.iconPath), Attribute("type", "image/svg+xml")])
                element("script", Attribute("src", StaticAssets.scriptPath), Attribute("defer", nil))
            }
            element("body", Attribute("class", bodyClass), Attribute("data-csrf", context.csrfToken)) {
                navigation(context)
                containerBar(context)
                element("main", Attribute("id", "main")) { main }
                element("footer") {
                    element("a", Attribute("href", "/help"), Attribute("data-key", "?")) { "Keys" }
                    " · "
                    element("a", Attribute("href", "/rules")) { "Rules" }
                    " · Herald"
                }
            }
        }
        return HTMLWriter.document(root)
    }

    private static func navigation(_ context: PageContext) -> Node {
        let links: [(String, String, String)] = [("/", "Feeds", "feeds"), ("/unread", "Unread", "unread"),
                                                 ("/starred", "Starred", "starred"), ("/all", "All", "all")]
        let current = context.currentPath.split(separator: "?").first.map(String.init) ?? "/"
        return element("header") {
            element("nav", Attribute("aria-label", "Main")) {
                for (href, label, _) in links {
                    element("a", attributes: href == current
                            ? [Attribute("href", href), Attribute("aria-current", "page")] : [Attribute("href", href)]) { label }
                }
                element("form", Attribute("method", "get"), Attribute("action", "/search"), Attribute("role", "search")) {
                    Node.void("input", [Attribute("type", "search"), Attribute("name", "q"), Attribute("id", "search-box"),
                                        Attribute("placeholder", "Search (/)"), Attribute("aria-label", "Search")])
                }
                context.postButton("Refresh", action: "/refresh", title: "Refresh all feeds (R)", shortcut: "R")
            }
            if context.trail.count > 1 {
                element("nav", Attribute("class", "trail"), Attribute("aria-label", "Breadcrumb")) {
                    for (index, route) in context.trail.dropLast().enumerated() {
                        if index > 0 { " › " }
                        element("a", Attribute("href", webPath(route))) { label(for: route) }
                    }
                }
            }
        }
    }

    /// The Container's bar: what is running (with a progress bar), the current error with Retry and
    /// Dismiss, then the notices. The script replaces it live from `/events`.
    static func containerBar(_ context: PageContext) -> Node {
        element("section", Attribute("id", "activity"), Attribute("aria-live", "polite")) {
            activity(context.container.activity)
            if let error = context.container.currentError {
                element("div", Attribute("class", "error"), Attribute("role", "alert")) {
                    element("span") { error.message }
                    if error.canRetry { context.postButton("Retry", action: "/container/retry") }
                    context.postButton("Dismiss", action: "/container/dismiss")
                }
            }
            for notice in context.container.notices {
                element("div", Attribute("class", "notice")) { notice.message }
            }
        }
    }

    static func activity(_ activity: Activity) -> Node {
        switch activity {
        case .idle:
            return element("div", Attribute("class", "progress"), Attribute("hidden", nil))
        case .loading:
            return element("div", Attribute("class", "progress")) { "Loading…" }
        case let .progress(done, total, label):
            return element("div", Attribute("class", "progress")) {
                element("label") { label }
                element("progress", Attribute("max", String(max(total, 1))), Attribute("value", String(done))) {
                    "\(done) of \(total)"
                }
                "\(done)/\(total)"
            }
        }
    }

    /// What a breadcrumb says for a route.
    static func label(for route: Route) -> String {
        switch route {
        case .feeds: "Feeds"
        case .help: "Keys"
        case .search(let query, _): query.isEmpty ? "Search" : "Search “\(query)”"
        case .articleDetail: "Article"
        case .articleList(let filter):
            switch filter.scope {
            case .all: filter.unreadOnly ? "Unread" : filter.starredOnly ? "Starred" : "All articles"
            case .feed: "Feed"
            case .tag(let tag): "#" + tag
            case .savedSearch: "Saved search"
            case .hidden: "Hidden"
            }
        }
    }
}
