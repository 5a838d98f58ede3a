/// Finds the block of a page that holds the article: scores paragraphs by their text, passes the
/// scores up to their ancestors, picks the best ancestor, and gathers its siblings that look like
/// more of the same (the method of Arc90's Readability, as Mozilla's Readability refines it).
struct ArticleGrabber {
    /// What the grabber may do; each retry after a too short result turns one off.
    struct Flags: OptionSet {
        let rawValue: Int
        static let stripUnlikely = Flags(rawValue: 1)
        static let weightClasses = Flags(rawValue: 2)
        static let cleanConditionally = Flags(rawValue: 4)
        static let all: Flags = [.stripUnlikely, .weightClasses, .cleanConditionally]
    }

    /// What one attempt found.
    struct Attempt {
        var content: PageNode
        var textLength: Int
        /// The `dir` of the article's nearest ancestor that has one.
        var direction: String?
    }

    static let scoredTags: Set<String> = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    static let blockTags: Set<String> = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    static let keptSiblingTags: Set<String> = ["div", "article", "section", "p", "ol", "ul"]
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    static let minimumTextLength = 500

    let tree: PageTree
    let title: String
    var flags: Flags = .all
    /// The byline found in the page (a `rel="author"` or `.byline` element), when the metadata had none.
    private(set) var byline: String?
    private let needsByline: Bool

    init(tree: PageTree, title: String, needsByline: Bool) {
        self.tree = tree
        self.title = title
        self.needsByline = needsByline
    }

    /// Runs the attempts on the prepared body until one yields enough text, else keeps the
    /// longest. - Returns: nil when the page has no text at all.
    mutating func grab() -> Attempt? {
        let page = tree.body
        // Each attempt reshapes the page itself; a short result is copied aside and the page put
        // back as it was (the tree's journal) for the next, looser attempt.
        tree.beginJournal()
        defer { tree.endJournal() }
        var attempts: [Attempt] = []
        while true {
            if let found = attempt(on: page) {
                if found.textLength >= Self.minimumTextLength { return found }
                var kept = found
                kept.content = tree.clone(found.content)
                attempts.append(kept)
            }
            tree.rewind(page)
            if flags.contains(.stripUnlikely) {
                flags.remove(.stripUnlikely)
            } else if flags.contains(.weightClasses) {
                flags.remove(.weightClasses)
            } else if flags.contains(.cleanConditionally) {
                flags.remove(.cleanConditionally)
            } else {
                guard let best = attempts.max(by: { $0.textLength < $1.textLength }), best.textLength > 0 else { return nil }
                return best
            }
        }
    }

    // MARK: One attempt

    private mutating func attempt(on page: PageNode) -> Attempt? {
        let elementsToScore = collectElementsToScore(page)
        // The page does not change until the siblings are gathered: measure its text once.
        TextSummary.measure(page)
        let candidates = score(elementsToScore)
        var topCandidates: [PageNode] = []
        for candidate in candidates {
            let adjusted = (candidate.score ?? 0) * (1 - Self.linkDensity(candidate))
            candidate.score = adjusted
            if let index = topCandidates.firstIndex(where: { adjusted > ($0.score ?? 0) }) {
                topCandidates.insert(candidate, at: index)
                if topCandidates.count > 5 { topCandidates.removeLast() }
            } else if topCandidates.count < 5 {
                topCandidates.append(candidate)
            }
        }

        var topCandidate: PageNode
        var madeTopCandidate = false
        if let first = topCandidates.first, first.name != "body" {
            topCandidate = promote(first, among: topCandidates)
        } else {
            topCandidate = tree.make("div")
            madeTopCandidate = true
            while let child = page.firstChild { topCandidate.append(child) }
            page.append(topCandidate)
            initialize(topCandidate)
        }

        let content = tree.make("div")
        let topScore = topCandidate.score ?? 0
        let threshold = max(10, topScore * 0.2)
        guard let parentOfTop = topCandidate.parent else {
            TextSummary.forget(in: tree)
            return nil
        }
        let topClass = topCandidate.className
        for sibling in parentOfTop.elementChildren {
            var append = false
            if sibling == topCandidate {
                append = true
            } else {
                var bonus = 0.0
                if !topClass.isEmpty && sibling.className == topClass { bonus += topScore * 0.2 }
                if let score = sibling.score, score + bonus >= threshold {
                    append = true
                } else if sibling.name == "p" {
                    let density = Self.linkDensity(sibling)
                    let length = sibling.innerTextLength()
                    if length > 80 && density < 0.25 {
                        append = true
                    } else if length < 80 && length > 0 && density == 0 && Self.hasSentenceEnd(sibling.innerText()) {
                        append = true
                    }
                }
            }
            if append {
                if !Self.keptSiblingTags.contains(sibling.name) { sibling.name = "div" }
                content.append(sibling)
            }
        }

        // The cleaning changes the tree: from here on text is measured afresh.
        TextSummary.forget(in: tree)
        ArticleCleaner(tree: tree, flags: flags).clean(content)

        if madeTopCandidate {
            topCandidate.attributes = [("id", "readability-page-1"), ("class", "page")]
        } else {
            let wrapper = tree.make("div", attributes: [("id", "readability-page-1"), ("class", "page")])
            while let child = content.firstChild { wrapper.append(child) }
            content.append(wrapper)
        }
        var direction: String?
        for ancestor in [parentOfTop, topCandidate] + parentOfTop.ancestors() {
            if let dir = ancestor.attribute("dir"), !dir.isEmpty {
                direction = dir
                break
            }
        }
        return Attempt(content: content, textLength: content.innerTextLength(), direction: direction)
    }

