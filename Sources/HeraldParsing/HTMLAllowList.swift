import CLibXML2

/// What ``LibXMLHTMLSanitizer`` keeps of each element and attribute.
enum HTMLAllowList {
    /// What becomes of an element.
    enum Treatment: Equatable {
        /// Written out with its allowed attributes; the index is its place in ``keptElements``.
        case keep(Int)
        /// Left out, its content kept (unknown and disallowed elements such as `font`, `nav`).
        case unwrap
        /// Left out with everything inside (scripts, styles, frames, forms, fallback content).
        case drop
        /// The root of a formula or a drawing, written with what ``ForeignAllowList`` keeps inside.
        case foreignRoot(ForeignAllowList.Vocabulary)
    }

    /// How an attribute's value is checked.
    enum Value {
        /// A URL with one of these schemes (see ``WebURLPolicy/webURL(_:base:schemes:)``).
        case url(Set<String>)
        /// Any text (escaped when written).
        case text
        /// Digits only (an optional `-` when `signed`), written as the number they make.
        case number(signed: Bool)
    }

    /// An attribute an element may keep.
    struct Attribute {
        let name: String
        let value: Value
        /// Without it (or with a refused value) the element is left out: an image without a source.
        var isRequired = false
    }

    /// A kept element: what the writer needs, looked up once.
    struct Element {
        let name: String
        /// Written without an end tag (`<br>`).
        let isVoid: Bool
        /// The attributes it may keep, in the order they are written.
        let attributes: [Attribute]
        /// Attributes added after its own (` rel="…"`), with their leading space.
        let fixedAttributes: String
        /// Bit `i` is set when libxml2 closes ``keptElements``[i], if it is the current element,
        /// as this one starts.
        let closes: UInt64
    }

    /// Elements written out (with their content), in a fixed order: an element's index is its bit in ``Element/closes``.
    static let keptNames = [
        "p", "br", "hr", "a", "img", "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "q", "cite", "pre", "code",
        "kbd", "samp", "var", "em", "strong", "b", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup", "abbr",
        "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "figure",
        "figcaption", "div", "span", "section", "article", "aside", "header", "footer", "details", "summary", "time",
    ]

    /// Elements left out together with their content. Their text is code, fallback content or
    /// document metadata, never article text. (`math` and `svg` are kept, with the subset of
    /// ``ForeignAllowList``.) (`embed`, `source`, `track` and `wbr` are void in
    /// HTML but containers to libxml2, which would put the text after them inside: they are
    /// unwrapped instead, so that text stays.)
    static let dropped: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "applet", "form", "input", "button", "select",
        "textarea", "option", "optgroup", "datalist", "template", "noscript", "noembed", "noframes", "canvas", "audio", "video", "meta", "link", "base", "title", "head",
    ]

    /// Elements written without an end tag (`<br>`).
    static let void: Set<String> = ["br", "hr", "img"]

    /// Elements that libxml2 closes when the same element starts again directly inside
    /// (`<p>a<p>b`). ``keptElements`` asks libxml2 for the other pairs; its `htmlAutoCloseTag`
    /// answers "no" for an element and itself, so this list is kept here (checked by a test against the parser).
    private static let closedBySelf: Set<String> = ["p", "a", "li", "tbody", "tr", "th", "td"]

    private static let indexes = Dictionary(uniqueKeysWithValues: keptNames.enumerated().map { ($1, $0) })

    /// The kept elements, in the order of ``keptNames``. The auto-close bits are libxml2's rule
    /// (`htmlAutoClose`: `<p>` closes `<b>`, `<li>` closes `<p>`, `<td>` closes `<span>`),
    /// restricted to kept elements.
    static let keptElements: [Element] = {
        precondition(keptNames.count <= 64, "one bit per kept element")
        xmlInitParser()
        return keptNames.map { name in
            var closes: UInt64 = 0
            if let node = xmlNewNode(nil, name) {
                for (index, open) in keptNames.enumerated() where open != name && !void.contains(open)
                    && htmlAutoCloseTag(nil, open, node) != 0 {
                    closes |= 1 << UInt64(index)
                }
                xmlFreeNode(node)
            }
            if closedBySelf.contains(name) { closes |= 1 << UInt64(indexes[name]!) }
            return Element(name: name, isVoid: void.contains(name), attributes: attributes(of: name),
                           fixedAttributes: fixedAttributes(of: name), closes: closes)
        }
    }()

    static func treatment(of name: String) -> Treatment {
        if let index = indexes[name] { return .keep(index) }
        if let vocabulary = ForeignAllowList.Vocabulary(root: name) { return .foreignRoot(vocabulary) }
        return dropped.contains(name) ? .drop : .unwrap
    }

    /// True when libxml2 closes the current element `open` as `new` starts (both kept).
    static func startOf(_ new: String, closes open: String) -> Bool {
        guard let new = indexes[new], let open = indexes[open] else { return false }
        return keptElements[new].closes & (1 << UInt64(open)) != 0
    }

    private static func attributes(of element: String) -> [Attribute] {
        switch element {
        case "a": [Attribute(name: "href", value: .url(["http", "https", "mailto"])), Attribute(name: "title", value: .text)]
        case "img":
            [Attribute(name: "src", value: .url(["http", "https"]), isRequired: true), Attribute(name: "alt", value: .text),
             Attribute(name: "title", value: .text), Attribute(name: "width", value: .number(signed: false)),
             Attribute(name: "height", value: .number(signed: false))]
        case "td", "th":
            [Attribute(name: "colspan", value: .number(signed: false)), Attribute(name: "rowspan", value: .number(signed: false))]
        case "abbr": [Attribute(name: "title", value: .text)]
        case "time": [Attribute(name: "datetime", value: .text)]
        case "ol": [Attribute(name: "start", value: .number(signed: true))]
        case "blockquote", "q": [Attribute(name: "cite", value: .url(["http", "https"]))]
        default: []
        }
    }

    private static func fixedAttributes(of element: String) -> String {
        switch element {
        case "a": #" rel="noopener noreferrer nofollow" target="_blank""#
        case "img": #" loading="lazy" referrerpolicy="no-referrer" decoding="async""#
        default: ""
        }
    }
}
