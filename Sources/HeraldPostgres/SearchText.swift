import Foundation
import HeraldDomain

/// Herald's own tokenizer for PostgreSQL's full-text search, so that the same text and the same
/// queries find the same articles as on SQLite, whose FTS5 index uses `unicode61 remove_diacritics 2`:
/// a word is a run of letters, digits (and private-use characters); everything else separates
/// words; case and diacritics are folded (`Café` is `cafe`); each Chinese, Japanese or Korean
/// character is a word of its own, so a word inside a sentence is the phrase of its characters.
///
/// Herald writes the `tsvector` itself (``vector(title:body:)``: title words weighted A, body words
/// B) and the `tsquery` (``query(_:)``), both as literals of words that hold only letters and
/// digits; PostgreSQL's parser and dictionaries (which split `sea-levels` three ways, read
/// `example.org/feed` as a URL, and would keep a CJK sentence as one word) are never involved.
enum SearchText {
    /// A word of a text and where it is.
    struct Token {
        let range: Range<String.Index>
        let lexeme: String
    }

    /// PostgreSQL's largest word position; later words share it.
    static let maximumPosition = 16_383
    /// PostgreSQL keeps at most 256 positions of one word.
    static let maximumPositions = 256
    /// PostgreSQL's limit on a word's length, in bytes.
    static let maximumLexemeBytes = 2_046

    /// The words of `text`, folded, with their places.
    ///
    /// Read by Unicode scalar, with ASCII decided from the byte: a letter or digit continues a word,
    /// a combining mark continues the word before it (as it belongs to that letter's character),
    /// a CJK character is a word of its own, anything else ends the word. A word of ASCII letters
    /// and digits is folded by lowering its bytes; others go through Foundation's folding.
    static func tokens(in text: String) -> [Token] {
        var tokens: [Token] = []
        forEachWord(in: text) { range, lexeme in tokens.append(Token(range: range, lexeme: lexeme)) }
        return tokens
    }

    /// The folded words of `text`.
    static func lexemes(_ text: String) -> [String] { tokens(in: text).map(\.lexeme) }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                return true
            default:
                return false
            }
        }
    }

    /// Lower case, without diacritics, and only letters and digits left. A word of ASCII letters
    /// and digits (most words of most feeds) is lower-cased byte by byte, which is what the
    /// Unicode folding does to it, twenty times faster (a restore folds every word it stores).
    static func fold(_ word: Substring) -> String {
        asciiFolded(word) ?? unicodeFolded(word)
    }

    /// `word` lower-cased, its letters and digits only, when every byte is ASCII; else `nil`.
    private static func asciiFolded(_ word: Substring) -> String? {
        let utf8 = word.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            var count = 0
            for byte in utf8 {
                let lower = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                guard lower &- UInt8(ascii: "a") < 26 || lower &- UInt8(ascii: "0") < 10 else { continue }
                buffer[count] = lower
                count += 1
            }
            return count
        }
    }

    /// The general folding: case and diacritics folded by Foundation, then only word characters kept.
    static func unicodeFolded(_ word: Substring) -> String {
        let folded = String(word).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return String(String.UnicodeScalarView(folded.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return false
            default: return isWordCharacter(Character(scalar))
            }
        }))
    }

    /// The `tsquery` literal of a parsed query, or `nil` when it can match nothing.
    static func query(_ expression: SearchExpression) -> String? {
        switch expression {
        case .term(let term):
            let words = lexemes(term.text)
            guard !words.isEmpty else { return nil }
            let weight = term.column.map { $0 == .title ? "A" : "B" } ?? ""
            let parts = words.enumerated().map { index, word in
                let prefix = term.isPrefix && !term.isPhrase && index == words.count - 1 ? "*" : ""
                let suffix = prefix + weight
                return "'\(word)'" + (suffix.isEmpty ? "" : ":" + suffix)
            }
            return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " <-> ") + ")"
        case .and(let parts):
            var queries: [String] = []
            for part in parts {
                guard let query = query(part) else { return nil }
                queries.append(query)
            }
            return "(" + queries.joined(separator: " & ") + ")"
        case .or(let parts):
            let queries = parts.compactMap(query)
            guard !queries.isEmpty else { return nil }
            return queries.count == 1 ? queries[0] : "(" + queries.joined(separator: " | ") + ")"
        case let .not(kept, excluded):
            guard let kept = query(kept) else { return nil }
            guard let excluded = query(excluded) else { return kept }
            return "(\(kept) & !\(excluded))"
        }
    }
}