    /// `.` followed by a space or the end.
    private static func hasSentenceEnd(_ text: String) -> Bool {
        var previousWasPeriod = false
        for scalar in text.unicodeScalars {
            if previousWasPeriod && scalar == " " { return true }
            previousWasPeriod = scalar == "."
        }
        return previousWasPeriod
    }

    /// Walks the page: removes what is hidden or unlikely, notes the byline, turns divs of
    /// inline content into paragraphs, and lists the elements whose text is scored.
    private mutating func collectElementsToScore(_ page: PageNode) -> [PageNode] {
        // A node's own subtree is as the attempt began when the walk reaches it (the walk changes
        // only what it has passed, and a div's children after testing it): its emptiness is read
        // from measures taken once, not from a walk of each container.
        TextSummary.measure(page)
        defer { TextSummary.forget(in: tree) }
        var elements: [PageNode] = []
        var shouldRemoveTitleHeader = true
        var cursor: PageNode? = page
        while let node = cursor {
            if !Self.isProbablyVisible(node) || (node.attribute("aria-modal") == "true" && node.attribute("role") == "dialog") {
                cursor = removeAndGetNext(node, page)
                continue
            }
            if checkByline(node) {
                cursor = removeAndGetNext(node, page)
                continue
            }
            if shouldRemoveTitleHeader && headerDuplicatesTitle(node) {
                shouldRemoveTitleHeader = false
                cursor = removeAndGetNext(node, page)
                continue
            }
            if ExtractionPatterns.isCommentThread(node) {
                cursor = removeAndGetNext(node, page)
                continue
            }
            if flags.contains(.stripUnlikely) {
                if ExtractionPatterns.isUnlikely(node) && !node.hasAncestor("table") && !node.hasAncestor("code")
                    && node.name != "body" && node.name != "a" {
                    cursor = removeAndGetNext(node, page)
                    continue
                }
                if let role = node.attribute("role"), ExtractionPatterns.unlikelyRoles.contains(role) {
                    cursor = removeAndGetNext(node, page)
                    continue
                }
            }
            if ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"].contains(node.name)
                && Self.isElementWithoutContent(node) {
                cursor = removeAndGetNext(node, page)
                continue
            }
            if Self.scoredTags.contains(node.name) { elements.append(node) }
            var current = node
            if node.name == "div" {
                wrapPhrasingRuns(in: node)
                if Self.hasSingleTag("p", inside: node) && Self.linkDensity(node) < 0.25, let paragraph = node.firstElementChild {
                    node.replace(with: paragraph)
                    current = paragraph
                    elements.append(paragraph)
                } else if !Self.hasChildBlockElement(node) {
                    node.name = "p"
                    elements.append(node)
                }
            }
            cursor = Self.nextElement(after: current, within: page)
        }
        return elements
    }

