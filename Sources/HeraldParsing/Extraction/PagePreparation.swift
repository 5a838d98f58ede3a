/// The clean-up done to a whole page before candidates are scored: images hidden in
/// `<noscript>` put back in place of their lazy placeholders, scripts and styles removed, runs of
/// `<br>` turned into paragraphs, `<font>` made `<span>`.
enum PagePreparation {
    /// Elements whose content is inline (phrasing content).
    static let phrasing: Set<String> = [
        "abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em", "embed", "i",
        "img", "input", "kbd", "label", "mark", "math", "meter", "noscript", "object", "output", "progress", "q",
        "ruby", "samp", "script", "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "var", "wbr",
    ]

    static func prepare(_ tree: PageTree) {
        unwrapNoscriptImages(tree.root)
        for node in tree.root.descendants(named: ["script", "noscript", "style", "template"]) { node.detach() }
        replaceBreaks(in: tree.body, tree: tree)
        for font in tree.root.descendants(named: "font") { font.name = "span" }
    }

    static func isPhrasing(_ node: PageNode) -> Bool {
        if node.isText || phrasing.contains(node.name) { return true }
        guard node.name == "a" || node.name == "del" || node.name == "ins" else { return false }
        var child = node.firstChild
        while let current = child {
            if !isPhrasing(current) { return false }
            child = current.nextSibling
        }
        return true
    }

    /// White space only text, or a `<br>`.
    static func isWhitespace(_ node: PageNode) -> Bool {
        node.isText ? PageText.isBlank(node.text) : node.name == "br"
    }

    /// The next element or non-blank text from `node` on (itself included).
    static func nextNode(_ node: PageNode?) -> PageNode? {
        var next = node
        while let current = next, current.isText, PageText.isBlank(current.text) { next = current.nextSibling }
        return next
    }

    /// Two or more `<br>` in a row start a paragraph that takes the inline content after them.
    static func replaceBreaks(in body: PageNode, tree: PageTree) {
        for br in body.descendants(named: "br") where br.parent != nil {
            var next = br.nextSibling
            var replaced = false
            while let candidate = nextNode(next), candidate.name == "br" {
                replaced = true
                let sibling = candidate.nextSibling
                candidate.detach()
                next = sibling
            }
            guard replaced else { continue }
            let paragraph = tree.make("p")
            br.replace(with: paragraph)
            next = paragraph.nextSibling
            while let current = next {
                if current.name == "br", let following = nextNode(current.nextSibling), following.name == "br" { break }
                if !isPhrasing(current) { break }
                let sibling = current.nextSibling
                paragraph.append(current)
                next = sibling
            }
            while let last = paragraph.lastChild, isWhitespace(last) { last.detach() }
            if paragraph.parent?.name == "p" { paragraph.parent?.name = "div" }
        }
    }

    /// True for an `<img>`, or an element whose only content is one such (no text).
    static func isSingleImage(_ node: PageNode) -> Bool {
        var current = node
        while true {
            if current.name == "img" { return true }
            let children = current.elementChildren
            guard children.count == 1, !current.hasVisibleText else { return false }
            current = children[0]
        }
    }

    /// Lazy-loading pages put a placeholder `<img>` and the real one in a `<noscript>` after it.
    static func unwrapNoscriptImages(_ root: PageNode) {
        for image in root.descendants(named: "img") {
            let keeps = image.attributes.contains { attribute in
                ["src", "srcset", "data-src", "data-srcset"].contains(attribute.name)
                    || ExtractionPatterns.mentionsImage(attribute.value)
            }
            if !keeps { image.detach() }
        }
        for noscript in root.descendants(named: "noscript") where noscript.parent != nil {
            guard isSingleImage(noscript), let previous = noscript.previousElementSibling, isSingleImage(previous),
                  let replacement = noscript.firstElementChild else { continue }
            let previousImage = previous.name == "img" ? previous : previous.descendants(named: "img").first
            guard let previousImage,
                  let newImage = replacement.name == "img" ? replacement : replacement.descendants(named: "img").first
            else { continue }
            for attribute in previousImage.attributes where !attribute.value.isEmpty {
                guard attribute.name == "src" || attribute.name == "srcset"
                        || ExtractionPatterns.mentionsImage(attribute.value) else { continue }
                if newImage.attribute(attribute.name) == attribute.value { continue }
                let name = newImage.hasAttribute(attribute.name) ? "data-old-" + attribute.name : attribute.name
                newImage.setAttribute(name, attribute.value)
            }
            previous.replace(with: replacement)
        }
    }
}
