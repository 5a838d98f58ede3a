import Foundation
import HeraldDomain

/// A user's search query (Herald's query language, parsed by ``SearchExpression`` in Domain),
/// translated into an FTS5 expression.
///
/// Every word and phrase is quoted for FTS5, so no user text is ever read as FTS5 or SQL syntax.
struct SearchQuery {
    /// The FTS5 `MATCH` expression.
    let ftsExpression: String

    /// Validates and translates a query.
    /// - Throws: ``StoreError/invalidQuery(reason:)`` with a reason written for the user.
    init(_ query: String) throws(StoreError) {
        ftsExpression = Self.fts(try SearchExpression(parsing: query))
    }

    private static func fts(_ expression: SearchExpression) -> String {
        switch expression {
        case .term(let term):
            // A CJK word becomes the phrase of its characters (see CJKText).
            let quoted = quoted(CJKText.segmented(term.text)) + (term.isPrefix && !term.isPhrase ? "*" : "")
            return term.column.map { "{\($0.rawValue)} : \(quoted)" } ?? quoted
        case .and(let parts): return "(" + parts.map(fts).joined(separator: " AND ") + ")"
        case .or(let parts): return "(" + parts.map(fts).joined(separator: " OR ") + ")"
        case let .not(kept, excluded): return "(" + fts(kept) + " NOT " + fts(excluded) + ")"
        }
    }

    /// `text` as an FTS5 string. Quotes are doubled scalar by scalar: a quote followed by a combining
    /// mark is one `Character`, which a `Character` search for `"` does not find, but FTS5 reads its
    /// bytes and would see the string end there.
    private static func quoted(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\"" { scalars.append(scalar) }
            scalars.append(scalar)
        }
        return "\"" + String(scalars) + "\""
    }
}
