/// The reader's navigation as a value: a stack of routes (the root first), at most one modal
/// over it, and at most one alert over everything. Tests inspect it; front ends render its top.
public struct NavigationStack: Sendable, Hashable {
    /// The pushed routes, the root first; never empty.
    public private(set) var routes: [Route]
    /// The modal route shown over the stack, if any.
    public private(set) var modal: Route?
    /// The alert waiting for an answer, if any.
    public private(set) var alert: Alert?

    /// Creates a stack with one root route.
    public init(root: Route = .feeds) {
        routes = [root]
    }

    /// The route on screen (the modal if one is shown).
    public var top: Route { modal ?? routes[routes.count - 1] }

    /// Whether ``back()`` has anything to close.
    public var canGoBack: Bool { alert != nil || modal != nil || routes.count > 1 }

    /// Shows a route. Pushing or replacing while a modal is up dismisses the modal first.
    public mutating func show(_ route: Route, as presentation: Presentation) {
        alert = nil
        switch presentation {
        case .modal:
            modal = route
        case .push:
            modal = nil
            routes.append(route)
        case .replace:
            modal = nil
            routes[routes.count - 1] = route
        }
    }

    /// When the top route is an article and the route under it the article list of another
    /// filter, makes that list the article's filter's: the list an article is read from is the
    /// one it belongs to.
    public mutating func listFollowsArticle() {
        guard modal == nil, routes.count >= 2, case .articleDetail(_, let filter) = routes[routes.count - 1],
              case .articleList(let listed) = routes[routes.count - 2], listed != filter else { return }
        routes[routes.count - 2] = .articleList(filter)
    }

    /// Pops the top pushed route; the root stays. - Returns: Whether anything was popped.
    @discardableResult
    public mutating func pop() -> Bool {
        guard routes.count > 1 else { return false }
        routes.removeLast()
        return true
    }

    /// Dismisses the modal. - Returns: Whether one was shown.
    @discardableResult
    public mutating func dismissModal() -> Bool {
        guard modal != nil else { return false }
        modal = nil
        return true
    }

    /// Closes the topmost thing: the alert (cancelled), else the modal, else the top route.
    /// - Returns: Whether anything closed.
    @discardableResult
    public mutating func back() -> Bool {
        if alert != nil {
            alert = nil
            return true
        }
        return dismissModal() || pop()
    }

    /// Asks the user to confirm.
    public mutating func ask(_ confirmation: Confirmation) {
        alert = Alert(confirmation)
    }

    /// Answers the alert and closes it.
    /// - Returns: The confirmed action, or `nil` when cancelled or when no alert was shown.
    public mutating func answer(confirmed: Bool) -> Confirmation? {
        defer { alert = nil }
        return confirmed ? alert?.confirmation : nil
    }

    /// Replaces the whole stack with a root (a deep link opens on a fresh stack).
    public mutating func reset(to root: Route) {
        self = NavigationStack(root: root)
    }
}
