import Foundation
import HeraldDomain
import PostgresNIO

extension SearchText {
    /// The `tsvector` literal of an article: title words at positions 1… weighted A, body words
    /// after a gap (so no phrase spans the two) weighted B; `'word':1A,4B 'other':2A`.
    ///
    /// The costliest step of saving a feed to PostgreSQL (a third of a refresh's CPU before it was
    /// written this way): words are read without making a ``Token`` each, an ASCII word is lowered
    /// into a reused buffer, positions are small integers, and the literal is written as bytes.
    /// `SearchTextTests` checks it against the plain reading of ``tokens(in:)``.
    static func vector(title: String, body: String) -> String {
        searchVector(title: title, body: body).literal
    }

    /// The words of an article's vector, which write themselves as the literal or in PostgreSQL's
    /// binary `tsvector` form (what an insert sends: the server then parses no literal).
    static func searchVector(title: String, body: String) -> SearchVector {
        var builder = VectorBuilder()
        var position = 0
        forEachLexeme(in: title) { lexeme in
            position += 1
            builder.add(lexeme, position: position, isTitle: true)
        }
        position += 1
        forEachLexeme(in: body) { lexeme in
            position += 1
            builder.add(lexeme, position: position, isTitle: false)
        }
        return SearchVector(builder: builder)
    }

    /// Calls `body` with each folded word of `text`, in order: the words of ``tokens(in:)``.
    static func forEachLexeme(in text: String, _ body: (String) -> Void) {
        forEachWord(in: text) { _, lexeme in body(lexeme) }
    }

    /// The one reading of words that ``tokens(in:)`` and ``forEachLexeme(in:_:)`` share: calls
    /// `body` with each word's place and folded form, in order, without making a ``Token``. An ASCII
    /// word is lowered into a reused buffer; others go through ``fold(_:)``.
    static func forEachWord(in text: String, _ body: (Range<String.Index>, String) -> Void) {
        let scalars = text.unicodeScalars
        var start: String.Index?
        var isASCII = true
        var ascii: [UInt8] = []
        ascii.reserveCapacity(32)
        func flush(at end: String.Index) {
            guard let begin = start else { return }
            start = nil
            let lexeme = isASCII ? String(decoding: ascii, as: UTF8.self) : fold(text[begin..<end])
            ascii.removeAll(keepingCapacity: true)
            if !lexeme.isEmpty { body(begin..<end, lexeme) }
        }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(truncatingIfNeeded: value)
                let lower = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                if lower &- UInt8(ascii: "a") < 26 || lower &- UInt8(ascii: "0") < 10 {
                    if start == nil {
                        start = index
                        isASCII = true
                    }
                    if isASCII { ascii.append(lower) }
                } else {
                    flush(at: index)
                }
            } else if CJKScript.isCJK(scalar) {
                flush(at: index)
                start = index
                isASCII = false
                flush(at: next)
            } else {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                    if start == nil { start = index }
                    isASCII = false
                case .nonspacingMark, .spacingMark, .enclosingMark:
                    if start == nil { break }
                    isASCII = false
                default:
                    flush(at: index)
                }
            }
            index = next
        }
        flush(at: text.endIndex)
    }
}

/// An article's search vector: its words in first-seen order, each with its positions.
struct SearchVector: Sendable {
    fileprivate let builder: VectorBuilder

    /// `'word':1A,4B 'other':2A`.
    var literal: String { builder.literal() }

    /// PostgreSQL's binary `tsvector` (its `tsvectorsend` form).
    var binary: BinaryTSVector { BinaryTSVector(bytes: builder.binary()) }
}

/// A `tsvector` in PostgreSQL's binary form, bound as a parameter (alone or in an array): the
/// number of words, then each word NUL-terminated, its number of positions and each position
/// (14 bits, the weight in the top two: A is 3, B is 2). The server's `tsvectorrecv` sorts the
/// words; positions must rise within a word.
struct BinaryTSVector: PostgresNonThrowingEncodable, PostgresArrayEncodable, Sendable {
    let bytes: [UInt8]

    static var psqlType: PostgresDataType { .tsvector }
    static var psqlArrayType: PostgresDataType { .tsvectorArray }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer,
                                                  context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeBytes(bytes)
    }
}

/// The words of one article's vector, in first-seen order, each with its positions.
private struct VectorBuilder: Sendable {
    /// A word's slot in ``words``.
    private var slots: [String: Int] = [:]
    private var words: [(lexeme: String, positions: [UInt16])] = []
    private var bytes = 0

    /// Adds an occurrence; positions past PostgreSQL's largest share it, a word keeps at most 256.
    mutating func add(_ lexeme: String, position: Int, isTitle: Bool) {
        let length = lexeme.utf8.count
        guard length <= SearchText.maximumLexemeBytes else { return }
        let mark = UInt16(min(position, SearchText.maximumPosition)) << 1 | (isTitle ? 0 : 1)
        if let slot = slots[lexeme] {
            guard words[slot].positions.count < SearchText.maximumPositions else { return }
            words[slot].positions.append(mark)
        } else {
            // PostgreSQL refuses a tsvector over 1 MB; a body that large keeps its first words.
            guard bytes + length < 900_000 else { return }
            bytes += length + 8
            slots[lexeme] = words.count
            words.append((lexeme, [mark]))
        }
        bytes += 3
    }

    /// `'word':1A,4B 'other':2A`.
    func literal() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + words.count * 4)
        for (index, word) in words.enumerated() {
            if index > 0 { out.append(UInt8(ascii: " ")) }
            out.append(UInt8(ascii: "'"))
            out.append(contentsOf: word.lexeme.utf8)
            out.append(UInt8(ascii: "'"))
            out.append(UInt8(ascii: ":"))
            for (number, mark) in word.positions.enumerated() {
                if number > 0 { out.append(UInt8(ascii: ",")) }
                Self.appendDecimal(Int(mark >> 1), to: &out)
                out.append(mark & 1 == 0 ? UInt8(ascii: "A") : UInt8(ascii: "B"))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The binary form: `int32` count, then per word its UTF-8 and a NUL, a `uint16` count of
    /// positions and each position as `uint16` (big-endian), weight A (3) or B (2) in the top bits.
    /// Positions capped at PostgreSQL's largest are written once (the literal's parser merges them).
    func binary() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + words.count * 4 + 4)
        let count = UInt32(words.count)
        out.append(UInt8(truncatingIfNeeded: count >> 24))
        out.append(UInt8(truncatingIfNeeded: count >> 16))
        out.append(UInt8(truncatingIfNeeded: count >> 8))
        out.append(UInt8(truncatingIfNeeded: count))
        for word in words {
            out.append(contentsOf: word.lexeme.utf8)
            out.append(0)
            // The count of positions goes first; it is known once the merged ones are skipped.
            let countAt = out.count
            out.append(0)
            out.append(0)
            var written = 0
            var last = -1
            for mark in word.positions {
                let position = Int(mark >> 1)
                guard position > last else { continue }
                last = position
                let value = UInt16(position) | (mark & 1 == 0 ? 3 << 14 : 2 << 14)
                out.append(UInt8(truncatingIfNeeded: value >> 8))
                out.append(UInt8(truncatingIfNeeded: value))
                written += 1
            }
            out[countAt] = UInt8(truncatingIfNeeded: written >> 8)
            out[countAt + 1] = UInt8(truncatingIfNeeded: written)
        }
        return out
    }

    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
