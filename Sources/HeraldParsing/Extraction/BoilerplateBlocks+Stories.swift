import Foundation

/// What points at other stories from inside an article: cards of other stories ("more from the
/// site" grids, trending rails) and paragraphs that only link to another story.
extension BoilerplateBlocks {
    /// Cards that point at other stories ("more from the site", "trending" rails): three or more
    /// sibling elements of the same tag and class, each short (500 characters at most) and headed
    /// by a heading whose text is a link to another page. A listicle's items, whose headings are
    /// not links, or whose text is longer, stay; so do cards that are most of the article (a
    /// roundup of linked recipes), unless they are `<article>`s of their own (other stories, by
    /// HTML's own word); and the article always keeps 200 characters.
    static func removeTeaserCards(in article: PageNode) {
        var groups: [[PageNode]] = []
        var cursor: PageNode? = article
        while let node = cursor {
            // Most elements have fewer than three children: nothing is made for them.
            if node.isElement, node.elementCount >= 3 {
                // In the order the kinds first appear, so that the result never depends on a
                // dictionary's order.
                var kinds: [String] = []
                var members: [String: [PageNode]] = [:]
                for child in node.elementChildren {
                    let kind = child.name + " " + child.className
                    if members[kind] == nil { kinds.append(kind) }
                    members[kind, default: []].append(child)
                }
                for kind in kinds { if let cards = members[kind], cards.count >= 3 { groups.append(cards) } }
            }
            cursor = node.following(within: article)
        }
        guard !groups.isEmpty else { return }
        var remaining = article.innerTextLength()
        for cards in groups where cards.allSatisfy({ article.contains($0) && isTeaserCard($0) }) {
            let removed = cards.reduce(0) { $0 + $1.innerTextLength() }
            let separateStories = cards.allSatisfy { $0.name == "article" || $0.hasDescendant { $0.name == "article" } }
            guard remaining - removed >= 200, separateStories || removed <= remaining - removed else { continue }
            for card in cards { card.detach() }
            remaining -= removed
        }
    }

    /// A short block headed by a link to another page: its one heading is inside a link, or nine
    /// tenths of the heading's text is link text, or a picture ahead of the heading links to
    /// another page of the same site (a thumbnail).
    static func isTeaserCard(_ card: PageNode) -> Bool {
        let length = card.innerTextLength()
        guard length > 0, length <= 500 else { return false }
        let headings = card.descendants(named: ["h2", "h3", "h4", "h5", "h6"])
        guard headings.count == 1, let heading = headings.first else { return false }
        let headingLength = heading.innerTextLength()
        guard headingLength > 0 else { return false }
        // A link around the heading, up to the card itself.
        var ancestor = heading.parent
        while let node = ancestor {
            if node.name == "a" { return leadsElsewhere(node) }
            if node == card { break }
            ancestor = node.parent
        }
        let linked = heading.descendants(named: "a").filter(leadsElsewhere).reduce(0) { $0 + $1.innerTextLength() }
        if linked * 10 >= headingLength * 9 { return true }
        // Or a thumbnail ahead of the heading that links to another page of the same site: the
        // story's picture. Not a link to the picture's own file, nor to another site (a shop,
        // in a product roundup).
        guard let thumbnail = card.descendants(named: "a").first(where: { $0.hasDescendant { $0.name == "img" } }),
              let href = thumbnail.attribute("href"), isPageOfThisSite(href), !ExtractionPatterns.mentionsImage(href)
        else { return false }
        return !heading.contains(thumbnail) && thumbnail.innerTextLength() == 0 && precedes(thumbnail, heading, in: card)
    }

    /// A relative link (`/news/story`, `story.html`): a page of the site the article is on.
    static func isPageOfThisSite(_ href: String) -> Bool {
        guard !href.isEmpty, !href.hasPrefix("#"), !href.hasPrefix("//") else { return false }
        return !href.contains(":") || (href.firstIndex(of: "/").map { $0 < href.firstIndex(of: ":")! } ?? false)
    }

    /// True when `node` comes before `other` in `card`, in document order.
    static func precedes(_ node: PageNode, _ other: PageNode, in card: PageNode) -> Bool {
        var cursor = card.firstChild
        while let current = cursor {
            if current == node { return true }
            if current == other { return false }
            cursor = current.following(within: card)
        }
        return false
    }

    /// A link to another page (not to a place in this one).
    static func leadsElsewhere(_ link: PageNode) -> Bool {
        guard let href = link.attribute("href"), !href.isEmpty else { return false }
        return !href.hasPrefix("#")
    }

    /// A link to a file says what the file is: "Read the ruling [PDF]" is not a promo.
    static let fileTags: Set<String> = ["PDF", "DOC", "DOCX", "XLS", "XLSX", "PPT", "CSV", "ZIP", "MP3", "EPUB"]

    /// Labels that introduce a link to another story inside an article.
    static let promoLabels: Set<String> = ["related", "read", "more", "also", "see", "watch", "listen", "recommended", "related stories", "read more", "see also", "read also"]

    /// A paragraph that only points at another story: its text is (nine tenths) link text to
    /// another page, under 200 characters, and it either starts with a label such as "Related:",
    /// "Read more:", "See also:", or shouts (three words or more, no lower-case letter:
    /// "TAYLOR SWIFT CLEARED TO PERFORM"). A sentence with a link in it stays.
    static func isInlinePromo(_ paragraph: PageNode) -> Bool {
        // Measured first without a string: most paragraphs are longer, or have no link.
        guard paragraph.innerTextLength() <= 200, paragraph.hasDescendant(where: { $0.name == "a" }) else { return false }
        let text = PageText.normalized(paragraph.textContent)
        let length = text.unicodeScalars.count
        guard length > 0, length <= 200 else { return false }
        let linked = paragraph.descendants(named: "a").filter(leadsElsewhere).reduce(0) { $0 + PageText.normalized($1.textContent).unicodeScalars.count }
        guard linked > 0 else { return false }
        if let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.distance(from: text.startIndex, to: colon) <= 20 {
            let label = text[..<colon].lowercased()
            let rest = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces).unicodeScalars.count
            if promoLabels.contains(label) || label.split(separator: " ").allSatisfy({ promoLabels.contains(String($0)) }) {
                return rest > 0 && linked * 10 >= rest * 9
            }
        }
        // "Plane passengers quarantined after outbreak [NEWS]": a link with a bracketed tag.
        if text.hasSuffix("]"), let open = text.lastIndex(of: "["),
           text[text.index(after: open)...].dropLast().allSatisfy({ $0.isUppercase || $0 == " " }),
           text.distance(from: open, to: text.endIndex) <= 12,
           !fileTags.contains(String(text[text.index(after: open)...].dropLast())) {
            return linked * 10 >= (length - text.distance(from: open, to: text.endIndex)) * 9
        }
        // Capitals, in a script that has them (Arabic, Hebrew or Korean have no lower case).
        let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic }
        let capitals = letters.filter { $0.properties.isUppercase }.count
        let shouts = letters.count >= 10 && capitals * 10 >= letters.count * 9
            && text.split(separator: " ").count >= 3
        return shouts && linked * 10 >= length * 9
    }
}
