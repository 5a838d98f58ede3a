/// The class-and-id hints the extractor reads, as lists of fragments matched case-insensitively
/// anywhere in an element's `class` and `id` (the patterns of Mozilla's Readability, which most
/// extractors share).
enum ExtractionPatterns {
    /// Blocks that are rarely the article: comments, menus, footers, sharing, ads.
    static let unlikely = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus",
        "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss",
        "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate",
        "pagination", "pager", "popup", "yom-remote",
    ]
    /// Words that save an unlikely-looking block.
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    static let positive = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ]
    static let negative = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
        "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper",
        "sponsor", "shopping", "tags", "widget",
    ]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    /// ARIA roles of blocks that are not the article.
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]

    static func matches(_ text: String, _ fragments: [String]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            fragments.contains { fragment in contains(bytes, fragment) }
        }
    }

    /// True when the class or the id of `node` holds one of `fragments` (none spans the two).
    static func matches(_ node: PageNode, _ fragments: [String]) -> Bool {
        if let value = node.attribute("class"), matches(value, fragments) { return true }
        if let value = node.attribute("id"), matches(value, fragments) { return true }
        return false
    }

    /// ASCII case-insensitive search of an ASCII `fragment` in UTF-8 `bytes`, without copying.
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ fragment: String) -> Bool {
        var fragment = fragment
        return fragment.withUTF8 { needle in
            guard let first = needle.first, bytes.count >= needle.count else { return false }
            var start = 0
            let last = bytes.count - needle.count
            while start <= last {
                let head = bytes[start]
                if ((65...90).contains(head) ? head | 0x20 : head) == first {
                    var offset = 1
                    while offset < needle.count {
                        let byte = bytes[start + offset]
                        let folded = (65...90).contains(byte) ? byte | 0x20 : byte
                        if folded != needle[offset] { break }
                        offset += 1
                    }
                    if offset == needle.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// Readability's `hid` forms: the word `hid` alone in a class or id list.
    static func hasHidWord(_ text: String) -> Bool {
        text.lowercased().split(separator: " ").contains("hid")
    }

    /// The names a page gives its readers' comments: class or id words, whole (`comments-open`, a
    /// state WordPress themes put on wrappers of the whole page, is not one of them).
    private static let commentThreadWords: Set<String> = [
        "comments", "comment-list", "commentlist", "comments-list", "comments-area", "comments-section",
        "comment-section", "comments-wrapper", "comments-container", "comment-respond", "disqus_thread",
    ]

    /// True for a thread of readers' comments (or its reply form, `#respond`): never the article,
    /// however long, so no attempt keeps it, not even the looser ones that keep unlikely blocks
    /// (an article of two paragraphs above fifty comments would otherwise lose to them). Whole
    /// words, not fragments: `commentary` and `comment-body` inside an article are not threads;
    /// and a block that holds an `<article>` or an `<h1>` is a wrapper of the page, whatever its name.
    static func isCommentThread(_ node: PageNode) -> Bool {
        guard node.isElement, !["html", "body", "article", "main"].contains(node.name) else { return false }
        var named = false
        if let id = node.attribute("id") {
            let lower = id.lowercased()
            named = commentThreadWords.contains(lower) || lower == "respond"
        }
        if !named {
            named = node.classWords.contains { commentThreadWords.contains(String($0)) }
        }
        guard named else { return false }
        return !node.hasDescendant { $0.name == "article" || $0.name == "h1" }
    }

    static func isUnlikely(_ node: PageNode) -> Bool {
        matches(node, unlikely) && !matches(node, maybeCandidate)
    }

    /// `share` or `sharedaddy` as a word (bounded by a non-word character or `_`).
    static func isShareElement(_ matchString: String) -> Bool {
        let lower = Array(matchString.lowercased().unicodeScalars)
        for word in ["sharedaddy", "share"] {
            let needle = Array(word.unicodeScalars)
            guard lower.count >= needle.count else { continue }
            for start in 0...(lower.count - needle.count) where Array(lower[start..<start + needle.count]) == needle {
                let before = start == 0 ? nil : lower[start - 1]
                let after = start + needle.count < lower.count ? lower[start + needle.count] : nil
                if isBoundary(before) && isBoundary(after) { return true }
            }
        }
        return false
    }

    private static func isBoundary(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        if scalar == "_" { return true }
        return !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
    }

    /// Video hosts whose embeds are kept.
    static func isVideoURL(_ value: String) -> Bool {
        let lower = value.lowercased()
        return ["//www.youtube.com", "//youtube.com", "//www.youtube-nocookie.com", "//youtube-nocookie.com",
                "//player.vimeo.com", "//www.dailymotion.com", "//dailymotion.com", "//v.qq.com",
                "//archive.org", "//upload.wikimedia.org", "//player.twitch.tv"].contains { lower.contains($0) }
    }

    /// An image file name in an attribute value (`.jpg`, `.jpeg`, `.png`, `.webp`).
    static func mentionsImage(_ value: String) -> Bool {
        let lower = value.lowercased()
        return [".jpg", ".jpeg", ".png", ".webp"].contains { lower.contains($0) }
    }
}
