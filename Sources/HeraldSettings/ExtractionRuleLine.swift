import HeraldDomain

/// The config file's per-site extraction lines: `extract-keep HOST SELECTORS` and
/// `extract-drop HOST SELECTORS`, the selectors being the rest of the line (CSS, so a `#` there is
/// an id: a comment starts only at a `#` followed by a space or the end of the line). A feed's
/// URL (`https://example.com/feed.xml`) in place of the host covers the pages that feed links to.
enum ExtractionRuleLine {
    /// The rule of an extraction line, or `nil` for any other line.
    /// - Throws: ``ConfigurationError`` naming the line when the host or a selector is wrong.
    static func read(_ rawLine: String, at place: String) throws(ConfigurationError) -> ExtractionRule? {
        let trimmed = rawLine.drop { $0 == " " || $0 == "\t" }
        let keyword = trimmed.prefix { $0 != " " && $0 != "\t" }
        guard keyword == "extract-keep" || keyword == "extract-drop" else { return nil }
        var rest = LineComment.removed(from: String(trimmed.dropFirst(keyword.count)))
        rest = rest.trimmingCharacters(in: .whitespaces)
        let host = rest.prefix { $0 != " " && $0 != "\t" }
        let selectorText = rest.dropFirst(host.count).trimmingCharacters(in: .whitespaces)
        let isFeed = host.hasPrefix("http://") || host.hasPrefix("https://") || host.hasPrefix("file://")
        guard !host.isEmpty, isFeed || !host.contains("/") && !host.contains(":") else {
            throw ConfigurationError("\(place): `\(keyword)` needs a host name or a feed's URL first (`\(keyword) example.com article`).")
        }
        guard !selectorText.isEmpty else {
            throw ConfigurationError("\(place): `\(keyword) \(host)` needs CSS selectors after the host.")
        }
        let selector: CSSSelector
        do {
            selector = try CSSSelector(selectorText)
        } catch {
            throw ConfigurationError("\(place): cannot read the selector `\(selectorText)`: \(error.message).")
        }
        if isFeed {
            return keyword == "extract-keep"
                ? ExtractionRule(feedURL: String(host), keep: [selector])
                : ExtractionRule(feedURL: String(host), drop: [selector])
        }
        return keyword == "extract-keep"
            ? ExtractionRule(host: String(host), keep: [selector])
            : ExtractionRule(host: String(host), drop: [selector])
    }
}
