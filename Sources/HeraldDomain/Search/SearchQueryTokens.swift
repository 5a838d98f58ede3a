/// One lexical piece of a user's search query.
enum SearchToken: Equatable {
    /// A word, possibly a prefix (`word*`), possibly restricted to a column (`title:word`).
    case word(String, prefix: Bool, column: String?)
    /// A quoted phrase, possibly restricted to a column.
    case phrase(String, column: String?)
    case and, or, not, open, close
}

/// Splits a user's query into tokens; reports problems in words a user understands.
enum SearchTokenizer {
    static let columns: Set<String> = ["title", "body"]

    static func tokens(_ query: String) throws(SearchQueryError) -> [SearchToken] {
        var tokens: [SearchToken] = []
        var chars = Array(query)[...]
        var pendingColumn: String?
        while let first = chars.first {
            if first.isWhitespace {
                chars.removeFirst()
                continue
            }
            if first == "(" || first == ")" {
                if let pendingColumn { throw .columnWithoutTerm(pendingColumn) }
                tokens.append(first == "(" ? .open : .close)
                chars.removeFirst()
                continue
            }
            if first == "\"" {
                chars.removeFirst()
                guard let end = chars.firstIndex(of: "\"") else { throw .unclosedQuote }
                let text = String(chars[..<end])
                chars = chars[(end + 1)...]
                if chars.first == "*" { chars.removeFirst() }
                if Self.hasWord(text) { tokens.append(.phrase(text, column: pendingColumn)) }
                pendingColumn = nil
                continue
            }
            let end = chars.firstIndex { $0.isWhitespace || $0 == "(" || $0 == ")" || $0 == "\"" } ?? chars.endIndex
            var word = String(chars[..<end])
            chars = chars[end...]
            if pendingColumn == nil, ["AND", "OR", "NOT"].contains(word) {
                tokens.append(word == "AND" ? .and : word == "OR" ? .or : .not)
                continue
            }
            if pendingColumn == nil, let colon = word.firstIndex(of: ":"),
               columns.contains(word[..<colon].lowercased()) {
                let column = word[..<colon].lowercased()
                word = String(word[word.index(after: colon)...])
                if word.isEmpty {
                    pendingColumn = column
                    continue
                }
                pendingColumn = column
            }
            let prefix = word.hasSuffix("*")
            while word.hasSuffix("*") { word.removeLast() }
            if Self.hasWord(word) { tokens.append(.word(word, prefix: prefix, column: pendingColumn)) }
            pendingColumn = nil
        }
        if let pendingColumn { throw .columnWithoutTerm(pendingColumn) }
        return tokens
    }

    /// Whether the text holds anything the index tokenizer keeps (letters or digits).
    static func hasWord(_ text: String) -> Bool {
        text.contains { $0.isLetter || $0.isNumber }
    }
}
