import Foundation

/// The page's words about itself, alone in a block: labels and toolbars, author boxes, lines on
/// how to reach the writer, share rows, breadcrumbs, date labels and slideshow counters.
extension BoilerplateBlocks {
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
    static let authorBoxWords: Set<String> = ["bio", "box", "info", "about", "profile", "details", "card"]

    /// A box about the author (a photo, a paragraph of biography, "More articles from…"), at most
    /// 800 characters: the byline is shown apart, and the people who checked articles left these
    /// out. Never a block holding an `<h1>` or an `<article>`.
    static func isAuthorBox(_ box: PageNode) -> Bool {
        let names = box.classWords + [Substring(box.id.lowercased())]
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
    static let shareWords: Set<Substring> = [
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
    static func isLabel(_ line: ShortLine?) -> Bool {
        guard let line else { return false }
        return isDateLabel(line) || isSlideCounter(line) || isPageFurniture(line)
    }

    /// The label of a date whose value the page shows elsewhere (or in a script): "Updated",
    /// "Published", "Last modified:", "Posted on" alone in a block.
    static func isDateLabel(_ text: String) -> Bool { ShortLine(text).map(isDateLabel) ?? false }

    static func isDateLabel(_ line: ShortLine) -> Bool {
        let words = line.words
        guard (1...3).contains(words.count) else { return false }
        return words.contains { dateLabelWords.contains($0) } && words.allSatisfy { dateLabelFillers.contains($0) }
    }

    static let dateLabelWords: Set<Substring> = ["updated", "published", "posted", "modified"]
    static let dateLabelFillers: Set<Substring> = dateLabelWords.union(["last", "first", "on", "at", "date"])

    /// The page's own controls and labels, alone in a block: "Advertisement", "Skip to content",
    /// "Print article", "Text size", "Don't miss", "You may also like…", and the messages shown
    /// where a player or slideshow cannot run ("Media playback is unsupported on your device",
    /// "This slideshow requires JavaScript.").
    static func isPageFurniture(_ text: String) -> Bool { ShortLine(text).map(isPageFurniture) ?? false }

    static func isPageFurniture(_ line: ShortLine) -> Bool {
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

    static let furnitureLabels: Set<String> = [
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

    static func isSlideCounter(_ line: ShortLine) -> Bool {
        var words = line.text.split(whereSeparator: { $0 == " " || $0 == "/" })
        if let first = words.first, ["image", "photo", "picture", "slide"].contains(first) { words.removeFirst() }
        if words.count == 3, words[1] == "of" { words.remove(at: 1) }
        return words.count == 2 && words.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }
    }
}
