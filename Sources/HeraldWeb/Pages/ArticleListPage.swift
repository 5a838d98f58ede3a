import Herald

/// An article list: rows newest first, star buttons, "unread only", mark all read (through the
/// Router's confirmation), and keyset paging links ("Older" continues after the last row).
enum ArticleListPage {
    static func render(_ viewModel: ArticleListViewModel, filter: ArticleFilter, next: PageCursor?,
                       isContinuation: Bool, context: PageContext) -> String {
        let title = viewModel.content?.title ?? Layout.label(for: .articleList(filter))
        return Layout.page(title: title, context: context, bodyClass: "list") {
            element("h1") { title }
            switch viewModel {
            case .loading:
                StateViews.loading()
            case .empty(let message):
                toolbar(filter, hasUnread: false, context: context)
                searchForm(filter)
                StateViews.empty(message)
            case .failed(let message, _):
                StateViews.failed(message, context: context)
            case .loaded(let content):
                if !content.subtitle.isEmpty { element("p", Attribute("class", "summary")) { content.subtitle } }
                toolbar(filter, hasUnread: !content.subtitle.isEmpty, context: context)
                searchForm(filter)
                element("ol", Attribute("class", "rows articles")) {
                    for row in content.rows { articleRow(row, filter: filter, context: context) }
                }
                pager(filter, next: next, isContinuation: isContinuation)
            }
        }
    }

    private static func toolbar(_ filter: ArticleFilter, hasUnread: Bool, context: PageContext) -> Node {
        var toggled = filter
        toggled.unreadOnly.toggle()
        return element("p", Attribute("class", "toolbar")) {
            element("a", Attribute("href", webPath(.articleList(toggled)))) {
                filter.unreadOnly ? "Show all" : "Unread only"
            }
            if hasUnread {
                element("a", Attribute("href", ConfirmPage.markAllReadPath(filter)), Attribute("data-key", "A")) {
                    "Mark all read"
                }
            }
            let from = "?from=" + DeepLink.listParameter(for: filter)
            element("a", Attribute("href", "/unread-feed/previous" + from), Attribute("data-key", "[")) {
                "‹ Previous unread feed"
            }
            element("a", Attribute("href", "/unread-feed/next" + from), Attribute("data-key", "]")) {
                "Next unread feed ›"
            }
        }
    }

    /// A search among this list's articles (a feed's, a tag's, a saved search's), as `/` in the
    /// reader's list; the lists of all, unread and starred articles have the search page itself.
    @NodeBuilder
    private static func searchForm(_ filter: ArticleFilter) -> [Node] {
        switch filter.scope {
        case .feed, .tag, .savedSearch:
            element("form", Attribute("method", "get"), Attribute("action", "/search"), Attribute("class", "search-form")) {
                Node.void("input", [Attribute("type", "search"), Attribute("name", "q"),
                                    Attribute("aria-label", "Search this list")])
                Node.void("input", [Attribute("type", "hidden"), Attribute("name", "in"),
                                    Attribute("value", DeepLink.path(for: .articleList(ArticleFilter(scope: filter.scope))))])
                element("button", Attribute("type", "submit")) { "Search here" }
            }
        case .all, .hidden:
            []
        }
    }

    static func articleRow(_ row: ArticleRowViewModel, filter: ArticleFilter, context: PageContext) -> Node {
        let href = webPath(.articleDetail(row.id, within: filter))
        return element("li", Attribute("class", row.isRead ? "row" : "row unread"), Attribute("data-href", href)) {
            element("a", Attribute("href", href), Attribute("class", "row-link")) { row.title }
            element("span", Attribute("class", "meta")) {
                row.feedTitle
                if let author = row.author { " · " + author }
                " · "
                element("time") { row.date }
            }
            starButton(id: row.id, isStarred: row.isStarred, context: context)
        }
    }

    /// The star toggle of a row or an article: a POST that sets the new state.
    static func starButton(id: ArticleID, isStarred: Bool, context: PageContext) -> Node {
        context.postButton(isStarred ? "★" : "☆", action: "/article/\(id.rawValue)/star",
                           fields: [("starred", isStarred ? "0" : "1")],
                           title: isStarred ? "Unstar (s)" : "Star (s)", className: isStarred ? "star on" : "star",
                           shortcut: "s")
    }

    private static func pager(_ filter: ArticleFilter, next: PageCursor?, isContinuation: Bool) -> Node {
        let base = webPath(.articleList(filter))
        let separator = base.contains("?") ? "&" : "?"
        return element("nav", Attribute("class", "pager"), Attribute("aria-label", "Pages")) {
            if isContinuation { element("a", Attribute("href", base), Attribute("rel", "first")) { "← Newest" } }
            if let next {
                element("a", Attribute("href", base + separator + "after=" + WebCursor.encode(next)), Attribute("rel", "next")) {
                    "Older →"
                }
            }
        }
    }
}
