import Foundation
import HeraldDomain

/// newsboat's `urls` file: one feed per line, then tags; `"~Title"` names the feed, `"!"`
/// hides it, `#` starts a comment, `query:` feeds (searches, not subscriptions) are kept apart;
/// `exec:` and `filter:` sources are subscriptions like the others (whether they are added is the
/// subscribe use case's decision).
enum NewsboatURLs {
    /// Everything a `urls` file holds: subscriptions (script sources included) and `query:` feeds.
    struct Contents {
        var entries: [SubscriptionEntry] = []
        var queries: [NewsboatQuery] = []
    }

    static func read(_ data: Data) throws(SubscriptionListError) -> [SubscriptionEntry] {
        let contents = readAll(data)
        if contents.entries.isEmpty && hasContent(data) {
            throw .unrecognised
        }
        return contents.entries
    }

    private static func hasContent(_ data: Data) -> Bool {
        String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).contains { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }
    }

    /// Reads subscriptions (`exec:`/`filter:` sources among them) and `query:NAME:EXPRESSION` feeds.
    static func readAll(_ data: Data) -> Contents {
        var contents = Contents()
        for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let tokens = tokenize(line)
            guard let url = tokens.first else { continue }
            if url.hasPrefix("query:") {
                // query:NAME:EXPRESSION, the expression may itself hold colons.
                let parts = url.dropFirst(6).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2 { contents.queries.append(NewsboatQuery(name: String(parts[0]), expression: String(parts[1]))) }
                continue
            }
            guard url.contains("://") || ScriptSource.isScript(url) else { continue }
            var entry = SubscriptionEntry(feedURL: url)
            for token in tokens.dropFirst() {
                if token == "!" { entry.isHidden = true }
                else if token.hasPrefix("~") { entry.title = String(token.dropFirst()) }
                else if !token.isEmpty, !entry.tags.contains(token) { entry.tags.append(token) }
            }
            contents.entries.append(entry)
        }
        return contents
    }

    /// Splits on blanks outside double quotes; a `#` outside quotes ends the line.
    static func tokenize(_ line: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        var hasToken = false
        var escaped = false
        for c in line {
            // Inside quotes, newsboat reads \" as a quote and \\ as a backslash (query: expressions).
            if escaped {
                current.append(c)
                escaped = false
                continue
            }
            if quoted && c == "\\" { escaped = true; continue }
            if c == "\"" { quoted.toggle(); hasToken = true; continue }
            if !quoted && c == "#" && !hasToken { break }
            if !quoted && (c == " " || c == "\t") {
                if hasToken { tokens.append(current); current = ""; hasToken = false }
                continue
            }
            current.append(c)
            hasToken = true
        }
        if hasToken { tokens.append(current) }
        return tokens
    }
}
