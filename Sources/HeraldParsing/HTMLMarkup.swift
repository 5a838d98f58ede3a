/// Tells real HTML from text that merely contains angle brackets (`Result<Success, Failure>`,
/// `Live coverage <Live>`, `I <3 SQLite`), for text constructs whose type the feed does not
/// declare (RSS titles, JSON Feed titles) and for turning any title into one plain line.
enum HTMLMarkup {
    /// One tag-like run starting at a `<`.
    struct Tag {
        /// The index just past the closing `>`.
        var end: Int
        /// The element name in lower case (empty for comments and declarations).
        var name: String
        /// `</name>`.
        var isEndTag = false
        /// `<name attribute="value">`: at least one attribute with a value.
        var hasAttributeValues = false
        /// `<name/>`.
        var isSelfClosing = false
        /// `<!-- … -->`, `<!DOCTYPE …>`, `<?…?>`.
        var isCommentOrDeclaration = false

        /// An element of HTML (or a custom element `a-b`, or a prefixed one `o:p`).
        var isKnownElement: Bool {
            HTMLMarkup.elements.contains(name) || name.contains("-") || name.contains(":")
        }
    }

    /// True when the text holds real HTML: a character reference that decodes (`&amp;`,
    /// `&#8217;`, `&eacute;`, left after XML decoding by a publisher who escaped twice), a
    /// comment, an end tag of an HTML element, or a start tag of one that cannot be a word in
    /// brackets (a void element such as `<br>`, a self-closing tag, or attributes with values).
    /// `<Live>`, `<T>`, `<3` and `Optional<Data>` are text.
    static func isPresent(in value: String) -> Bool {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return false }
        return isPresent(in: Array(value.unicodeScalars))
    }

    /// ``isPresent(in:)`` over the scalars of a value.
    static func isPresent(in scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "&":
                if PlainText.entity(in: scalars, at: index) != nil { return true }
            case "<":
                if let tag = tag(in: scalars, at: index) {
                    if tag.isCommentOrDeclaration, tag.name == "!--" { return true }
                    if tag.isKnownElement, tag.isEndTag || tag.isSelfClosing || tag.hasAttributeValues
                        || voidElements.contains(tag.name) {
                        return true
                    }
                }
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// The tag starting at `index` (which holds `<`), if the text there has the shape of one:
    /// `<name>`, `<name attr…>`, `<name/>`, `</name>`, a comment or a declaration.
    static func tag(in s: [Unicode.Scalar], at index: Int) -> Tag? {
        var i = index + 1
        guard i < s.count else { return nil }
        if s[i] == "!" || s[i] == "?" {
            let isComment = i + 2 < s.count && s[i] == "!" && s[i + 1] == "-" && s[i + 2] == "-"
            if isComment {
                var j = i + 3
                while j + 2 < s.count {
                    if s[j] == "-" && s[j + 1] == "-" && s[j + 2] == ">" {
                        return Tag(end: j + 3, name: "!--", isCommentOrDeclaration: true)
                    }
                    j += 1
                }
                return nil
            }
            guard i + 1 < s.count, s[i + 1].properties.isAlphabetic || s[i] == "?",
                  let close = s[i...].firstIndex(of: ">") else { return nil }
            return Tag(end: close + 1, name: "", isCommentOrDeclaration: true)
        }
        var tag = Tag(end: 0, name: "")
        if s[i] == "/" { tag.isEndTag = true; i += 1 }
        guard i < s.count, s[i].isASCII, s[i].properties.isAlphabetic else { return nil }
        var name = ""
        while i < s.count, s[i].isASCII, s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) || s[i] == "-" || s[i] == ":" {
            name.unicodeScalars.append(s[i])
            i += 1
        }
        tag.name = name.lowercased()
        guard i < s.count else { return nil }
        switch s[i] {
        case ">":
            tag.end = i + 1
            return tag
        case "/" where !tag.isEndTag:
            guard i + 1 < s.count, s[i + 1] == ">" else { return nil }
            tag.isSelfClosing = true
            tag.end = i + 2
            return tag
        case " ", "\t", "\n", "\r":
            var j = i
            while j < s.count, s[j] != ">" {
                if s[j] == "<" { return nil }
                if s[j] == "=" { tag.hasAttributeValues = true }
                j += 1
            }
            guard j < s.count else { return nil }
            if tag.isEndTag && tag.hasAttributeValues { return nil }
            tag.isSelfClosing = s[j - 1] == "/"
            tag.end = j + 1
            return tag
        default:
            return nil
        }
    }

    /// Elements that never have content, so a lone start tag is already HTML.
    static let voidElements: Set<String> = ["br", "hr", "img", "wbr", "area", "embed", "source", "track", "input", "col", "param"]

    /// The elements of HTML 4 and HTML, including obsolete ones that feeds still carry.
    static let elements: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "base", "basefont", "bdi", "bdo",
        "big", "blink", "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite", "code", "col",
        "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em",
        "embed", "fieldset", "figcaption", "figure", "font", "footer", "form", "frame", "frameset", "h1", "h2", "h3",
        "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd",
        "label", "legend", "li", "link", "main", "map", "mark", "marquee", "math", "menu", "meta", "meter", "nav",
        "nobr", "noscript", "object", "ol", "optgroup", "option", "output", "p", "param", "picture", "pre",
        "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "section", "select", "small", "source", "span",
        "strike", "strong", "style", "sub", "summary", "sup", "svg", "table", "tbody", "td", "template", "textarea",
        "tfoot", "th", "thead", "time", "title", "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
    ]
}
