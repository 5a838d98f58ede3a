/// Cleans the gathered article: lazy images restored, forms, embeds, asides, sharing widgets and
/// link-heavy or image-heavy blocks removed (unless they are data tables or code), `<h1>` made
/// `<h2>`, empty paragraphs dropped, one-cell layout tables unwrapped, needless wrappers removed.
struct ArticleCleaner {
    let tree: PageTree
    let flags: ArticleGrabber.Flags

    func clean(_ article: PageNode) {
        markDataTables(article)
        fixLazyImages(article)
        cleanConditionally(article, "form")
        cleanConditionally(article, "fieldset")
        for tag in ["object", "embed", "footer", "link", "aside"] { remove(tag, in: article) }
        for child in article.elementChildren {
            removeMatching(under: child) { node in
                ExtractionPatterns.isShareElement(node.matchString) && node.rawTextLength(upTo: 500) < 500
            }
        }
        for tag in ["iframe", "input", "textarea", "select", "button"] { remove(tag, in: article) }
        for heading in article.descendants(named: ["h1", "h2"])
        where ArticleGrabber.classWeight(heading, flags: flags) < 0 {
            heading.detach()
        }
        cleanConditionally(article, "table")
        cleanConditionally(article, "ul")
        cleanConditionally(article, "div")
        for heading in article.descendants(named: "h1") { heading.name = "h2" }
        for paragraph in article.descendants(named: "p") {
            let media = paragraph.hasDescendant { ["img", "embed", "object", "iframe"].contains($0.name) }
            if !media && !paragraph.hasVisibleText { paragraph.detach() }
        }
        for br in article.descendants(named: "br") {
            if PagePreparation.nextNode(br.nextSibling)?.name == "p" { br.detach() }
        }
        for table in article.descendants(named: "table") where table.parent != nil {
            let body = ArticleGrabber.hasSingleTag("tbody", inside: table) ? table.firstElementChild! : table
            guard ArticleGrabber.hasSingleTag("tr", inside: body), let row = body.firstElementChild,
                  ArticleGrabber.hasSingleTag("td", inside: row), let cell = row.firstElementChild else { continue }
            var allPhrasing = true
            var child = cell.firstChild
            while let current = child {
                if !PagePreparation.isPhrasing(current) { allPhrasing = false; break }
                child = current.nextSibling
            }
            cell.name = allPhrasing ? "p" : "div"
            table.replace(with: cell)
        }
        BoilerplateBlocks.remove(from: article)
        simplifyNestedElements(article)
        keepMathAsText(article)
    }

    /// The sanitiser leaves MathML out with its content; a formula in the article keeps its text
    /// instead (the TeX of an annotation, which would repeat it, goes).
    private func keepMathAsText(_ article: PageNode) {
        for math in article.descendants(named: "math") {
            for annotation in math.descendants(named: ["annotation", "annotation-xml"]) { annotation.detach() }
            math.name = "span"
            math.attributes = []
        }
    }

    private func remove(_ tag: String, in article: PageNode) {
        for node in article.descendants(named: tag) {
            if tag == "iframe" || tag == "embed" || tag == "object",
               node.attributes.contains(where: { ExtractionPatterns.isVideoURL($0.value) }) {
                continue
            }
            node.detach()
        }
    }

    private func removeMatching(under root: PageNode, _ filter: (PageNode) -> Bool) {
        let end = ArticleGrabber.nextElement(after: root, within: root.parent ?? root, skippingChildren: true)
        var cursor = ArticleGrabber.nextElement(after: root, within: root.parent ?? root)
        while let node = cursor, node != end {
            if filter(node) {
                cursor = ArticleGrabber.nextElement(after: node, within: root.parent ?? root, skippingChildren: true)
                node.detach()
            } else {
                cursor = ArticleGrabber.nextElement(after: node, within: root.parent ?? root)
            }
        }
    }

    /// Marks tables that hold data, as opposed to layout.
    private func markDataTables(_ article: PageNode) {
        for table in article.descendants(named: "table") {
            table.isDataTable = isDataTable(table)
        }
    }

    private func isDataTable(_ table: PageNode) -> Bool {
        if table.attribute("role") == "presentation" || table.attribute("datatable") == "0" { return false }
        if table.hasAttribute("summary") { return true }
        if let caption = table.descendants(named: "caption").first, caption.firstChild != nil { return true }
        if table.hasDescendant(where: { ["col", "colgroup", "tfoot", "thead", "th"].contains($0.name) }) { return true }
        if table.hasDescendant(where: { $0.name == "table" }) { return false }
        var rows = 0
        var columns = 0
        for row in table.descendants(named: "tr") {
            rows += Int(row.attribute("rowspan") ?? "") ?? 1
            var rowColumns = 0
            for cell in row.elementChildren where cell.name == "td" {
                rowColumns += Int(cell.attribute("colspan") ?? "") ?? 1
            }
            columns = max(columns, rowColumns)
        }
        if rows >= 10 || columns > 4 { return true }
        return rows * columns > 10
    }

