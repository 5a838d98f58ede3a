import Foundation
import HeraldDomain

/// newsboat's `urls` file: one feed per line, then tags; `"~Title"` names the feed (the first
/// such tag), a tag starting with `!` hides it, `#` starts a comment, `query:` feeds (searches, not
/// subscriptions) are kept apart; a URL on two lines is one feed with both lines' tags; `exec:` and
/// `filter:` sources are subscriptions like the others (whether they are added is the subscribe use
/// case's decision).
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
            // newsboat merges the tags of a URL listed twice.
            let index = contents.entries.firstIndex { $0.feedURL == url } ?? {
                contents.entries.append(SubscriptionEntry(feedURL: url))
                return contents.entries.count - 1
            }()
            for token in tokens.dropFirst() {
                // Any tag starting with "!" hides the feed and is no tag of it; the first "~" names it.
                if token.hasPrefix("!") { contents.entries[index].isHidden = true }
                else if token.hasPrefix("~") {
                    if contents.entries[index].title == nil { contents.entries[index].title = String(token.dropFirst()) }
                }
                else if !token.isEmpty, !contents.entries[index].tags.contains(token) { contents.entries[index].tags.append(token) }
            }
        }
        return contents
    }

    /// Splits a line into words as newsboat does: blanks separate them; a word that starts with a
    /// double quote runs to the next one, with `\"`, `\\`, `\n`, `\t` and `\r` escaped inside (an
    /// escaped backquote stays escaped, for the config's backquoted commands), and the next word
    /// starts right after it; a quote inside an unquoted word is a quote; a word starting with `#`
    /// ends the line.
    static func tokenize(_ line: String) -> [String] {
        var tokens: [String] = []
        var rest = Substring(line)
        let blanks: Set<Character> = [" ", "\t", "\r", "\n"]
        while true {
            rest = rest.drop { blanks.contains($0) }
            guard let first = rest.first, first != "#" else { break }
            guard first == "\"" else {
                let end = rest.firstIndex { blanks.contains($0) } ?? rest.endIndex
                tokens.append(String(rest[..<end]))
                rest = rest[end...]
                continue
            }
            var token = ""
            var index = rest.index(after: rest.startIndex)
            while index < rest.endIndex {
                let character = rest[index]
                index = rest.index(after: index)
                if character == "\"" { break }
                guard character == "\\" else {
                    token.append(character)
                    continue
                }
                guard index < rest.endIndex else { break }
                token += escaped(rest[index])
                index = rest.index(after: index)
            }
            tokens.append(token)
            rest = rest[index...]
        }
        return tokens
    }

    /// What newsboat makes of a backslash and `character` inside quotes.
    private static func escaped(_ character: Character) -> String {
        switch character {
        case "n": "\n"
        case "r": "\r"
        case "t": "\t"
        case "`": "\\`"
        default: String(character)
        }
    }
}
