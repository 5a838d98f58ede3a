/// Writes a page subtree back out: as HTML (for the sanitiser) or as plain text, a paragraph a
/// line, with the visible white space of HTML (runs made one space).
enum PageWriter {
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    /// Elements that start a new line in text.
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

    /// The visible text: blocks on lines of their own, white space collapsed outside `<pre>`.
    static func text(of node: PageNode) -> String {
        var lines: [String] = []
        var line = ""
        var pendingSpace = false
        func breakLine() {
            let finished = PageText.trimmed(line)
            if !finished.isEmpty { lines.append(finished) }
            line = ""
            pendingSpace = false
        }
        var cursor = node.firstChild
        while let current = cursor {
            if current.isText {
                if current.hasAncestor("pre", maxDepth: -1) {
                    let parts = current.text.split(separator: "\n", omittingEmptySubsequences: false)
                    for (index, part) in parts.enumerated() {
                        if index > 0 { breakLine() }
                        line += part
                    }
                } else {
                    for scalar in current.text.unicodeScalars {
                        if PageText.isSpace(scalar) && scalar != "\u{A0}" {
                            pendingSpace = !line.isEmpty
                        } else {
                            if pendingSpace { line += " " }
                            pendingSpace = false
                            line.unicodeScalars.append(scalar == "\u{A0}" ? " " : scalar)
                        }
                    }
                }
            } else if blockElements.contains(current.name) {
                breakLine()
            }
            if current.firstChild != nil {
                cursor = current.firstChild
                continue
            }
            var next = current.nextSibling
            var up = current.parent
            while next == nil, let parent = up, parent !== node {
                if blockElements.contains(parent.name) { breakLine() }
                next = parent.nextSibling
                up = parent.parent
            }
            if next == nil { break }
            if let parent = current.parent, blockElements.contains(current.name), parent.isElement { breakLine() }
            cursor = next
        }
        breakLine()
        return lines.joined(separator: "\n")
    }
}