    /// Puts runs of inline children of a div into paragraphs.
    private func wrapPhrasingRuns(in div: PageNode) {
        var paragraph: PageNode?
        var child = div.firstChild
        while let node = child {
            let next = node.nextSibling
            if PagePreparation.isPhrasing(node) {
                if let paragraph {
                    paragraph.append(node)
                } else if !PagePreparation.isWhitespace(node) {
                    let made = tree.make("p")
                    node.replace(with: made)
                    made.append(node)
                    paragraph = made
                }
            } else if let open = paragraph {
                while let last = open.lastChild, PagePreparation.isWhitespace(last) { last.detach() }
                paragraph = nil
            }
            child = next
        }
    }

    /// Scores each element's text and passes it to five levels of ancestors.
    private func score(_ elements: [PageNode]) -> [PageNode] {
        var candidates: [PageNode] = []
        for element in elements {
            guard let parent = element.parent, parent.isElement else { continue }
            let (length, commas) = element.textStatistics()
            if length < 25 { continue }
            let ancestors = element.ancestors(limit: 5)
            if ancestors.isEmpty { continue }
            let contentScore = 1.0 + Double(commas + 1) + Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                guard ancestor.parent != nil else { continue }
                if ancestor.score == nil {
                    initialize(ancestor)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
                ancestor.score! += contentScore / divider
            }
        }
        return candidates
    }

    /// Moves the choice up when other top candidates share an ancestor, or when a parent scores more.
    private func promote(_ first: PageNode, among topCandidates: [PageNode]) -> PageNode {
        var topCandidate = first
        let topScore = first.score ?? 0
        var alternativeAncestors: [[PageNode]] = []
        for candidate in topCandidates.dropFirst() where topScore > 0 && (candidate.score ?? 0) / topScore >= 0.75 {
            alternativeAncestors.append(candidate.ancestors())
        }
        if alternativeAncestors.count >= 3 {
            var parent = topCandidate.parent
            while let ancestor = parent, ancestor.name != "body" {
                var lists = 0
                for list in alternativeAncestors where lists < 3 && list.contains(where: { $0 == ancestor }) { lists += 1 }
                if lists >= 3 {
                    topCandidate = ancestor
                    break
                }
                parent = ancestor.parent
            }
        }
        if topCandidate.score == nil { initialize(topCandidate) }

        var parent = topCandidate.parent
        var lastScore = topCandidate.score ?? 0
        let scoreThreshold = lastScore / 3
        while let ancestor = parent, ancestor.name != "body" {
            guard let parentScore = ancestor.score else {
                parent = ancestor.parent
                continue
            }
            if parentScore < scoreThreshold { break }
            if parentScore > lastScore {
                topCandidate = ancestor
                break
            }
            lastScore = parentScore
            parent = ancestor.parent
        }

        parent = topCandidate.parent
        while let ancestor = parent, ancestor.name != "body", ancestor.elementCount == 1 {
            topCandidate = ancestor
            parent = ancestor.parent
        }
        if topCandidate.score == nil { initialize(topCandidate) }
        return topCandidate
    }

    private func initialize(_ node: PageNode) {
        var score = 0.0
        switch node.name {
        case "div": score += 5
        case "pre", "td", "blockquote": score += 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score -= 3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": score -= 5
        default: break
        }
        node.score = score + Double(Self.classWeight(node, flags: flags))
    }

    /// +25 for a positive class or id, −25 for a negative one (each of class and id).
    static func classWeight(_ node: PageNode, flags: Flags) -> Int {
        guard flags.contains(.weightClasses) else { return 0 }
        var weight = 0
        for value in [node.className, node.id] where !value.isEmpty {
            if ExtractionPatterns.matches(value, ExtractionPatterns.negative) || ExtractionPatterns.hasHidWord(value) {
                weight -= 25
            }
            if ExtractionPatterns.matches(value, ExtractionPatterns.positive) { weight += 25 }
        }
        return weight
    }

    /// The share of an element's text that is link text (in-page `#` links count 0.3).
    static func linkDensity(_ element: PageNode) -> Double {
        if let summary = element.summary {
            return summary.normalizedLength > 0 ? summary.linkLength / Double(summary.normalizedLength) : 0
        }
        let textLength = element.innerTextLength()
        guard textLength > 0 else { return 0 }
        var linkLength = 0.0
        element.forEachDescendant { if $0.name == "a" { linkLength += BlockCensus.weightedLength(ofLink: $0) } }
        return linkLength / Double(textLength)
    }

