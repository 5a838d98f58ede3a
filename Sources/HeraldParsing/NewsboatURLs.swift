import Foundation
import HeraldDomain

/// newsboat's `urls` file: one feed per line, then tags; `"~Title"` names the feed, `"!"`
/// hides it, `#` starts a comment, `query:` feeds (searches, not subscriptions) are skipped.
enum NewsboatURLs {
    static func read(_ data: Data) throws(SubscriptionListError) -> [SubscriptionEntry] {
        var entries: [SubscriptionEntry] = []
        var sawContent = false
        for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            sawContent = true
            let tokens = tokenize(line)
            // query: feeds are searches; exec: and filter: run local commands Herald will not run.
            guard let url = tokens.first, !["query:", "exec:", "filter:"].contains(where: url.hasPrefix) else { continue }
            guard url.contains("://") else { continue }
            var entry = SubscriptionEntry(feedURL: url)
            for token in tokens.dropFirst() {
                if token == "!" { entry.isHidden = true }
                else if token.hasPrefix("~") { entry.title = String(token.dropFirst()) }
                else if !token.isEmpty, !entry.tags.contains(token) { entry.tags.append(token) }
            }
            entries.append(entry)
        }
        if entries.isEmpty && sawContent { throw .unrecognised }
        return entries
    }

    /// Splits on blanks outside double quotes; a `#` outside quotes ends the line.
    private static func tokenize(_ line: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        var hasToken = false
        for c in line {
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
