import Herald

/// Search: the query box, results with their matches highlighted (`<mark>`), "More results", and
/// the recent queries before a search. A search among one list's articles (`within`, the `in`
/// parameter) keeps that list in its form, its pages, its recent queries and what it saves.
enum SearchPage {
    static func render(_ viewModel: SearchViewModel, query: String, within: ArticleFilter = ArticleFilter(), page: Int,
                       context: PageContext) -> String {
        Layout.page(title: query.isEmpty ? "Search" : "Search: " + query, context: context, bodyClass: "search") {
            element("h1") { "Search" }
            element("form", Attribute("method", "get"), Attribute("action", "/search"), Attribute("class", "search-form")) {
                Node.void("input", [Attribute("type", "search"), Attribute("name", "q"), Attribute("value", query),
                                    Attribute("aria-label", "Query"), Attribute("autofocus", nil)])
                scopeField(within)
                element("button", Attribute("type", "submit")) { "Search" }
            }
            element("p", Attribute("class", "hint")) {
                "Words, \"phrases\", prefix*, title:word, AND / OR / NOT."
            }
            switch viewModel {
            case .loading:
                StateViews.loading("Searching…")
            case .empty(let message):
                StateViews.empty(message)
            case .failed(let message, _):
                element("p", Attribute("class", "state failed"), Attribute("role", "alert")) { message }
            case .loaded(let content):
                loaded(content, query: query, within: within, page: page)
                if !content.query.isEmpty { saveForm(query: query, within: within, context: context) }
            }
        }
    }

    @NodeBuilder
    private static func loaded(_ content: SearchContent, query: String, within: ArticleFilter, page: Int) -> [Node] {
        element("p", Attribute("class", "summary")) { content.summary }
        if content.query.isEmpty {
            element("ul", Attribute("class", "history")) {
                for past in content.history {
                    element("li") { element("a", Attribute("href", webPath(.search(past, within: within)))) { past } }
                }
            }
        } else {
            element("ol", Attribute("class", "rows hits")) {
                for hit in content.hits {
                    let href = webPath(.articleDetail(hit.id, within: ArticleFilter()))
                    element("li", Attribute("class", hit.isRead ? "row" : "row unread"), Attribute("data-href", href)) {
                        element("a", Attribute("href", href), Attribute("class", "row-link")) { highlighted(hit.title) }
                        element("span", Attribute("class", "meta")) {
                            hit.feedTitle + " · "
                            element("time") { hit.date }
                        }
                        element("p", Attribute("class", "snippet")) { highlighted(hit.snippet) }
                    }
                }
            }
            if content.hasMore {
                element("nav", Attribute("class", "pager")) {
                    element("a", Attribute("href", webPath(.search(query, within: within)) + "&page=\(page + 1)"),
                            Attribute("rel", "next")) {
                        "More results"
                    }
                }
            }
        }
    }

    /// "Save this search": the query becomes a saved search, listed on the feeds page with its unread count.
    private static func saveForm(query: String, within: ArticleFilter, context: PageContext) -> Node {
        element("form", Attribute("method", "post"), Attribute("action", "/search/save"), Attribute("class", "save-search")) {
            context.csrfField
            Node.void("input", [Attribute("type", "hidden"), Attribute("name", "q"), Attribute("value", query)])
            scopeField(within)
            element("label") {
                "Save as "
                Node.void("input", [Attribute("type", "text"), Attribute("name", "name"), Attribute("placeholder", query)])
            }
            element("button", Attribute("type", "submit")) { "Save search" }
        }
    }

    /// The list a search is among, as a hidden `in` field (nothing for all articles).
    @NodeBuilder
    private static func scopeField(_ within: ArticleFilter) -> [Node] {
        if within != ArticleFilter() {
            Node.void("input", [Attribute("type", "hidden"), Attribute("name", "in"),
                                Attribute("value", DeepLink.path(for: .articleList(within)))])
        }
    }

    /// Text with its matches in `<mark>`.
    @NodeBuilder
    static func highlighted(_ text: HighlightedText) -> [Node] {
        for segment in text.segments {
            if segment.isMatch {
                element("mark") { segment.text }
            } else {
                segment.text
            }
        }
    }
}
