import Foundation

/// Removals beyond Readability's, for what readers of the article never want and human-checked
/// article texts leave out: navigation (`<nav>`, lists whose every item is a link: breadcrumbs,
/// "more stories"), date lines ("Updated 5:27 am CST, Wednesday, November 20, 2019") and photo
/// credit lines ("Photo: A. Name, AP") and date labels ("Updated"), newsletter prompts, cards of
/// other stories (a heading that links elsewhere and a line), the page's labels and toolbars,
/// author boxes, lines on how to reach the writer, breadcrumbs and share rows, promos of other
/// stories inside the text, and captions or short lines that repeat an earlier one word for word (slideshows, sharing links under every item). Each rule is
/// about the block's own words, never a site.
enum BoilerplateBlocks {
    static func remove(from article: PageNode) {
        for nav in article.descendants(named: "nav") { nav.detach() }
        removeRepeats(in: article)
        removeTeaserCards(in: article)
        for list in article.descendants(named: ["ul", "ol"]).reversed()
        where article.contains(list) && (isLinkList(list) || isToolbar(list)) {
            list.detach()
        }
        let articleLength = article.innerTextLength()
        for box in article.descendants(named: ["div", "section", "aside", "footer"]).reversed()
        where article.contains(box) && isAuthorBox(box) {
            // A box that is half the article or more is the article (a brief, a wrapper).
            let length = box.innerTextLength()
            guard length * 2 < articleLength else { continue }
            box.detach()
        }
        for block in article.descendants(named: ["p", "div", "span", "time", "h4", "h5", "h6", "li", "figcaption", "small", "cite"]).reversed() {
            // The length first: it needs no string, and most blocks are longer than a date line.
            let length = block.innerTextLength()
            guard length > 0, length <= 120, article.contains(block), !isData(block),
                  block.elementChildren.allSatisfy({ !blockNames.contains($0.name) }) else { continue }
            let text = block.textContent
            if isDateLine(text) || isCreditLine(text) || isNewsletterPrompt(text) {
                block.detach()
                continue
            }
            // The page's labels, share rows and breadcrumbs are blocks of their own: not a word in
            // a sentence (a small-caps "AD" in "79 AD") nor an item of a list ("Print", "Scan").
            guard block.name != "li", block.name == "p" || !block.hasAncestor("p", maxDepth: -1) else { continue }
            let line = ShortLine(text)
            if isLabel(line) || isContactLine(line) || (isShareRow(line) && ArticleGrabber.linkDensity(block) >= 0.5)
                || (isBreadcrumbTrail(text) && ArticleGrabber.linkDensity(block) >= 0.3) {
                block.detach()
            }
        }
        for paragraph in article.descendants(named: "p") where article.contains(paragraph) && isInlinePromo(paragraph) {
            paragraph.detach()
        }
    }

    /// Repeats of an earlier block: a caption shown again (slideshows, the same caption under
    /// every photo of a post), or a short line of links
    /// (60 characters at most) that comes back three times or more (a row of sharing links under
    /// every item). Repeated prose and labels stay: an article may quote itself.
    private static func removeRepeats(in article: PageNode) {
        let blocks = article.descendants(named: ["p", "li", "figcaption", "div", "h2", "h3", "h4", "h5", "h6", "dd"])
            .filter { block in
                (isCaption(block) || block.innerTextLength() <= 60)
                    && block.elementChildren.allSatisfy { !blockNames.contains($0.name) }
            }
        let texts = blocks.map { PageText.normalized($0.textContent).lowercased() }
        var counts: [String: Int] = [:]
        for text in texts where text.unicodeScalars.count >= 10 { counts[text, default: 0] += 1 }
        var first: [String: PageNode] = [:]
        for (block, text) in zip(blocks, texts) where (counts[text] ?? 0) > 1 && article.contains(block) {
            let repeatedLine = text.unicodeScalars.count <= 60 && counts[text]! >= 3
                && ArticleGrabber.linkDensity(block) >= 0.5
            let repeatedCaption = isCaption(block)
            guard repeatedLine || repeatedCaption else { continue }
            guard let earlier = first[text] else {
                first[text] = block
                continue
            }
            // A caption inside a caption (`<p class="caption"><figcaption>`) says its words once.
            if earlier.contains(block) || block.contains(earlier) { continue }
            block.detach()
        }
        removeTruncatedCaptions(blocks: blocks, texts: texts, in: article)
    }

    /// A caption cut short ("… more") beside the whole caption it begins: a gallery shows both
    /// and a toggle switches between them. The cut one goes.
    private static func removeTruncatedCaptions(blocks: [PageNode], texts: [String], in article: PageNode) {
        let captions = zip(blocks, texts).filter { isCaption($0.0) && article.contains($0.0) }
        guard captions.count >= 2 else { return }
        // The captions by their first 40 characters, so that each cut one is compared with the
        // few that begin alike (a page of thousands of captions stays linear).
        let keyLength = 40
        var byStart: [Substring: [(block: PageNode, text: String)]] = [:]
        for (block, text) in captions where text.unicodeScalars.count >= keyLength {
            byStart[Substring(text.unicodeScalars.prefix(keyLength)), default: []].append((block, text))
        }
        for (block, text) in captions {
            guard let cut = text.range(of: "…", options: .backwards) ?? text.range(of: "...", options: .backwards) else { continue }
            let after = text[cut.upperBound...].trimmingCharacters(in: .whitespaces)
            guard after.isEmpty || after == "more" || after == "read more" else { continue }
            let stem = text[..<cut.lowerBound].trimmingCharacters(in: .whitespaces)
            guard stem.unicodeScalars.count >= keyLength,
                  let alike = byStart[Substring(stem.unicodeScalars.prefix(keyLength))] else { continue }
            let length = text.unicodeScalars.count
            let whole = alike.contains { other in
                other.block != block && other.text != text && other.text.unicodeScalars.count > length - 8
                    && other.text.hasPrefix(stem) && article.contains(other.block)
                    && !other.block.contains(block) && !block.contains(other.block)
            }
            if whole { block.detach() }
        }
    }

