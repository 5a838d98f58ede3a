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
                other.block !== block && other.text != text && other.text.unicodeScalars.count > length - 8
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
        node.className.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { word in
            word == "caption" || word.hasPrefix("caption-") || word.hasPrefix("caption_") || word.hasSuffix("-caption")
                || word.hasSuffix("_caption") || word.hasPrefix("wp-caption")
        }
    }

    /// Cards that point at other stories ("more from the site", "trending" rails): three or more
    /// sibling elements of the same tag and class, each short (500 characters at most) and headed
    /// by a heading whose text is a link to another page. A listicle's items, whose headings are
    /// not links, or whose text is longer, stay; so do cards that are most of the article (a
    /// roundup of linked recipes), unless they are `<article>`s of their own (other stories, by
    /// HTML's own word); and the article always keeps 200 characters.
    private static func removeTeaserCards(in article: PageNode) {
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
            if node === card { break }
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
    private static func isPageOfThisSite(_ href: String) -> Bool {
        guard !href.isEmpty, !href.hasPrefix("#"), !href.hasPrefix("//") else { return false }
        return !href.contains(":") || (href.firstIndex(of: "/").map { $0 < href.firstIndex(of: ":")! } ?? false)
    }

    /// True when `node` comes before `other` in `card`, in document order.
    private static func precedes(_ node: PageNode, _ other: PageNode, in card: PageNode) -> Bool {
        var cursor = card.firstChild
        while let current = cursor {
            if current === node { return true }
            if current === other { return false }
            cursor = current.following(within: card)
        }
        return false
    }

    /// A link to another page (not to a place in this one).
    private static func leadsElsewhere(_ link: PageNode) -> Bool {
        guard let href = link.attribute("href"), !href.isEmpty else { return false }
        return !href.hasPrefix("#")
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

    /// A list of the page's own tools, every item a label ("Order Reprints", "Print Article",
    /// "Share"): a printer's features ("Print", "Scan", "Copy") are not all labels.
    static func isToolbar(_ list: PageNode) -> Bool {
        let items = list.elementChildren.filter { $0.name == "li" }
        guard items.count >= 2 else { return false }
        var labelled = 0
        for item in items {
            guard item.innerTextLength() <= 40 else { return false }
            guard let line = ShortLine(item.textContent) else {
                // Empty (an icon): no word either way. Longer than a label: not a toolbar.
                if item.hasVisibleText { return false }
                continue
            }
            guard isPageFurniture(line) else { return false }
            labelled += 1
        }
        return labelled > 0
    }

    /// The words of an author box's class or id: `author-bio`, `entry-author-bio`, `author-box`,
    /// `about-the-author`, `author-info`…
    private static let authorBoxWords: Set<String> = ["bio", "box", "info", "about", "profile", "details", "card"]

    /// A box about the author (a photo, a paragraph of biography, "More articles from…"), at most
    /// 800 characters: the byline is shown apart, and the people who checked articles left these
    /// out. Never a block holding an `<h1>` or an `<article>`.
    static func isAuthorBox(_ box: PageNode) -> Bool {
        let names = (box.className + " " + box.id).lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        // Each class or id cut at `-` and `_`: `entry-author-bio` is `entry`, `author`, `bio`.
        let named = names.contains { name in
            let parts = name.split(whereSeparator: { $0 == "-" || $0 == "_" })
            let compound = ["authorbio", "authorbox", "authorinfo", "aboutauthor", "abouttheauthor"].contains { name.contains($0) }
            return compound || (parts.contains { $0 == "author" || $0 == "authors" }
                && parts.contains { part in authorBoxWords.contains(String(part)) })
        }
        guard named, box.innerTextLength() <= 800 else { return false }
        return !box.hasDescendant { $0.name == "h1" || $0.name == "article" }
    }

    /// How to reach the writer, alone in a block: a profile's address ("twitter.com/paultakahashi"),
    /// or a line that starts "Write to",
    /// "Email", "Contact", "Reach the reporter(s)" or "Follow" and names an address or a network.
    static func isContactLine(_ line: ShortLine?) -> Bool {
        guard var text = line?.text else { return false }
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) { text.removeFirst(scheme.count) }
        // A lone e-mail address stays: an article may end "Let's talk:" and give one.
        if !text.contains(" ") {
            return ["twitter.com/", "www.twitter.com/", "x.com/", "facebook.com/", "www.facebook.com/", "instagram.com/",
                    "www.instagram.com/"].contains { text.hasPrefix($0) }
        }
        let words = text.split(separator: " ")
        let address = words.contains { word in
            guard let at = word.firstIndex(of: "@") else { return false }
            let after = word[word.index(after: at)...]
            let isHandle = at == word.startIndex && after.first.map { $0.isLetter || $0.isNumber || $0 == "_" } == true
            let isMail = at != word.startIndex && after.contains(".") && !after.hasPrefix(".")
            return isHandle || isMail
        }
        if text.hasPrefix("follow ") {
            // "Follow us on Twitter", "Follow her @ada"; not "Follow these steps…".
            return address || [" on twitter", " on x", " on facebook", " on instagram"].contains { text.contains($0) }
        }
        let opens = ["write to ", "email ", "e-mail ", "contact ", "reach the reporter"].contains { text.hasPrefix($0) }
        return opens && address
    }

    /// The names on a row of sharing buttons.
    private static let shareWords: Set<Substring> = [
        "facebook", "twitter", "tweet", "whatsapp", "pinterest", "pin", "pint", "linkedin", "reddit", "email", "e", "mail",
        "telegram", "messenger", "flipboard", "tumblr", "share", "print", "copy", "link", "sms", "x",
    ]

    /// A row of sharing buttons: two or more networks' names, and little else ("Whatsapp Facebook
    /// Pint Baixar"). Asked of link-dense blocks only.
    static func isShareRow(_ line: ShortLine?) -> Bool {
        guard let words = line?.words, words.count >= 2 else { return false }
        let named = words.filter { shareWords.contains($0) }.count
        return named >= 2 && named * 3 >= words.count * 2
    }

    /// A breadcrumb trail: two or more `»`, `›` or ` > ` between the crumbs ("News » World »
    /// Story"). Asked of blocks whose crumbs are links (a third of the text or more).
    static func isBreadcrumbTrail(_ text: String) -> Bool {
        var separators = 0
        for scalar in text.unicodeScalars where scalar == "»" || scalar == "›" { separators += 1 }
        if separators < 2 { separators += text.components(separatedBy: " > ").count - 1 }
        return separators >= 2
    }

    /// A date label, a slideshow's counter or the page's own furniture (below).
    private static func isLabel(_ line: ShortLine?) -> Bool {
        guard let line else { return false }
        return isDateLabel(line) || isSlideCounter(line) || isPageFurniture(line)
    }

    /// The label of a date whose value the page shows elsewhere (or in a script): "Updated",
    /// "Published", "Last modified:", "Posted on" alone in a block.
    static func isDateLabel(_ text: String) -> Bool { ShortLine(text).map(isDateLabel) ?? false }

    private static func isDateLabel(_ line: ShortLine) -> Bool {
        let words = line.words
        guard (1...3).contains(words.count) else { return false }
        return words.contains { dateLabelWords.contains($0) } && words.allSatisfy { dateLabelFillers.contains($0) }
    }

    private static let dateLabelWords: Set<Substring> = ["updated", "published", "posted", "modified"]
    private static let dateLabelFillers: Set<Substring> = dateLabelWords.union(["last", "first", "on", "at", "date"])

    /// The page's own controls and labels, alone in a block: "Advertisement", "Skip to content",
    /// "Print article", "Text size", "Don't miss", "You may also like…", and the messages shown
    /// where a player or slideshow cannot run ("Media playback is unsupported on your device",
    /// "This slideshow requires JavaScript.").
    static func isPageFurniture(_ text: String) -> Bool { ShortLine(text).map(isPageFurniture) ?? false }

    private static func isPageFurniture(_ line: ShortLine) -> Bool {
        let text = line.text
        if furnitureLabels.contains(text) { return true }
        let words = line.words
        // "This slideshow requires JavaScript", "Please enable JavaScript in your browser"; not a
        // how-to's step "Enable JavaScript".
        if words.contains("javascript") && words.contains(where: { ["requires", "required", "browser", "disabled"].contains($0) }) {
            return true
        }
        return words.contains("playback") && words.contains("unsupported")
    }

    private static let furnitureLabels: Set<String> = [
        "ad", "ads", "advert", "advertisement", "advertisements", "sponsored", "sponsored content", "skip to content",
        "skip to main content", "skip to navigation", "skip navigation", "scroll to continue with content",
        "continue reading below", "story continues below", "article continues below", "story continues below advertisement",
        "article continues below advertisement", "advertisement - scroll to continue", "print", "print article",
        "print this article", "order reprints", "reprints", "text size", "font size", "share", "share this article",
        "share this story", "share this", "tags", "trending", "trending now", "most read", "most popular", "don't miss",
        "you may also like", "you might also like", "recommended", "recommended for you", "related", "related articles",
        "related stories", "more stories", "read more", "subscribe", "comments", "leave a comment", "view comments",
        "show comments", "tell us what you think", "like this story? share it with a friend",
    ]

    /// A slideshow's counter: "Image 1 of 5", "Photo 2/9", "3 of 12".
    static func isSlideCounter(_ text: String) -> Bool { ShortLine(text).map(isSlideCounter) ?? false }

    private static func isSlideCounter(_ line: ShortLine) -> Bool {
        var words = line.text.split(whereSeparator: { $0 == " " || $0 == "/" })
        if let first = words.first, ["image", "photo", "picture", "slide"].contains(first) { words.removeFirst() }
        if words.count == 3, words[1] == "of" { words.remove(at: 1) }
        return words.count == 2 && words.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }
    }

    /// A link to a file says what the file is: "Read the ruling [PDF]" is not a promo.
    private static let fileTags: Set<String> = ["PDF", "DOC", "DOCX", "XLS", "XLSX", "PPT", "CSV", "ZIP", "MP3", "EPUB"]

    /// Labels that introduce a link to another story inside an article.
    private static let promoLabels: Set<String> = ["related", "read", "more", "also", "see", "watch", "listen", "recommended", "related stories", "read more", "see also", "read also"]

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

