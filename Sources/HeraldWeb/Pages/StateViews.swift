import Herald

/// What every page shows for the states of its screen other than `loaded`: one place, so a page only
/// writes its loaded content.
enum StateViews {
    /// "Loading…".
    static func loading(_ text: String = "Loading…") -> Node {
        element("p", Attribute("class", "state")) { text }
    }

    /// The empty state's message (it says why and what to do).
    static func empty(_ message: String) -> Node {
        element("p", Attribute("class", "state")) { message }
    }

    /// The failure's message and a "Try again" link to this page (the retry of a page is a reload).
    static func failed(_ message: String, context: PageContext) -> Node {
        element("p", Attribute("class", "state failed"), Attribute("role", "alert")) {
            message + " "
            element("a", Attribute("href", context.currentPath)) { "Try again" }
        }
    }
}
