import HeraldDomain

/// Marks the words of a text that a query matched, with ``SearchText``'s tokenizer (so a match is
/// found in the text exactly as the index found it), and cuts a snippet around the best run of
/// matches: the title's and the snippet's ``HighlightedText`` of a search hit.
struct Highlighter {
    /// One positive term of the query: the words of a phrase in order, the last maybe a prefix.
    private struct Pattern {
        let words: [String]
        let isPrefix: Bool
        let column: SearchColumn?
    }

    private let patterns: [Pattern]
    /// How many words a snippet holds, as SQLite's `snippet(…, 24)`.
    static let snippetWords = 24

    init(_ expression: SearchExpression) {
        var patterns: [Pattern] = []
        func collect(_ expression: SearchExpression) {
            switch expression {
            case .term(let term):
                let words = SearchText.lexemes(term.text)
                if !words.isEmpty {
                    patterns.append(Pattern(words: words, isPrefix: term.isPrefix && !term.isPhrase, column: term.column))
                }
            case .and(let parts), .or(let parts): parts.forEach(collect)
            case .not(let kept, _): collect(kept)  // what a result must not contain is never in it
            }
        }
        collect(expression)
        self.patterns = patterns
    }

    /// The whole text with its matches marked.
    func highlight(_ text: String, column: SearchColumn) -> HighlightedText {
        let tokens = SearchText.tokens(in: text)
        return segments(text, tokens: tokens, matched: matches(tokens, column: column), from: 0, to: tokens.count)
    }

    /// A window of ``snippetWords`` words of the body with the most matched words (the first such,
    /// starting a few words before its first match), `…` where the text was cut.
    func snippet(of body: String) -> HighlightedText {
        let tokens = SearchText.tokens(in: body)
        let matched = matches(tokens, column: .body)
        guard tokens.count > Self.snippetWords else {
            return segments(body, tokens: tokens, matched: matched, from: 0, to: tokens.count)
        }
        var best = 0
        var bestCount = -1
        var count = 0
        for index in 0..<tokens.count {
            if matched[index] { count += 1 }
            if index >= Self.snippetWords, matched[index - Self.snippetWords] { count -= 1 }
            let start = index - Self.snippetWords + 1
            if start >= 0, count > bestCount {
                best = start
                bestCount = count
            }
        }
        // The window starts a few words before its first match, as far as the body's end allows.
        if bestCount > 0, let first = (best..<(best + Self.snippetWords)).first(where: { matched[$0] }) {
            best = max(0, min(first - 3, tokens.count - Self.snippetWords))
        }
        return segments(body, tokens: tokens, matched: matched, from: best, to: best + Self.snippetWords)
    }

    /// Which tokens a positive term of the query matched (a phrase marks all its words).
    private func matches(_ tokens: [SearchText.Token], column: SearchColumn) -> [Bool] {
        var matched = [Bool](repeating: false, count: tokens.count)
        for pattern in patterns where pattern.column == nil || pattern.column == column {
            let length = pattern.words.count
            guard tokens.count >= length else { continue }
            for start in 0...(tokens.count - length) {
                let fits = pattern.words.indices.allSatisfy { offset in
                    let word = tokens[start + offset].lexeme
                    let wanted = pattern.words[offset]
                    return offset == length - 1 && pattern.isPrefix ? word.hasPrefix(wanted) : word == wanted
                }
                if fits { for offset in 0..<length { matched[start + offset] = true } }
            }
        }
        return matched
    }

    /// The text of tokens `from..<to` (from the text's start when `from` is 0, to its end when
    /// `to` is the last), matched runs marked; `…` where it was cut.
    private func segments(_ text: String, tokens: [SearchText.Token], matched: [Bool], from: Int, to: Int) -> HighlightedText {
        guard !tokens.isEmpty else {
            return HighlightedText(segments: text.isEmpty ? [] : [.init(text: text, isMatch: false)])
        }
        var segments: [HighlightedText.Segment] = []
        func append(_ piece: Substring, _ isMatch: Bool) {
            guard !piece.isEmpty else { return }
            if let last = segments.last, last.isMatch == isMatch {
                segments[segments.count - 1].text += piece
            } else {
                segments.append(.init(text: String(piece), isMatch: isMatch))
            }
        }
        if from > 0 { append("…", false) }
        var cursor = from == 0 ? text.startIndex : tokens[from].range.lowerBound
        var index = from
        while index < to {
            // A run of matched tokens, with what separates them, is one segment.
            if matched[index] {
                var end = index
                while end + 1 < to, matched[end + 1] { end += 1 }
                append(text[cursor..<tokens[index].range.lowerBound], false)
                append(text[tokens[index].range.lowerBound..<tokens[end].range.upperBound], true)
                cursor = tokens[end].range.upperBound
                index = end + 1
            } else {
                index += 1
            }
        }
        let end = to >= tokens.count ? text.endIndex : tokens[to - 1].range.upperBound
        if cursor < end { append(text[cursor..<end], false) }
        if to < tokens.count { append("…", false) }
        return HighlightedText(segments: segments)
    }
}
