import Foundation

/// What a page says about itself: JSON-LD (schema.org articles), OpenGraph, Dublin Core,
/// Twitter and plain `<meta>` tags, and the `<title>` cleaned of the site's name.
struct PageMetadata {
    var title = ""
    var byline: String?
    var excerpt: String?
    var siteName: String?
    var published: String?
    var image: String?

    /// Reads the metadata of a page before anything is removed from it.
    static func read(from tree: PageTree) -> PageMetadata {
        let jsonLD = JSONLDArticle.find(in: tree)
        var values: [String: String] = [:]
        for meta in tree.root.descendants(named: "meta") {
            guard let content = meta.attribute("content"), !content.isEmpty else { continue }
            let trimmed = PageText.trimmed(content)
            var matched = false
            if let property = meta.attribute("property") {
                for key in propertyKeys(property) {
                    values[key] = trimmed
                    matched = true
                }
            }
            if !matched, let name = meta.attribute("name"), let key = nameKey(name) {
                values[key] = trimmed
            }
            if let itemprop = meta.attribute("itemprop"), itemprop == "image", values["itemprop:image"] == nil {
                values["itemprop:image"] = trimmed
            }
        }
        var metadata = PageMetadata()
        let pageTitle = articleTitle(in: tree)
        metadata.title = jsonLD?.title(comparedWith: pageTitle)
            ?? first(values, ["dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title",
                              "title", "twitter:title", "parsely-title"])
            ?? pageTitle
        let articleAuthor = values["article:author"].flatMap { looksLikeURL($0) ? nil : $0 }
        metadata.byline = jsonLD?.byline
            ?? first(values, ["dc:creator", "dcterm:creator", "author", "parsely-author"]) ?? articleAuthor
        metadata.excerpt = jsonLD?.excerpt
            ?? first(values, ["dc:description", "dcterm:description", "og:description", "weibo:article:description",
                              "weibo:webpage:description", "description", "twitter:description"])
        metadata.siteName = jsonLD?.siteName ?? values["og:site_name"]
        metadata.published = jsonLD?.datePublished
            ?? first(values, ["article:published_time", "parsely-pub-date", "dc:date", "dcterm:date", "date"])
        metadata.image = jsonLD?.image ?? first(values, ["og:image", "twitter:image", "itemprop:image"])
        metadata.title = HTMLEntityText.decode(metadata.title)
        metadata.byline = metadata.byline.map(HTMLEntityText.decode)
        metadata.excerpt = metadata.excerpt.map(HTMLEntityText.decode)
        metadata.siteName = metadata.siteName.map(HTMLEntityText.decode)
        return metadata
    }

    private static func first(_ values: [String: String], _ keys: [String]) -> String? {
        for key in keys { if let value = values[key], !value.isEmpty { return value } }
        return nil
    }

    private static func looksLikeURL(_ text: String) -> Bool {
        text.hasPrefix("http://") || text.hasPrefix("https://")
    }

    /// `property="og:title"`, `property="article:published_time twitter:title"`: each
    /// `(article|dc|dcterm|og|twitter):(author|creator|description|published_time|title|site_name)`.
    private static func propertyKeys(_ property: String) -> [String] {
        let prefixes: Set<String> = ["article", "dc", "dcterm", "og", "twitter"]
        let names: Set<String> = ["author", "creator", "description", "published_time", "title", "site_name", "image"]
        var keys: [String] = []
        for token in property.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let parts = token.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, prefixes.contains(parts[0]), names.contains(parts[1]) else { continue }
            keys.append(parts[0] + ":" + parts[1])
        }
        return keys
    }

    /// `name="description"`, `name="dc.title"`, `name="twitter:title"`, `name="parsely-author"`…
    private static func nameKey(_ name: String) -> String? {
        let key = name.lowercased().filter { !$0.isWhitespace }.replacingOccurrences(of: ".", with: ":")
        let names: Set<String> = ["author", "creator", "pub-date", "description", "title", "site_name", "image", "date"]
        if names.contains(key) { return key }
        for prefix in ["dc:", "dcterm:", "og:", "twitter:", "weibo:article:", "weibo:webpage:"] where key.hasPrefix(prefix) {
            if names.contains(String(key.dropFirst(prefix.count))) { return key }
        }
        if key.hasPrefix("parsely-"), names.contains(String(key.dropFirst(8))) { return key }
        return nil
    }

    /// The `<title>` without the site's name around it ("Story | Site", "Site: Story"), as
    /// Readability cuts it, or the page's only `<h1>` when the title is very short or very long.
    static func articleTitle(in tree: PageTree) -> String {
        let original = tree.documentTitle
        var title = original
        let separators: Set<Character> = ["|", "-", "\\", "/", ">", "»"]
        let hierarchical: Set<Character> = ["\\", "/", ">", "»"]
        var hadHierarchicalSeparators = false
        let characters = Array(original)
        func separatorFollowedBySpace(_ set: Set<Character>) -> Bool {
            guard characters.count >= 3 else { return false }
            for index in 1..<(characters.count - 1) where characters[index - 1] == " " && set.contains(characters[index])
                && characters[index + 1] == " " {
                return true
            }
            return false
        }
        if separatorFollowedBySpace(separators) {
            hadHierarchicalSeparators = separatorFollowedBySpace(hierarchical)
            // Everything before the last separator that a space follows.
            if let cut = (0..<max(0, characters.count - 1)).last(where: {
                separators.contains(characters[$0]) && characters[$0 + 1] == " "
            }) {
                title = String(characters[..<cut])
            }
            if PageText.wordCount(title) < 3, let first = characters.firstIndex(where: { separators.contains($0) }) {
                title = String(characters[(first + 1)...])
            }
        } else if original.contains(": ") {
            let headings = tree.root.descendants(named: ["h1", "h2"])
            let trimmed = PageText.trimmed(original)
            if !headings.contains(where: { PageText.trimmed($0.textContent) == trimmed }) {
                if let last = characters.lastIndex(of: ":") { title = String(characters[(last + 1)...]) }
                if PageText.wordCount(title) < 3, let first = characters.firstIndex(of: ":") {
                    title = String(characters[(first + 1)...])
                } else if let first = characters.firstIndex(of: ":"),
                          PageText.wordCount(String(characters[..<first])) > 5 {
                    title = original
                }
            }
        } else if original.count > 150 || original.count < 15 {
            let ones = tree.root.descendants(named: "h1")
            if ones.count == 1 { title = ones[0].innerText() }
        }
        title = PageText.normalized(title)
        let words = PageText.wordCount(title)
        if words <= 4 {
            let originalWithoutSeparators = String(original.filter { !separators.contains($0) })
            if !hadHierarchicalSeparators || words != PageText.wordCount(originalWithoutSeparators) - 1 {
                title = PageText.normalized(original)
            }
        }
        return title
    }
}

