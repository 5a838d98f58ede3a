import Herald

/// One article: its heading, actions (star, mark unread, previous/next, next unread, the original),
/// the body as sanitised HTML (or the rendered text blocks when the body is plain text), its
/// numbered links and enclosures.
enum ArticlePage {
    static func render(_ viewModel: ArticleDetailViewModel, id: ArticleID, filter: ArticleFilter,
                       context: PageContext) -> String {
        let title = viewModel.content?.title ?? "Article"
        return Layout.page(title: title, context: context, bodyClass: "article") {
            switch viewModel {
            case .loading:
                StateViews.loading()
            case .empty(let message):
                StateViews.empty(message)
            case .failed(let message, _):
                element("h1") { "Article" }
                StateViews.failed(message, context: context)
            case .loaded(let content):
                loaded(content, filter: filter, context: context)
            }
        }
    }

    @NodeBuilder
    private static func loaded(_ content: ArticleDetailContent, filter: ArticleFilter, context: PageContext) -> [Node] {
        let base = "/article/\(content.id.rawValue)"
        let detailPath = webPath(.articleDetail(content.id, within: filter))
        let within = detailPath.firstIndex(of: "?").map { String(detailPath[$0...]) } ?? ""
        element("article") {
            element("header") {
                element("h1") {
                    if let url = content.url {
                        element("a", Attribute("href", url), Attribute("rel", "noopener noreferrer"),
                                Attribute("data-key", "o")) { content.title }
                    } else {
                        content.title
                    }
                }
                element("p", Attribute("class", "meta")) {
                    content.feedTitle
                    if let byline = content.byline { " · " + byline }
                    " · "
                    element("time") { content.date }
                    if let tags = content.tags { " · " + tags }
                }
                element("div", Attribute("class", "toolbar")) {
                    ArticleListPage.starButton(id: content.id, isStarred: content.isStarred, context: context)
                    context.postButton(content.isRead ? "Mark unread" : "Mark read", action: base + "/read",
                                       fields: [("read", content.isRead ? "0" : "1")], title: "Toggle read (N)",
                                       shortcut: "N")
                    if content.hasNewer {
                        element("a", Attribute("href", base + "/previous" + within), Attribute("rel", "prev"),
                                Attribute("data-key", "p")) { "← Newer" }
                    }
                    if content.hasOlder {
                        element("a", Attribute("href", base + "/next" + within), Attribute("rel", "next"),
                                Attribute("data-key", "n")) { "Older →" }
                    }
                    element("a", Attribute("href", base + "/next-unread" + within), Attribute("data-key", "u")) {
                        "Next unread"
                    }
                    fullTextSwitch(content, detailPath: detailPath, context: context)
                    if content.isHidden {
                        context.postButton("Show again", action: base + "/hide", fields: [("hidden", "0")],
                                           title: "A rule hid this article; show it in every list again")
                    }
                }
            }
            element("div", Attribute("class", "body")) {
                if let html = content.bodyHTML {
                    Node.trusted(html)
                } else {
                    blocks(content.body)
                }
            }
            if !content.links.isEmpty {
                element("section", Attribute("class", "links")) {
                    element("h2") { "Links" }
                    element("ol") { for link in content.links { element("li") { link } } }
                }
            }
            if !content.enclosures.isEmpty {
                element("section", Attribute("class", "enclosures")) {
                    element("h2") { "Enclosures" }
                    element("ul") { for enclosure in content.enclosures { element("li") { enclosure } } }
                    if !content.episode.isEmpty {
                        element("ul", Attribute("class", "episode")) { for line in content.episode { element("li") { line } } }
                    }
                    if content.canQueueDownloads {
                        context.postButton("Download", action: "/article/\(content.id.rawValue)/download",
                                           fields: [("return", detailPath)],
                                           title: "Queue the enclosures for herald download (e)", shortcut: "e")
                    }
                }
            }
        }
    }

    /// "Full text" (the page's article: kept, else fetched and kept by a POST) or "Feed's text".
    @NodeBuilder
    private static func fullTextSwitch(_ content: ArticleDetailContent, detailPath: String, context: PageContext) -> [Node] {
        let joiner = detailPath.contains("?") ? "&" : "?"
        if content.showsFullText {
            element("a", Attribute("href", detailPath + joiner + "text=feed"), Attribute("data-key", "f"),
                    Attribute("title", "Show the feed's text (f)")) { "Feed's text" }
        } else if content.hasFullText {
            element("a", Attribute("href", detailPath + joiner + "text=full"), Attribute("data-key", "f"),
                    Attribute("title", "Show the full article kept from its page (f)")) { "Full text" }
        } else if content.url != nil {
            context.postButton("Full text", action: "/article/\(content.id.rawValue)/full-text",
                               fields: [("then", detailPath + joiner + "text=full")],
                               title: "Fetch the full article from its page and keep it (f)", shortcut: "f")
        }
    }

    /// The text blocks of a plain-text body (and of HTML bodies when no sanitiser is wired).
    @NodeBuilder
    static func blocks(_ blocks: [TextBlock]) -> [Node] {
        for block in blocks {
            switch block.kind {
            case .paragraph: element("p") { block.text }
            case .heading(let level): element("h\(min(max(level + 1, 2), 6))") { block.text }
            case .listItem(let marker, let depth):
                element("p", Attribute("class", "item depth-\(min(depth, 6))")) { marker + " " + block.text }
            case .quote: element("blockquote") { element("p") { block.text } }
            case .preformatted: element("pre") { block.text }
            case .tableRow: element("p", Attribute("class", "table-row")) { block.text }
            case .rule: Node.void("hr")
            }
        }
    }
}