    /// Copies a lazy image's real address (`data-src`, `data-original`…) into `src`/`srcset`.
    private func fixLazyImages(_ article: PageNode) {
        for element in article.descendants(named: ["img", "picture", "figure"]) {
            if let source = element.attribute("src"), source.lowercased().hasPrefix("data:"), !source.contains("image/svg+xml") {
                let removable = element.attributes.contains { $0.name != "src" && ExtractionPatterns.mentionsImage($0.value) }
                if removable, let marker = source.range(of: "base64", options: .caseInsensitive),
                   source.distance(from: marker.upperBound, to: source.endIndex) < 133 {
                    element.removeAttribute("src")
                }
            }
            let hasSource = !(element.attribute("src") ?? "").isEmpty
                || ((element.attribute("srcset") ?? "") != "" && element.attribute("srcset") != "null")
            if hasSource && !element.className.lowercased().contains("lazy") { continue }
            for attribute in element.attributes where !["src", "srcset", "alt"].contains(attribute.name) {
                let value = attribute.value
                var copyTo: String?
                if Self.looksLikeSourceSet(value) {
                    copyTo = "srcset"
                } else if Self.looksLikeImageURL(value) {
                    copyTo = "src"
                }
                guard let copyTo else { continue }
                if element.name == "img" || element.name == "picture" {
                    element.setAttribute(copyTo, value)
                } else if element.name == "figure", !element.hasDescendant(where: { $0.name == "img" || $0.name == "picture" }) {
                    let image = tree.make("img", attributes: [(copyTo, value)])
                    element.append(image)
                }
            }
            // The sanitiser keeps `src` only: the first candidate of a source set stands in.
            if element.name == "img", (element.attribute("src") ?? "").isEmpty || element.attribute("src")!.hasPrefix("data:"),
               let set = element.attribute("srcset"),
               let first = set.split(separator: ",").first?.split(separator: " ").first {
                element.setAttribute("src", String(first))
            }
        }
    }

    /// `a.jpg 1x, b.jpg 2x`: an image file name followed by white space and a digit.
    private static func looksLikeSourceSet(_ value: String) -> Bool {
        let lower = value.lowercased()
        for suffix in [".jpg", ".jpeg", ".png", ".webp"] {
            var search = lower.startIndex..<lower.endIndex
            while let range = lower.range(of: suffix, range: search) {
                let rest = lower[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
                if rest.count < lower[range.upperBound...].count, let first = rest.first, first.isNumber { return true }
                search = range.upperBound..<lower.endIndex
            }
        }
        return false
    }

    /// One word, an image file name (`/a/b.jpg?w=300`).
    private static func looksLikeImageURL(_ value: String) -> Bool {
        let trimmed = PageText.trimmed(value)
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: PageText.isSpace) else { return false }
        return ExtractionPatterns.mentionsImage(trimmed)
    }

    /// Removes blocks that look like navigation, ads or widgets rather than the article's text.
    private func cleanConditionally(_ article: PageNode, _ tag: String) {
        guard flags.contains(.cleanConditionally) else { return }
        for node in article.descendants(named: tag).reversed() where article.contains(node) {
            if shouldRemove(node, tag) { node.detach() }
        }
    }

    private func shouldRemove(_ node: PageNode, _ tag: String) -> Bool {
        if tag == "table" && node.isDataTable { return false }
        if node.hasAncestor("table", maxDepth: -1, where: { $0.isDataTable }) { return false }
        if node.hasAncestor("code") { return false }
        let census = BlockCensus(of: node)
        if census.holdsDataTable { return false }
        let weight = ArticleGrabber.classWeight(node, flags: flags)
        if weight < 0 { return true }
        let (textLength, commas) = node.textStatistics()
        guard commas < 10 else { return false }
        if census.hasVideoEmbed { return false }
        let isList = tag == "ul" || tag == "ol"
            || (textLength > 0 && Double(census.listTextLength) / Double(textLength) > 0.9)
        let headingDensity = textLength > 0 ? Double(census.headingTextLength) / Double(textLength) : 0
        let linkDensity = textLength > 0 ? census.linkTextLength / Double(textLength) : 0
        let paragraphs = census.paragraphs
        let images = census.images
        let embeds = census.embeds
        let inFigure = node.hasAncestor("figure")
        var remove = (images > 1 && Double(paragraphs) / Double(images) < 0.5 && !inFigure)
            || (!isList && census.listItems - 100 > paragraphs)
            || (Double(census.inputs) > (Double(paragraphs) / 3).rounded(.down))
            || (!isList && headingDensity < 0.9 && textLength < 25 && (images == 0 || images > 2) && !inFigure)
            || (!isList && weight < 25 && linkDensity > 0.2)
            || (weight >= 25 && linkDensity > 0.5)
            || ((embeds == 1 && textLength < 75) || embeds > 1)
        // A list of images (a gallery) stays.
        if isList && remove {
            if node.elementChildren.contains(where: { $0.elementCount > 1 }) { return remove }
            if images == census.listItems { remove = false }
        }
        return remove
    }

    /// Removes empty divs and sections and unwraps those that only hold another.
    private func simplifyNestedElements(_ article: PageNode) {
        var cursor: PageNode? = article
        while let node = cursor {
            if node.parent != nil, node.name == "div" || node.name == "section", !node.id.hasPrefix("readability") {
                if ArticleGrabber.isElementWithoutContent(node) {
                    cursor = ArticleGrabber.nextElement(after: node, within: article, skippingChildren: true)
                    node.detach()
                    continue
                }
                if ArticleGrabber.hasSingleTag("div", inside: node) || ArticleGrabber.hasSingleTag("section", inside: node),
                   let child = node.firstElementChild {
                    for attribute in node.attributes { child.setAttribute(attribute.name, attribute.value) }
                    node.replace(with: child)
                    cursor = child
                    continue
                }
            }
            cursor = ArticleGrabber.nextElement(after: node, within: article)
        }
    }
}