/// A short block's text as the label rules compare it, made in one pass over its bytes: ASCII
/// letters lower-cased, runs of white space (no-break spaces too) one space, `’` as `'`, and spaces and `. : ! | - – — …`
/// trimmed from both ends. Nil for text of more than 100 bytes (no label or message is longer).
struct ShortLine {
    let text: String

    init?(_ source: String) {
        guard source.utf8.count <= 100 else { return nil }
        let source = Array(source.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        var pendingSpace = false
        var index = 0
        while index < source.count {
            let byte = source[index]
            index += 1
            // A no-break space (C2 A0) is white space too ("Advertisement&nbsp;").
            let isNoBreakSpace = byte == 0xC2 && index < source.count && source[index] == 0xA0
            if byte == 0x20 || (0x09...0x0D).contains(byte) || isNoBreakSpace {
                if isNoBreakSpace { index += 1 }
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace { bytes.append(0x20) }
            pendingSpace = false
            if byte == 0xE2, index + 1 < source.count, source[index] == 0x80, source[index + 1] == 0x99 {
                bytes.append(UInt8(ascii: "'"))
                index += 2
            } else {
                bytes.append((65...90).contains(byte) ? byte | 0x20 : byte)
            }
        }
        // Trim the punctuation and dashes at both ends (– — … are E2 80 93/94/A6).
        func isTrimmed(_ slice: ArraySlice<UInt8>, atEnd: Bool) -> Int {
            guard let edge = atEnd ? slice.last : slice.first else { return 0 }
            if [0x20, 0x2E, 0x3A, 0x21, 0x7C, 0x2D].contains(edge) { return 1 }
            if slice.count >= 3 {
                let three = atEnd ? Array(slice.suffix(3)) : Array(slice.prefix(3))
                if three[0] == 0xE2 && three[1] == 0x80 && [0x93, 0x94, 0xA6].contains(three[2]) { return 3 }
            }
            return 0
        }
        var slice = bytes[...]
        while case let count = isTrimmed(slice, atEnd: false), count > 0 { slice = slice.dropFirst(count) }
        while case let count = isTrimmed(slice, atEnd: true), count > 0 { slice = slice.dropLast(count) }
        guard !slice.isEmpty else { return nil }
        text = String(decoding: slice, as: UTF8.self)
    }

    /// The words: runs of letters (ASCII and beyond) and apostrophes.
    var words: [Substring] { text.split(whereSeparator: { !($0.isLetter || $0 == "'") }) }
}