/// The article described by a page's JSON-LD, when it is a schema.org article.
struct JSONLDArticle {
    var name: String?
    var headline: String?
    var byline: String?
    var excerpt: String?
    var siteName: String?
    var datePublished: String?
    var image: String?

    /// The title to use: the name, or the headline when only the headline is like the page's title.
    func title(comparedWith pageTitle: String) -> String? {
        if let name, let headline, name != headline {
            let nameMatches = PageText.similarity(name, pageTitle) > 0.75
            let headlineMatches = PageText.similarity(headline, pageTitle) > 0.75
            return headlineMatches && !nameMatches ? headline : name
        }
        return name ?? headline
    }

    static func find(in tree: PageTree) -> JSONLDArticle? {
        for script in tree.root.descendants(named: "script") where script.attribute("type")?.lowercased() == "application/ld+json" {
            var content = PageText.trimmed(script.textContent)
            if content.hasPrefix("<![CDATA[") { content.removeFirst(9) }
            if content.hasSuffix("]]>") { content.removeLast(3) }
            guard let data = content.data(using: .utf8),
                  let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { continue }
            if let article = article(in: parsed) { return article }
        }
        return nil
    }

    private static func isArticleType(_ value: Any?) -> Bool {
        let types: Set<String> = [
            "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
            "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
            "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting",
            "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", "APIReference",
        ]
        if let type = value as? String { return types.contains(type) }
        if let list = value as? [Any] { return list.contains { ($0 as? String).map(types.contains) ?? false } }
        return false
    }

    private static func isSchemaContext(_ value: Any?) -> Bool {
        func matches(_ text: String) -> Bool {
            let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
            return trimmed == "http://schema.org" || trimmed == "https://schema.org"
        }
        if let text = value as? String { return matches(text) }
        if let object = value as? [String: Any], let vocab = object["@vocab"] as? String { return matches(vocab) }
        if let list = value as? [Any] { return list.contains { isSchemaContext($0) } }
        return false
    }

    private static func article(in parsed: Any) -> JSONLDArticle? {
        var object: [String: Any]?
        var context: Any?
        if let list = parsed as? [Any] {
            object = list.compactMap { $0 as? [String: Any] }.first { isArticleType($0["@type"]) }
            context = object?["@context"]
        } else if let single = parsed as? [String: Any] {
            context = single["@context"]
            object = single
            if single["@type"] == nil || !isArticleType(single["@type"]), let graph = single["@graph"] as? [Any] {
                object = graph.compactMap { $0 as? [String: Any] }.first { isArticleType($0["@type"]) }
            }
        }
        guard let object, isSchemaContext(context ?? object["@context"]), isArticleType(object["@type"]) else { return nil }
        var article = JSONLDArticle()
        article.name = (object["name"] as? String).map(PageText.trimmed)
        article.headline = (object["headline"] as? String).map(PageText.trimmed)
        if let author = object["author"] as? [String: Any], let name = author["name"] as? String {
            article.byline = PageText.trimmed(name)
        } else if let authors = object["author"] as? [Any] {
            let names = authors.compactMap { ($0 as? [String: Any])?["name"] as? String }.map(PageText.trimmed)
            if !names.isEmpty { article.byline = names.joined(separator: ", ") }
        }
        article.excerpt = (object["description"] as? String).map(PageText.trimmed)
        if let publisher = object["publisher"] as? [String: Any], let name = publisher["name"] as? String {
            article.siteName = PageText.trimmed(name)
        }
        article.datePublished = (object["datePublished"] as? String).map(PageText.trimmed)
        if let image = object["image"] as? String {
            article.image = image
        } else if let image = object["image"] as? [String: Any], let url = image["url"] as? String {
            article.image = url
        } else if let images = object["image"] as? [Any], let first = images.first {
            article.image = (first as? String) ?? ((first as? [String: Any])?["url"] as? String)
        }
        return article
    }
}
