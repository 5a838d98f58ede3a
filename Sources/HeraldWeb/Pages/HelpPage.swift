import Herald

/// The keys of the web reader: the terminal's, where a browser has the same action.
enum HelpPage {
    /// Key, action; the script (`herald.js`) implements exactly these.
    static let keys: [(String, String)] = [
        ("j / k", "Next / previous row"),
        ("Enter or o", "Open the selected row; on an article, open the original"),
        ("s", "Star or unstar"),
        ("N", "Toggle read"),
        ("n / p", "Older / newer article; on the feeds, n opens the first feed with unread articles"),
        ("u", "Next unread article"),
        ("[ / ]", "On a list: previous / next feed with unread articles"),
        ("A", "Mark all read (asks first)"),
        ("R", "Refresh all feeds"),
        ("/", "Search"),
        ("g then f / u / s / a", "Go to feeds, unread, starred, all"),
        ("q or Backspace", "Back"),
        ("?", "This page"),
    ]

    static func render(context: PageContext) -> String {
        Layout.page(title: "Keys", context: context, bodyClass: "help") {
            element("h1") { "Keys" }
            element("p") { "The keys match the terminal reader's. Everything also works with the mouse and without JavaScript." }
            element("table") {
                element("thead") { element("tr") { element("th") { "Key" }; element("th") { "Action" } } }
                element("tbody") {
                    for (key, action) in keys {
                        element("tr") { element("td") { element("kbd") { key } }; element("td") { action } }
                    }
                }
            }
        }
    }
}