    private mutating func checkByline(_ node: PageNode) -> Bool {
        let rel = node.attribute("rel")
        let itemprop = node.attribute("itemprop") ?? ""
        guard rel == "author" || itemprop.contains("author") || ExtractionPatterns.matches(node, ExtractionPatterns.byline)
        else { return false }
        // Measured before its text is made: a block named "author" may hold a long biography.
        guard node.rawTextLength(upTo: 400) < 400 else { return false }
        let text = PageText.trimmed(node.textContent)
        guard !text.isEmpty, text.unicodeScalars.count < 100 else { return false }
        if needsByline && byline == nil {
            // Readability's rule: the first byline of a page without an author tag becomes the byline.
            byline = PageText.normalized(text)
            return true
        }
        // Beyond Readability: the byline is shown apart, so a byline block leaves the text even
        // when the metadata named the author; but not a name inside a sentence ("In <i>Beloved</i>,
        // <span itemprop="author">Toni Morrison</span> writes…", a dateline opening the lead).
        return Self.standsAlone(node)
    }

    private static let bylineBlocks: Set<String> = [
        "div", "p", "section", "header", "footer", "address", "li", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6",
        "aside", "figure", "ul", "ol",
    ]

    /// True for a block outside any paragraph, or an inline element that is all its parent says.
    static func standsAlone(_ node: PageNode) -> Bool {
        if node.hasAncestor("p", maxDepth: -1) { return false }
        if bylineBlocks.contains(node.name) { return true }
        guard let parent = node.parent else { return true }
        return parent.innerTextLength() == node.innerTextLength()
    }

    private func headerDuplicatesTitle(_ node: PageNode) -> Bool {
        guard node.name == "h1" || node.name == "h2", !title.isEmpty else { return false }
        return PageText.similarity(title, node.innerText(normalizingSpaces: false)) > 0.75
    }

    // MARK: Shared tests

    static func isProbablyVisible(_ node: PageNode) -> Bool {
        if let style = node.attribute("style"), style.utf8.contains(UInt8(ascii: ":")) {
            let compact = String(decoding: style.utf8.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
            if ExtractionPatterns.matches(compact, ["display:none", "visibility:hidden"]) { return false }
        }
        if node.hasAttribute("hidden") { return false }
        if node.attribute("aria-hidden") == "true" && !node.className.contains("fallback-image") { return false }
        return true
    }

    static func isElementWithoutContent(_ node: PageNode) -> Bool {
        guard node.isElement else { return false }
        if let summary = node.summary {
            guard !summary.hasText else { return false }
            let children = node.elementCount
            let own = node.name == "br" || node.name == "hr" ? 1 : 0
            return children == 0 || children == Int(summary.breaks) - own
        }
        guard !node.hasVisibleText else { return false }
        let children = node.elementCount
        return children == 0 || children == node.countDescendants(named: "br") + node.countDescendants(named: "hr")
    }

    /// One element child named `tag` and no text of its own.
    static func hasSingleTag(_ tag: String, inside node: PageNode) -> Bool {
        let children = node.elementChildren
        guard children.count == 1, children[0].name == tag else { return false }
        var child = node.firstChild
        while let current = child {
            if current.isText, let last = current.text.unicodeScalars.last, !PageText.isSpace(last) { return false }
            child = current.nextSibling
        }
        return true
    }

    static func hasChildBlockElement(_ node: PageNode) -> Bool {
        node.hasDescendant { blockTags.contains($0.name) }
    }

    /// The next element in document order (skipping text), within `root`.
    static func nextElement(after node: PageNode, within root: PageNode, skippingChildren: Bool = false) -> PageNode? {
        if !skippingChildren, let child = node.firstElementChild { return child }
        var cursor: PageNode? = node
        while let current = cursor, current != root {
            if let next = current.nextElementSibling { return next }
            cursor = current.parent
        }
        return nil
    }

    private func removeAndGetNext(_ node: PageNode, _ root: PageNode) -> PageNode? {
        let next = Self.nextElement(after: node, within: root, skippingChildren: true)
        node.detach()
        return next
    }
}
