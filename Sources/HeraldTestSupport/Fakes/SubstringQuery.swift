import Foundation
import HeraldDomain

/// The fake store's query language: whitespace-separated terms (or `"quoted phrases"`) that must
/// all occur, case-insensitively, in an article's title or body. Unbalanced quotes, a bare
/// operator or an empty query are invalid, as they are for the real FTS5 store.
struct SubstringQuery: Sendable {
    let terms: [String]

    init(_ query: String) throws(StoreError) {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .invalidQuery(reason: "the query is empty; type at least one word") }
        guard trimmed.filter({ $0 == "\"" }).count.isMultiple(of: 2) else {
            throw .invalidQuery(reason: "a quotation mark is not closed")
        }
        var terms: [String] = []
        for (index, part) in trimmed.split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
            if index.isMultiple(of: 2) {
                terms += part.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
            } else if !part.isEmpty {
                terms.append(part.lowercased())
            }
        }
        if let bare = terms.first(where: { ["and", "or", "not"].contains($0) }), terms.count == 1 {
            throw .invalidQuery(reason: "\(bare.uppercased()) needs a word on each side")
        }
        self.terms = terms.filter { !["and", "or", "not"].contains($0) }
    }

    /// Whether every term occurs in the title or the body.
    func matches(_ article: Article) -> Bool {
        let text = (article.title + " " + Self.bodyText(of: article)).lowercased()
        return terms.allSatisfy { text.contains($0) }
    }

    /// How many times the terms occur; title occurrences count double.
    func score(_ article: Article) -> Double {
        let title = article.title.lowercased()
        let body = Self.bodyText(of: article).lowercased()
        return terms.reduce(0) { $0 + Double(2 * title.occurrences(of: $1) + body.occurrences(of: $1)) }
    }

    /// Marks every occurrence of a term in `text`.
    func highlight(_ text: String) -> HighlightedText {
        let lower = text.lowercased()
        guard lower.count == text.count else { return HighlightedText(segments: [.init(text: text, isMatch: false)]) }
        var marks = [Bool](repeating: false, count: text.count)
        let characters = Array(lower)
        for term in terms {
            let needle = Array(term)
            guard !needle.isEmpty, needle.count <= characters.count else { continue }
            for start in 0...(characters.count - needle.count) where Array(characters[start..<start + needle.count]) == needle {
                for offset in start..<start + needle.count { marks[offset] = true }
            }
        }
        var segments: [HighlightedText.Segment] = []
        for (character, isMatch) in zip(text, marks) {
            if let last = segments.last, last.isMatch == isMatch {
                segments[segments.count - 1].text.append(character)
            } else {
                segments.append(.init(text: String(character), isMatch: isMatch))
            }
        }
        return HighlightedText(segments: segments)
    }

    /// About `width` characters of the body around the first match, highlighted.
    func snippet(of article: Article, width: Int = 80) -> HighlightedText {
        let body = Self.bodyText(of: article)
        let lower = body.lowercased()
        let first = terms.compactMap { lower.range(of: $0)?.lowerBound }.min()
        let startOffset = first.map { max(lower.distance(from: lower.startIndex, to: $0) - width / 4, 0) } ?? 0
        let characters = Array(body)
        guard startOffset < characters.count else { return HighlightedText(segments: []) }
        let end = min(startOffset + width, characters.count)
        let excerpt = (startOffset > 0 ? "…" : "") + String(characters[startOffset..<end]) + (end < characters.count ? "…" : "")
        return highlight(excerpt)
    }

    /// The content, else the summary, with tags removed.
    static func bodyText(of article: Article) -> String {
        let value = (article.content ?? article.summary)?.value ?? ""
        var text = ""
        var inTag = false
        for character in value {
            switch character {
            case "<": inTag = true
            case ">" where inTag: inTag = false; text.append(" ")
            default: if !inTag { text.append(character) }
            }
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension String {
    func occurrences(of term: String) -> Int {
        guard !term.isEmpty else { return 0 }
        return components(separatedBy: term).count - 1
    }
}
