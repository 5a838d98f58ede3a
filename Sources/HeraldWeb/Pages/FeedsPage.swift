import Herald

/// The feeds screen: groups of feeds with unread counts, failing feeds flagged with their error and
/// next retry, saved searches, and the subscribe / import / export forms.
enum FeedsPage {
    static func render(_ viewModel: FeedsViewModel, context: PageContext) -> String {
        Layout.page(title: "Feeds", context: context, bodyClass: "feeds") {
            element("h1") { "Feeds" }
            switch viewModel {
            case .loading:
                StateViews.loading()
            case .empty(let message):
                StateViews.empty(message)
            case .failed(let message, _):
                StateViews.failed(message, context: context)
            case .loaded(let content):
                loaded(content, context: context)
            }
            subscribeForms(context)
        }
    }

    @NodeBuilder
    private static func loaded(_ content: FeedsContent, context: PageContext) -> [Node] {
        element("p", Attribute("class", "summary")) { content.summary }
        if content.groups.contains(where: { $0.rows.contains { $0.unreadCount > 0 } }) {
            element("p", Attribute("class", "toolbar")) {
                element("a", Attribute("href", "/unread-feed/next"), Attribute("data-key", "n")) { "First unread feed ›" }
            }
        }
        for group in content.groups {
            element("section", Attribute("class", "group")) {
                element("h2") {
                    if let tag = group.tag {
                        element("a", Attribute("href", webPath(.articleList(ArticleFilter(scope: .tag(tag)))))) { group.title }
                    } else {
                        group.title
                    }
                    if !group.unreadLabel.isEmpty { element("span", Attribute("class", "count")) { group.unreadLabel } }
                }
                element("ul", Attribute("class", "rows")) {
                    for row in group.rows { feedRow(row, context: context) }
                }
            }
        }
        if !content.savedSearches.isEmpty {
            element("section", Attribute("class", "group")) {
                element("h2") { "Saved searches" }
                element("ul", Attribute("class", "rows")) {
                    for search in content.savedSearches {
                        element("li", Attribute("class", search.unreadCount > 0 ? "row unread" : "row")) {
                            element("a", Attribute("href", webPath(.articleList(ArticleFilter(scope: .savedSearch(search.id))))),
                                    Attribute("class", "row-link")) { search.name }
                            element("span", Attribute("class", "meta")) { search.query }
                            if !search.unreadLabel.isEmpty { element("span", Attribute("class", "count")) { search.unreadLabel } }
                        }
                    }
                }
            }
        }
        if let hidden = content.hidden {
            element("section", Attribute("class", "group")) {
                element("ul", Attribute("class", "rows")) {
                    element("li", Attribute("class", "row")) {
                        element("a", Attribute("href", webPath(.articleList(ArticleFilter(scope: .hidden)))),
                                Attribute("class", "row-link")) { hidden.title }
                        element("span", Attribute("class", "count")) { hidden.countLabel }
                    }
                }
            }
        }
    }

    private static func feedRow(_ row: FeedRowViewModel, context: PageContext) -> Node {
        var classes = row.unreadCount > 0 ? "row unread" : "row"
        switch row.health {
        case .healthy: break
        case .failing: classes += " failing"
        case .gone: classes += " gone"
        }
        let list = ArticleFilter(scope: .feed(row.id))
        return element("li", Attribute("class", classes)) {
            element("a", Attribute("href", webPath(.articleList(list))), Attribute("class", "row-link")) { row.title }
            if !row.unreadLabel.isEmpty { element("span", Attribute("class", "count")) { row.unreadLabel } }
            switch row.health {
            case .healthy:
                [Node]()
            case let .failing(error, retry):
                element("span", Attribute("class", "health"), Attribute("title", error)) { "⚠ " + error + " · " + retry }
            case .gone(let message):
                element("span", Attribute("class", "health")) { "✕ " + message }
            }
            element("span", Attribute("class", "actions")) {
                if row.unreadCount > 0 {
                    element("a", Attribute("href", ConfirmPage.markAllReadPath(list))) { "Mark read" }
                }
                context.postButton(row.fetchesFullText ? "Full text: on" : "Full text: off",
                                   action: "/feed/\(row.id.rawValue)/full-text",
                                   fields: [("on", row.fetchesFullText ? "0" : "1")],
                                   title: row.fetchesFullText
                                       ? "Refreshes keep each new article's page; click to stop"
                                       : "Keep each new article's page at refresh, for offline reading and search",
                                   className: "full-text")
                element("a", Attribute("href", ConfirmPage.removePath(row.id))) { "Remove" }
            }
        }
    }

    private static func subscribeForms(_ context: PageContext) -> Node {
        element("section", Attribute("class", "subscribe")) {
            element("h2") { "Subscribe" }
            element("form", Attribute("method", "post"), Attribute("action", "/subscribe")) {
                context.csrfField
                element("label") {
                    "Feed or page URL "
                    Node.void("input", [Attribute("type", "url"), Attribute("name", "url"), Attribute("required", nil),
                                        Attribute("placeholder", "https://example.com/feed.xml")])
                }
                element("label") {
                    "Tags "
                    Node.void("input", [Attribute("type", "text"), Attribute("name", "tags"), Attribute("placeholder", "news, swift")])
                }
                element("label") {
                    Node.void("input", [Attribute("type", "checkbox"), Attribute("name", "fulltext"), Attribute("value", "1")])
                    " Keep full articles (for summary-only feeds)"
                }
                element("button", Attribute("type", "submit")) { "Subscribe" }
            }
            element("form", Attribute("method", "post"), Attribute("action", "/import"),
                    Attribute("enctype", "multipart/form-data")) {
                context.csrfField
                element("label") {
                    "OPML or urls file "
                    Node.void("input", [Attribute("type", "file"), Attribute("name", "file"), Attribute("required", nil)])
                }
                element("button", Attribute("type", "submit")) { "Import" }
            }
            element("p") {
                element("a", Attribute("href", "/export.opml"), Attribute("download", "herald.opml")) { "Export OPML" }
            }
        }
    }
}