    /// A caption: a `<figcaption>`, or a block whose class says caption (WordPress's
    /// `wp-caption-text`, `image-caption`…), or a paragraph right inside one.
    private static func isCaption(_ block: PageNode) -> Bool {
        func says(_ node: PageNode) -> Bool { node.name == "figcaption" || hasCaptionClass(node) }
        // Or a paragraph made of a short caption's text (a caption `div` with a toggle link inside).
        guard !says(block) else { return true }
        guard block.name == "p", let parent = block.parent, says(parent) else { return false }
        return parent.innerTextLength() <= 500
    }

    /// A class word that names a caption: `caption`, `caption-…`, `…-caption`, `wp-caption-text`;
    /// not `has-captions` nor `captioned` (a body with captions somewhere in it).
    static func hasCaptionClass(_ node: PageNode) -> Bool {
        node.classWords.contains { word in
            word == "caption" || word.hasPrefix("caption-") || word.hasPrefix("caption_") || word.hasSuffix("-caption")
                || word.hasSuffix("_caption") || word.hasPrefix("wp-caption")
        }
    }

    /// A short block asking for a newsletter sign-up.
    static func isNewsletterPrompt(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard lower.contains("newsletter") else { return false }
        return ["subscribe", "sign up", "sign-up", "inbox", "receive"].contains { lower.contains($0) }
    }

    /// Inside code or a table, a line of dates is data.
    private static func isData(_ block: PageNode) -> Bool {
        block.hasAncestor("pre", maxDepth: -1) || block.hasAncestor("code", maxDepth: -1) || block.hasAncestor("table", maxDepth: -1)
    }

    private static let blockNames: Set<String> = ["p", "div", "ul", "ol", "table", "blockquote", "figure", "pre", "section"]

    /// Two or more items, each of them a link and little else, to other pages (a table of contents,
    /// whose links lead into the article itself, stays).
    static func isLinkList(_ list: PageNode) -> Bool {
        let items = list.elementChildren.filter { $0.name == "li" }
        guard items.count >= 2 else { return false }
        let links = list.descendants(named: "a")
        let inPage = links.filter { ($0.attribute("href") ?? "").hasPrefix("#") }.count
        if inPage * 2 >= links.count { return false }
        return items.allSatisfy { item in
            let length = item.innerTextLength()
            guard length > 0 else { return true }
            let linked = item.descendants(named: "a").reduce(0) { $0 + $1.innerTextLength() }
            return Double(linked) >= 0.9 * Double(length)
        }
    }

    private static let dateWords: Set<String> = [
        "jan", "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun", "june", "jul", "july",
        "aug", "august", "sep", "sept", "september", "oct", "october", "nov", "november", "dec", "december",
        "mon", "monday", "tue", "tues", "tuesday", "wed", "wednesday", "thu", "thursday", "fri", "friday",
        "sat", "saturday", "sun", "sunday", "am", "pm", "a", "p", "m", "utc", "gmt", "est", "edt", "cst", "cdt",
        "mst", "mdt", "pst", "pdt", "bst", "cet", "cest", "hst", "updated", "published", "posted", "last",
        "modified", "first", "on", "at", "date", "time", "today", "yesterday", "originally",
    ]

    /// Words that are a date line's only beside a time ("8:21 am ET / Original …"): alone they are
    /// a Bible book ("Mt 5:3"), a part ("Pt. 2"), a state ("CT 06510") or a price's label.
    private static let timeCompanions: Set<String> = ["et", "pt", "ct", "mt", "original"]

    /// A line that only says when: date and time words and numbers, with at least one number.
    /// Read over bytes (every short block of a page is asked): a non-ASCII letter makes its word
    /// one that is not a date word.
    static func isDateLine(_ text: String) -> Bool {
        var words = 0
        var dated = 0
        var hasNumber = false
        var companions = 0
        var hasClock = false
        var word: [UInt8] = []
        word.reserveCapacity(16)
        var allDigits = true
        func finish() {
            guard !word.isEmpty else { return }
            words += 1
            if allDigits {
                dated += 1
                hasNumber = true
            } else if word.count <= 10 {
                let name = String(decoding: word, as: UTF8.self)
                if dateWords.contains(name) {
                    dated += 1
                    if name == "am" || name == "pm" { hasClock = true }
                } else if timeCompanions.contains(name) {
                    companions += 1
                }
            }
            word.removeAll(keepingCapacity: true)
            allDigits = true
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                word.append(byte | 0x20)
                allDigits = false
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), 0x80...0xFF:
                word.append(byte)
                allDigits = false
            default:
                finish()
            }
        }
        finish()
        if hasClock { dated += companions }
        return hasNumber && Double(dated) >= 0.85 * Double(words)
    }

    /// "Photo: A. Name, AP", "(Image: Getty)", "Credit: …": a short line naming a picture's source.
    static func isCreditLine(_ text: String) -> Bool {
        var line = Substring(PageText.trimmed(text))
        if line.hasPrefix("(") && line.hasSuffix(")") { line = line.dropFirst().dropLast() }
        let lower = line.lowercased()
        guard lower.unicodeScalars.count <= 80 else { return false }
        return ["photo:", "photos:", "image:", "images:", "credit:", "credits:", "photograph:", "picture:", "photo credit:",
                "photo credits:", "image credit:", "image credits:", "picture credit:", "image copyright ", "©"]
            .contains { lower.hasPrefix($0) }
    }
}
