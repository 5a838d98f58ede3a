/// What ``LibXMLHTMLSanitizer`` keeps inside `<math>` and `<svg>`: a safe subset of MathML and
/// SVG, so that scientific and technical posts keep their formulas and simple drawings.
///
/// Inside a formula or a drawing only that vocabulary's elements are written, with attributes
/// that draw or lay out and nothing that loads, links, scripts or styles: no `href`, no `style`,
/// no event handler, no `url(…)`, no `<use>`, `<image>`, `<foreignObject>`, `<annotation-xml>`
/// or `<animate>`. HTML inside them is unwrapped (its text kept), script and style dropped.
enum ForeignAllowList {
    /// A vocabulary with a root element of its own.
    enum Vocabulary: Sendable {
        case mathML
        case svg

        /// The vocabulary whose root element `name` is (as libxml2 reports it, lower-cased).
        init?(root name: String) {
            switch name {
            case "math": self = .mathML
            case "svg": self = .svg
            default: return nil
            }
        }
    }

    /// How an attribute value is checked.
    enum ValueKind {
        /// Free text (alternative text), escaped when written.
        case text
        /// Words, numbers, lengths, colours and paths: letters, digits, white space and `. , # % + - /`.
        case plain
        /// As ``plain``, with the parentheses of `translate(…)`, `rotate(…)` and the like.
        case transform
    }

    /// A kept attribute: the name libxml2 reports (lower-cased) and the spelling written.
    struct Attribute {
        let lookup: String
        let spelling: String
        let kind: ValueKind

        init(_ spelling: String, _ kind: ValueKind = .plain) {
            self.spelling = spelling
            self.lookup = spelling.lowercased()
            self.kind = kind
        }
    }

    /// What becomes of an element inside a formula or a drawing.
    enum Treatment {
        /// Written, with these attributes.
        case keep([Attribute])
        /// Left out, its content kept.
        case unwrap
        /// Left out with everything inside.
        case drop
    }

    /// What becomes of `name` (lower-cased, as libxml2 reports it) inside `vocabulary`.
    static func treatment(of name: String, in vocabulary: Vocabulary) -> Treatment {
        if HTMLAllowList.dropped.contains(name) || droppedInside.contains(name) { return .drop }
        switch vocabulary {
        case .mathML: return mathML[name].map(Treatment.keep) ?? .unwrap
        case .svg: return svg[name].map(Treatment.keep) ?? .unwrap
        }
    }

    /// The root's attributes.
    static func rootAttributes(of vocabulary: Vocabulary) -> [Attribute] {
        switch vocabulary {
        case .mathML: mathML["math"] ?? []
        case .svg: svg["svg"] ?? []
        }
    }

    /// Elements dropped with their content inside either vocabulary: markup that embeds other
    /// documents, loads resources, animates attributes (an animation can set `href`) or hides
    /// alternative renderings that browsers parse as HTML.
    private static let droppedInside: Set<String> = [
        "annotation-xml", "foreignobject", "use", "image", "animate", "animatemotion", "animatetransform", "set",
        "mglyph", "maction", "a", "pattern", "filter", "mask", "clippath", "lineargradient", "radialgradient",
        "marker", "symbol", "defs", "switch", "feimage", "title", "desc", "metadata",
    ]

    private static let mathLayout: [Attribute] = [
        Attribute("dir"), Attribute("mathvariant"), Attribute("mathsize"), Attribute("displaystyle"),
        Attribute("scriptlevel"),
    ]

    private static let mathML: [String: [Attribute]] = {
        var elements: [String: [Attribute]] = [:]
        for name in ["mi", "mn", "ms", "mtext", "mrow", "msqrt", "mstyle", "merror", "mphantom", "msub", "msup",
                     "msubsup", "mmultiscripts", "mprescripts", "none", "semantics"] {
            elements[name] = mathLayout
        }
        elements["math"] = mathLayout + [Attribute("display"), Attribute("alttext", .text)]
        elements["mo"] = mathLayout + ["form", "fence", "separator", "stretchy", "symmetric", "largeop", "movablelimits",
                                       "lspace", "rspace", "minsize", "maxsize", "accent"].map { Attribute($0) }
        elements["mfrac"] = mathLayout + [Attribute("linethickness"), Attribute("numalign"), Attribute("denomalign")]
        elements["mroot"] = mathLayout
        elements["mover"] = mathLayout + [Attribute("accent")]
        elements["munder"] = mathLayout + [Attribute("accentunder")]
        elements["munderover"] = mathLayout + [Attribute("accent"), Attribute("accentunder")]
        elements["mspace"] = mathLayout + [Attribute("width"), Attribute("height"), Attribute("depth")]
        elements["mpadded"] = mathLayout + ["width", "height", "depth", "lspace", "voffset"].map { Attribute($0) }
        elements["menclose"] = mathLayout + [Attribute("notation")]
        elements["mtable"] = mathLayout + ["columnalign", "rowalign", "columnlines", "rowlines", "columnspacing",
                                           "rowspacing", "frame"].map { Attribute($0) }
        elements["mtr"] = mathLayout + [Attribute("columnalign"), Attribute("rowalign")]
        elements["mtd"] = mathLayout + ["columnalign", "rowalign", "columnspan", "rowspan"].map { Attribute($0) }
        elements["annotation"] = [Attribute("encoding")]
        return elements
    }()

    private static let paint: [Attribute] = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "opacity",
        "vector-effect",
    ].map { Attribute($0) } + [Attribute("transform", .transform)]

    private static let svg: [String: [Attribute]] = {
        let font = ["font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline"]
            .map { Attribute($0) }
        return [
            "svg": ["width", "height", "viewBox", "preserveAspectRatio", "role"].map { Attribute($0) } + paint + font,
            "g": paint + font,
            "path": [Attribute("d"), Attribute("pathLength")] + paint,
            "rect": ["x", "y", "width", "height", "rx", "ry"].map { Attribute($0) } + paint,
            "circle": ["cx", "cy", "r"].map { Attribute($0) } + paint,
            "ellipse": ["cx", "cy", "rx", "ry"].map { Attribute($0) } + paint,
            "line": ["x1", "y1", "x2", "y2"].map { Attribute($0) } + paint,
            "polyline": [Attribute("points")] + paint,
            "polygon": [Attribute("points")] + paint,
            "text": ["x", "y", "dx", "dy", "rotate", "textLength"].map { Attribute($0) } + paint + font,
            "tspan": ["x", "y", "dx", "dy", "rotate", "textLength"].map { Attribute($0) } + paint + font,
        ]
    }()

    /// The value written for an attribute of `kind`, or nil when it is refused: anything that could
    /// reach outside the drawing (`url(…)`, a scheme's colon) or break out of its attribute.
    static func value(_ raw: String, kind: ValueKind) -> String? {
        switch kind {
        case .text:
            return raw
        case .plain, .transform:
            guard raw.utf8.count <= 4_096 else { return nil }
            let allowsParentheses = kind == .transform
            for byte in raw.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), 0x09, 0x0A, 0x0D,
                     UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "+"),
                     UInt8(ascii: "-"), UInt8(ascii: "/"):
                    continue
                case UInt8(ascii: "(") where allowsParentheses, UInt8(ascii: ")") where allowsParentheses:
                    continue
                default:
                    return nil
                }
            }
            if allowsParentheses, raw.lowercased().contains("url") { return nil }
            return raw
        }
    }
}
