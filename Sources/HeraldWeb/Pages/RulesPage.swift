import Herald

/// The rules page (`/rules`): the rules in force with what each catches now and a Remove button,
/// and a form to try a rule on the stored articles before adding it.
enum RulesPage {
    /// What the try form holds: the rule's fields as the user chose them.
    struct Draft {
        var action = "block"
        var tag = ""
        var target = "*"
        var query = ""
    }

    /// The choices of the try form's target: every feed, each tag, each feed.
    struct Targets {
        var tags: [String]
        var feeds: [(url: String, title: String)]
    }

    static func render(_ viewModel: RulesViewModel, draft: Draft, targets: Targets, context: PageContext) -> String {
        Layout.page(title: "Rules", context: context, bodyClass: "rules") {
            element("h1") { "Rules" }
            element("p", Attribute("class", "hint")) {
                "Rules act on articles as refreshes store them: block hides what its query matches, keep hides the rest "
                    + "of its feeds, star, read and tag mark what it matches. Hidden articles are never deleted: "
                element("a", Attribute("href", webPath(.articleList(ArticleFilter(scope: .hidden))))) { "the hidden list" }
                " shows them again."
            }
            switch viewModel {
            case .loading:
                StateViews.loading("Reading the rules…")
            case .empty(let message):
                StateViews.empty(message)
            case .failed(let message, _):
                element("p", Attribute("class", "state failed"), Attribute("role", "alert")) { message }
            case .loaded(let content):
                if content.rules.isEmpty {
                    StateViews.empty("No rules yet: try one below, then add it to " + content.configPath + ".")
                } else {
                    element("p", Attribute("class", "summary")) { "Written in " + content.configPath + " as `rule` lines." }
                    element("ol", Attribute("class", "rows rule-list")) {
                        for row in content.rules {
                            element("li", Attribute("class", "row rule")) {
                                ruleRow(row)
                                context.postButton("Remove", action: "/rules/remove", fields: fields(of: row.rule),
                                                   title: "Remove this line from the config file")
                            }
                        }
                    }
                }
                if let tried = content.tried {
                    element("section", Attribute("class", "tried"), Attribute("aria-label", "The rule tried")) {
                        element("h2") { "Tried" }
                        ruleRow(tried)
                        context.postButton("Add this rule", action: "/rules/add", fields: fields(of: tried.rule),
                                           className: "primary")
                    }
                }
            }
            tryForm(draft, targets: targets)
        }
    }

    @NodeBuilder
    private static func ruleRow(_ row: RuleRowViewModel) -> [Node] {
        element("code", Attribute("class", "rule-line")) { row.line }
        if !row.origin.isEmpty { element("span", Attribute("class", "meta")) { " " + row.origin } }
        element("p", Attribute("class", "snippet")) { row.summary }
        if !row.newest.isEmpty {
            element("ul", Attribute("class", "matches")) {
                for match in row.newest {
                    element("li") {
                        element("a", Attribute("href", webPath(.articleDetail(match.id, within: ArticleFilter())))) { match.title }
                        element("span", Attribute("class", "meta")) { " — " + match.feedTitle }
                    }
                }
            }
        }
    }

    /// The fields that name a rule in a form (the same as the try form's).
    static func fields(of rule: ArticleRule) -> [(String, String)] {
        var action = rule.action.word
        var tag = ""
        if case .tag(let name) = rule.action {
            action = "tag"
            tag = name
        }
        let target: String
        switch rule.target {
        case .everyFeed: target = "*"
        case .tag(let name): target = "tag:" + name
        case .feed(let name): target = "feed:" + name
        }
        return [("action", action), ("tag", tag), ("target", target), ("query", rule.query)]
    }

    /// The rule a form names (``fields(of:)``), or `nil` when it names none.
    static func rule(from form: FormData) -> ArticleRule? {
        guard let query = form["query"]?.trimmingSpaces, !query.isEmpty else { return nil }
        let actionWord = form["action"] ?? "block"
        guard let action = ArticleRule.Action(word: actionWord == "tag" ? "tag:" + (form["tag"] ?? "").trimmingSpaces : actionWord)
        else { return nil }
        let targetWord = form["target"] ?? "*"
        let target: ArticleRule.Target
        if targetWord.hasPrefix("feed:") {
            let name = String(targetWord.dropFirst(5))
            guard !name.isEmpty else { return nil }
            target = .feed(name)
        } else {
            guard let named = ArticleRule.Target(word: targetWord), !isFeed(named) else { return nil }
            target = named
        }
        return ArticleRule(action: action, target: target, query: query)
    }

    private static func isFeed(_ target: ArticleRule.Target) -> Bool {
        if case .feed = target { return true }
        return false
    }

    private static func tryForm(_ draft: Draft, targets: Targets) -> Node {
        element("form", Attribute("method", "get"), Attribute("action", "/rules"), Attribute("class", "rule-form")) {
            element("h2") { "Try a rule" }
            element("label") {
                "Action "
                element("select", Attribute("name", "action")) {
                    for (value, label) in [("block", "block: hide what matches"), ("keep", "keep: hide the rest"),
                                           ("star", "star"), ("read", "mark read"), ("tag", "tag with…")] {
                        option(value, label, selected: draft.action == value)
                    }
                }
            }
            element("label") {
                " Tag "
                Node.void("input", [Attribute("type", "text"), Attribute("name", "tag"), Attribute("value", draft.tag),
                                    Attribute("placeholder", "for tag with…")])
            }
            element("label") {
                " Feeds "
                element("select", Attribute("name", "target")) {
                    option("*", "every feed", selected: draft.target == "*")
                    for tag in targets.tags { option("tag:" + tag, "tag " + tag, selected: draft.target == "tag:" + tag) }
                    for feed in targets.feeds { option("feed:" + feed.url, feed.title, selected: draft.target == "feed:" + feed.url) }
                }
            }
            element("label") {
                " Query "
                Node.void("input", [Attribute("type", "search"), Attribute("name", "query"), Attribute("value", draft.query),
                                    Attribute("placeholder", "title:sponsored OR \"advertiser content\""),
                                    Attribute("aria-label", "Query")])
            }
            " "
            element("button", Attribute("type", "submit")) { "Try" }
            element("p", Attribute("class", "hint")) {
                "The query is Herald's search language: words, \"phrases\", prefix*, title:word, AND / OR / NOT."
            }
        }
    }

    private static func option(_ value: String, _ label: String, selected: Bool) -> Node {
        element("option", attributes: selected ? [Attribute("value", value), Attribute("selected", nil)] : [Attribute("value", value)]) {
            label
        }
    }
}
