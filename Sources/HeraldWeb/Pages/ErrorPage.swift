import Herald

/// A 4xx/5xx page: what went wrong in words a user can act on, never a stack trace.
enum ErrorPage {
    static func render(status: Int, title: String, message: String, context: PageContext) -> String {
        Layout.page(title: title, context: context, bodyClass: "error-page") {
            element("h1") { title }
            element("p", Attribute("class", "state failed")) { message }
            element("p") { element("a", Attribute("href", "/")) { "Back to the feeds" } }
            element("p", Attribute("class", "hint")) { "HTTP \(status)" }
        }
    }
}
