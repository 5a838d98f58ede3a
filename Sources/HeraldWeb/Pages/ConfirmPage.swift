import Herald

/// The Router's confirmation shown as a page: the ``Alert``'s title and message, a POST button that
/// confirms (with the action as form fields) and a link that cancels.
enum ConfirmPage {
    /// The page asking to mark everything a list covers read.
    static func markAllReadPath(_ filter: ArticleFilter) -> String {
        "/confirm?action=mark-all-read&list=" + formEncoded(DeepLink.path(for: .articleList(filter)))
    }

    /// The page asking to remove a feed.
    static func removePath(_ id: FeedID) -> String {
        "/confirm?action=remove-feed&feed=\(id.rawValue)"
    }

    static func render(_ alert: Alert, fields: [(String, String)], cancel: String, context: PageContext) -> String {
        Layout.page(title: alert.title, context: context, bodyClass: "confirm") {
            element("section", Attribute("class", alert.isDestructive ? "dialog destructive" : "dialog"),
                    Attribute("role", "alertdialog"), Attribute("aria-labelledby", "confirm-title")) {
                element("h1", Attribute("id", "confirm-title")) { alert.title }
                element("p") { alert.message }
                element("form", Attribute("method", "post"), Attribute("action", "/confirm")) {
                    context.csrfField
                    for (name, value) in fields {
                        Node.void("input", [Attribute("type", "hidden"), Attribute("name", name), Attribute("value", value)])
                    }
                    element("button", Attribute("type", "submit"), Attribute("class", alert.isDestructive ? "danger" : "primary"),
                            Attribute("data-key", "y")) { alert.confirmLabel }
                    " "
                    element("a", Attribute("href", cancel), Attribute("data-key", "n")) { alert.cancelLabel }
                }
            }
        }
    }

    /// `application/x-www-form-urlencoded` encoding of one value.
    static func formEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
