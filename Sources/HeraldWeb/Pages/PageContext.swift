import Herald

/// What every page needs besides its screen: the Container's state, the CSRF token its forms carry,
/// and where the request came from (for the navigation's current item and "back").
struct PageContext: Sendable {
    /// The shared Container: progress, the current error with its retry, notices.
    var container: ContainerState
    /// The token every POST form carries.
    var csrfToken: String
    /// The request's path with its query (`/feed/3?unread=1`), used as the return address of forms.
    var currentPath: String
    /// The Router's stack for this page, bottom first (breadcrumbs).
    var trail: [Route]

    /// The hidden CSRF field of a POST form.
    var csrfField: Node {
        .void("input", [Attribute("type", "hidden"), Attribute("name", "csrf"), Attribute("value", csrfToken)])
    }

    /// The hidden field that brings the user back to this page after a POST.
    var returnField: Node {
        .void("input", [Attribute("type", "hidden"), Attribute("name", "return"), Attribute("value", currentPath)])
    }

    /// A one-button POST form (star, mark read, refresh), carrying the CSRF token and this page as
    /// its return address.
    func postButton(_ label: String, action: String, fields: [(String, String)] = [], title: String? = nil,
                    className: String? = nil, shortcut: String? = nil) -> Node {
        var buttonAttributes = [Attribute("type", "submit")]
        if let title { buttonAttributes.append(Attribute("title", title)) }
        if let shortcut { buttonAttributes.append(Attribute("data-key", shortcut)) }
        var formAttributes = [Attribute("method", "post"), Attribute("action", action)]
        formAttributes.append(Attribute("class", "inline" + (className.map { " " + $0 } ?? "")))
        return element("form", attributes: formAttributes) {
            csrfField
            returnField
            for (name, value) in fields {
                Node.void("input", [Attribute("type", "hidden"), Attribute("name", name), Attribute("value", value)])
            }
            element("button", attributes: buttonAttributes) { label }
        }
    }
}

/// The web path of a route: `/feed/3`, `/article/42?in=tag%2Fnews`, `/` for the feeds screen.
func webPath(_ route: Route) -> String {
    route == .feeds ? "/" : "/" + DeepLink.path(for: route)
}
