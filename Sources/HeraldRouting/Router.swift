import HeraldDomain

/// Owns the reader's ``NavigationStack`` and turns module exits into navigation.
///
/// Front ends call it after an intent, with values read from the source module's data store
/// (the list's `filter` and `selectedArticle`, say); nothing travels through globals.
public actor Router {
    /// The navigation as it stands.
    public private(set) var stack: NavigationStack

    /// Creates a router starting at `root`.
    public init(root: Route = .feeds) {
        stack = NavigationStack(root: root)
    }

    /// Shows a route with an explicit presentation.
    public func show(_ route: Route, as presentation: Presentation) {
        stack.show(route, as: presentation)
    }

    /// Opens an article: replaces the article on screen (next/previous), else pushes. When the
    /// article belongs to another list than the one under it (next unread crossed into another
    /// feed), that list becomes the article's, so that back from it is the feed it is in, as in
    /// newsboat.
    public func openArticle(_ id: ArticleID, within filter: ArticleFilter) {
        if case .articleDetail = stack.top, stack.modal == nil {
            stack.show(.articleDetail(id, within: filter), as: .replace)
        } else {
            stack.show(.articleDetail(id, within: filter), as: .push)
        }
        stack.listFollowsArticle()
    }

    /// Opens the article list of a feed, tag, saved search or state filter.
    public func openArticleList(_ filter: ArticleFilter) {
        stack.show(.articleList(filter), as: .push)
    }

    /// Opens search: a new query replaces a search on screen, else pushes.
    /// - Parameter filter: The articles searched (a feed's, a tag's…); all by default.
    public func openSearch(_ query: String, within filter: ArticleFilter = ArticleFilter()) {
        if case .search = stack.top, stack.modal == nil {
            stack.show(.search(query, within: filter), as: .replace)
        } else {
            stack.show(.search(query, within: filter), as: .push)
        }
    }

    /// Shows help over everything.
    public func showHelp() {
        stack.show(.help, as: .modal)
    }

    /// Asks the user to confirm an action.
    public func ask(_ confirmation: Confirmation) {
        stack.ask(confirmation)
    }

    /// Answers the alert. - Returns: The confirmed action to perform, if confirmed.
    public func answer(confirmed: Bool) -> Confirmation? {
        stack.answer(confirmed: confirmed)
    }

    /// Closes the topmost thing. - Returns: Whether anything closed (false at the root: quit).
    @discardableResult
    public func back() -> Bool {
        stack.back()
    }

    /// Opens a deep link on a fresh stack whose root is the feeds screen.
    /// - Throws: ``DeepLinkError`` when the link names nothing Herald knows.
    public func open(_ link: String) throws(DeepLinkError) {
        let route = try DeepLink.route(from: link)
        stack.reset(to: .feeds)
        if route != .feeds { stack.show(route, as: route == .help ? .modal : .push) }
    }
}
