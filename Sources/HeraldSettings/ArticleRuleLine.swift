import HeraldDomain

/// The config file's rule lines: `rule ACTION TARGET QUERY` (``HeraldDomain/ArticleRule``).
///
/// - ACTION: `block`, `keep`, `star`, `read` or `tag:NAME`.
/// - TARGET: `*` (every feed), `tag:NAME` (a tag's feeds), or one feed by URL or title; a title
///   with spaces is written in double quotes.
/// - QUERY: the rest of the line, in Herald's query language (what `herald search` takes). A
///   comment starts at a `#` with white space on both sides.
///
/// ```
/// rule block * title:sponsored OR "advertiser content"
/// rule keep https://example.com/feed.xml rust OR swift
/// rule star tag:science "gravitational waves"
/// rule read "Hacker News" title:hiring
/// rule tag:release tag:dev title:released OR title:announcing
/// ```
enum ArticleRuleLine {
    /// The rule of a `rule` line, or `nil` for any other line.
    /// - Throws: ``ConfigurationError`` naming the line for a wrong action, a missing target or
    ///   query, or a query the search would refuse.
    static func read(_ rawLine: String, at place: String) throws(ConfigurationError) -> ArticleRule? {
        let trimmed = rawLine.drop { $0 == " " || $0 == "\t" }
        let keyword = trimmed.prefix { $0 != " " && $0 != "\t" }
        guard keyword == "rule" else { return nil }
        var rest = Substring(LineComment.removed(from: String(trimmed.dropFirst(keyword.count))))
        let usage = "`rule ACTION TARGET QUERY`, for example `rule block * title:sponsored`"
        guard let actionWord = word(from: &rest) else { throw ConfigurationError("\(place): expected \(usage).") }
        let action: ArticleRule.Action
        switch actionWord {
        case "block": action = .block
        case "keep": action = .keep
        case "star": action = .star
        case "read": action = .markRead
        default:
            guard actionWord.hasPrefix("tag:"), actionWord.count > 4 else {
                throw ConfigurationError("\(place): `\(actionWord)` is not a rule action; use block, keep, star, read or tag:NAME.")
            }
            action = .tag(String(actionWord.dropFirst(4)))
        }
        guard let targetWord = word(from: &rest) else {
            throw ConfigurationError("\(place): the rule needs a target (`*`, `tag:NAME`, or a feed's URL or title) and a query.")
        }
        let target: ArticleRule.Target
        if targetWord == "*" {
            target = .everyFeed
        } else if targetWord.hasPrefix("tag:"), targetWord.count > 4 {
            target = .tag(String(targetWord.dropFirst(4)))
        } else {
            target = .feed(targetWord)
        }
        let query = rest.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else {
            throw ConfigurationError("\(place): the rule needs a query after its target (what `herald search` takes).")
        }
        do {
            _ = try SearchExpression(parsing: query)
        } catch {
            throw ConfigurationError("\(place): the rule's query `\(query)` is not valid: \(error.message)")
        }
        return ArticleRule(action: action, target: target, query: query, origin: place)
    }

    /// The next word of `rest` (a double-quoted one may hold spaces), removed from it.
    private static func word(from rest: inout Substring) -> String? {
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard let first = rest.first else { return nil }
        if first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") {
            let word = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            return word.isEmpty ? nil : word
        }
        let word = rest.prefix { $0 != " " && $0 != "\t" }
        rest = rest.dropFirst(word.count)
        return String(word)
    }
}

/// A line's text without its comment: a `#` that follows white space (or starts the line) and comes
/// before white space or the end, so `#` inside a word (a CSS id, a URL fragment) stays.
enum LineComment {
    static func removed(from line: String) -> String {
        let characters = Array(line)
        for index in characters.indices where characters[index] == "#" {
            let before = index == 0 || characters[index - 1] == " " || characters[index - 1] == "\t"
            let after = index + 1 == characters.count || characters[index + 1] == " " || characters[index + 1] == "\t"
            if before && after { return String(characters[..<index]) }
        }
        return line
    }
}

extension ArticleRule {
    /// The rule a config line holds (`rule ACTION TARGET QUERY`), as the config file reads it;
    /// `nil` for a line that is not a rule.
    /// - Parameter place: Where the line is (`path:line`), for messages and the rule's origin.
    /// - Throws: ``ConfigurationError`` for a rule line that is not valid.
    public init?(configLine line: String, at place: String) throws(ConfigurationError) {
        guard let rule = try ArticleRuleLine.read(line, at: place) else { return nil }
        self = rule
    }
}
