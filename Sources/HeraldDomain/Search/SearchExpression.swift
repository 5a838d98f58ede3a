/// A user's search query in Herald's query language, parsed and validated, before any index
/// reads it: each store translates it into its own syntax (FTS5 `MATCH` on SQLite, `tsquery` on
/// PostgreSQL), so both understand the same queries and refuse the same malformed ones.
///
/// Syntax: words (all must match), `prefix*`, `"exact phrases"`, `title:word` or
/// `title:"a phrase"` (also `body:`), `AND`, `OR`, `NOT` (upper case; lower-case "and" is a word)
/// and parentheses.
package indirect enum SearchExpression: Sendable, Hashable {
    /// A word or a phrase.
    case term(SearchTerm)
    /// Every part must match (two or more parts).
    case and([SearchExpression])
    /// Any part must match (two or more parts).
    case or([SearchExpression])
    /// The first must match and the second must not (`apple NOT pie`).
    case not(SearchExpression, excluding: SearchExpression)

    /// Parses a user's query.
    /// - Throws: ``StoreError/invalidQuery(reason:)`` with a reason written for the user.
    package init(parsing query: String) throws(StoreError) {
        do throws(SearchQueryError) {
            // Control characters (a NUL from a pasted binary, a tab) separate words like spaces:
            // inside a term they reached FTS5 and failed there as "unterminated string" (found
            // by scripts/fuzz).
            let cleaned = String(String.UnicodeScalarView(query.unicodeScalars.map {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? " " : $0
            }))
            let tokens = try SearchTokenizer.tokens(cleaned)
            guard tokens.count <= 128 else { throw SearchQueryError.tooLong }
            var parser = SearchParser(tokens: tokens[...])
            self = try parser.parseQuery()
        } catch {
            throw StoreError.invalidQuery(reason: error.reason)
        }
    }
}

/// One word or phrase of a query, as the user typed it (the store splits it into index tokens).
package struct SearchTerm: Sendable, Hashable {
    /// The text: one word (which may still hold punctuation, like `sea-levels`) or a phrase.
    package var text: String
    /// True for a quoted phrase.
    package var isPhrase: Bool
    /// True for `word*`: any indexed word starting with the (last) word matches.
    package var isPrefix: Bool
    /// `title:` or `body:`; `nil` searches both.
    package var column: SearchColumn?

    /// Creates a term.
    package init(text: String, isPhrase: Bool = false, isPrefix: Bool = false, column: SearchColumn? = nil) {
        self.text = text
        self.isPhrase = isPhrase
        self.isPrefix = isPrefix
        self.column = column
    }
}

/// The parts of an article a term can be restricted to.
package enum SearchColumn: String, Sendable, Hashable, CaseIterable {
    /// The title.
    case title
    /// The body (the content, else the summary).
    case body
}

/// Why a query cannot be searched, in the user's words.
enum SearchQueryError: Error, Equatable {
    case empty, unclosedQuote, unclosedParenthesis, unexpectedClose, tooLong
    case columnWithoutTerm(String)
    case operatorWithoutTerm(String)

    var reason: String {
        switch self {
        case .empty: "type at least one word to search for"
        case .unclosedQuote: "a quotation mark is not closed; phrases look like \"climate change\""
        case .unclosedParenthesis: "a parenthesis is not closed"
        case .unexpectedClose: "there is a ')' without a matching '('"
        case .tooLong: "the query is too long; use at most 64 words"
        case .columnWithoutTerm(let column): "\(column): needs a word or a \"phrase\" right after it, like \(column):swift"
        case .operatorWithoutTerm(let name):
            name == "NOT" ? "NOT needs a word on each side, like apple NOT pie"
                : "\(name) needs a word on each side, like apple \(name) pear"
        }
    }
}

/// A recursive-descent parser: query := or; or := and (OR and)*; and := not ((AND)? not)*;
/// not := primary (NOT primary)*; primary := term | ( or ).
struct SearchParser {
    var tokens: ArraySlice<SearchToken>

    mutating func parseQuery() throws(SearchQueryError) -> SearchExpression {
        guard !tokens.isEmpty else { throw .empty }
        let expression = try parseOr()
        if let extra = tokens.first { throw extra == .close ? .unexpectedClose : .operatorWithoutTerm("AND") }
        return expression
    }

    private mutating func parseOr() throws(SearchQueryError) -> SearchExpression {
        var parts = [try parseAnd("OR")]
        while tokens.first == .or {
            tokens.removeFirst()
            parts.append(try parseAnd("OR"))
        }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private mutating func parseAnd(_ context: String) throws(SearchQueryError) -> SearchExpression {
        var parts = [try parseNot(context)]
        while let next = tokens.first, next != .or, next != .close {
            if next == .and { tokens.removeFirst() }
            parts.append(try parseNot("AND"))
        }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private mutating func parseNot(_ context: String) throws(SearchQueryError) -> SearchExpression {
        var expression = try parsePrimary(context)
        while tokens.first == .not {
            tokens.removeFirst()
            expression = .not(expression, excluding: try parsePrimary("NOT"))
        }
        return expression
    }

    private mutating func parsePrimary(_ context: String) throws(SearchQueryError) -> SearchExpression {
        guard let token = tokens.popFirst() else {
            throw context == "OR" || context == "AND" || context == "NOT" ? .operatorWithoutTerm(context) : .empty
        }
        switch token {
        case let .word(text, prefix, column):
            return .term(SearchTerm(text: text, isPrefix: prefix, column: column.flatMap(SearchColumn.init(rawValue:))))
        case let .phrase(text, column):
            return .term(SearchTerm(text: text, isPhrase: true, column: column.flatMap(SearchColumn.init(rawValue:))))
        case .open:
            guard tokens.first != .close else { throw .empty }
            let inner = try parseOr()
            guard tokens.popFirst() == .close else { throw .unclosedParenthesis }
            return inner
        case .close: throw .unexpectedClose
        case .and: throw .operatorWithoutTerm("AND")
        case .or: throw .operatorWithoutTerm("OR")
        case .not: throw .operatorWithoutTerm("NOT")
        }
    }
}
