/// Writes a page subtree back out as HTML, for the sanitiser (its text is read back from the
/// sanitised HTML by ``BodyTextWriter``).
enum PageWriter {
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    /// Elements that start a new line in text (``BodyTextWriter``).
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt", "figcaption", "figure",
        "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "ol", "p", "pre", "section",
        "summary", "table", "tr", "ul", "caption",
    ]

    static func html(of node: PageNode) -> String {
        var output = ""
        var cursor = node.firstChild
        guard cursor != nil else { return "" }
        var stack: [PageNode] = []
        while let current = cursor {
            if current.isText {
                appendEscaped(current.text, to: &output, quotes: false)
            } else {
                output += "<" + current.name
                for attribute in current.attributes where isAttributeName(attribute.name) {
                    output += " " + attribute.name + "=\""
                    appendEscaped(attribute.value, to: &output, quotes: true)
                    output += "\""
                }
                output += ">"
                if let child = current.firstChild, !voidElements.contains(current.name) {
                    stack.append(current)
                    cursor = child
                    continue
                }
                if !voidElements.contains(current.name) { output += "</" + current.name + ">" }
            }
            // Close what ends here and move on.
            var next = current.nextSibling
            while next == nil, let open = stack.popLast() {
                output += "</" + open.name + ">"
                next = open.nextSibling
            }
            cursor = next
        }
        return output
    }

    private static func isAttributeName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == ":"
        }
    }

    private static func appendEscaped(_ text: String, to output: inout String, quotes: Bool) {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quotes && $0 == 0x22) }) else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where quotes: output += "&quot;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}
