import Foundation
import HeraldDomain

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

/// A user's search query, validated and translated into an FTS5 expression.
///
/// Syntax: words (all must match), `prefix*`, `"exact phrases"`, `title:word` or
/// `title:"a phrase"` (also `body:`), `AND`, `OR`, `NOT` (upper case) and parentheses.
/// Every word and phrase is quoted for FTS5, so no user text is ever read as FTS5 or SQL syntax.
struct SearchQuery {
    /// The FTS5 `MATCH` expression.
    let ftsExpression: String

    /// Validates and translates a query.
    /// - Throws: ``StoreError/invalidQuery(reason:)`` with a reason written for the user.
    init(_ query: String) throws(StoreError) {
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
            ftsExpression = try parser.parseQuery()
        } catch {
            throw StoreError.invalidQuery(reason: error.reason)
        }
    }
}

/// A recursive-descent parser: query := or; or := and (OR and)*; and := not ((AND)? not)*;
/// not := primary (NOT primary)*; primary := term | ( or ).
struct SearchParser {
    var tokens: ArraySlice<SearchToken>

    mutating func parseQuery() throws(SearchQueryError) -> String {
        guard !tokens.isEmpty else { throw .empty }
        let expression = try parseOr()
        if let extra = tokens.first { throw extra == .close ? .unexpectedClose : .operatorWithoutTerm("AND") }
        return expression
    }

    private mutating func parseOr() throws(SearchQueryError) -> String {
        var parts = [try parseAnd("OR")]
        while tokens.first == .or {
            tokens.removeFirst()
            parts.append(try parseAnd("OR"))
        }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " OR ") + ")"
    }

    private mutating func parseAnd(_ context: String) throws(SearchQueryError) -> String {
        var parts = [try parseNot(context)]
        while let next = tokens.first, next != .or, next != .close {
            if next == .and { tokens.removeFirst() }
            parts.append(try parseNot("AND"))
        }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " AND ") + ")"
    }

    private mutating func parseNot(_ context: String) throws(SearchQueryError) -> String {
        var expression = try parsePrimary(context)
        while tokens.first == .not {
            tokens.removeFirst()
            expression = "(" + expression + " NOT " + (try parsePrimary("NOT")) + ")"
        }
        return expression
    }

    private mutating func parsePrimary(_ context: String) throws(SearchQueryError) -> String {
        guard let token = tokens.popFirst() else {
            throw context == "OR" || context == "AND" || context == "NOT" ? .operatorWithoutTerm(context) : .empty
        }
        switch token {
        case let .word(text, prefix, column):
            // A CJK word becomes the phrase of its characters (see CJKText).
            return Self.filtered(column, Self.quoted(CJKText.segmented(text)) + (prefix ? "*" : ""))
        case let .phrase(text, column):
            return Self.filtered(column, Self.quoted(CJKText.segmented(text)))
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

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func filtered(_ column: String?, _ term: String) -> String {
        column.map { "{\($0)} : \(term)" } ?? term
    }
}
