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
        forEachWordBytes(in: title) { _, lexeme in
            position += 1
            builder.add(lexeme, position: position, isTitle: true)
        }
        position += 1
        forEachWordBytes(in: body) { _, lexeme in
            position += 1
            builder.add(lexeme, position: position, isTitle: false)
        }
        return SearchVector(builder: builder)
    }

    /// Calls `body` with each word's place and folded form, in order, without making a ``Token``.
    static func forEachWord(in text: String, _ body: (Range<String.Index>, String) -> Void) {
        let utf8 = text.utf8
        // Each index is found from the last word's end, so a text that is not native UTF-8 (a
        // bridged string, where an offset is walked) is still read once.
        var previous = (index: utf8.startIndex, offset: 0)
        forEachWordBytes(in: text) { offsets, lexeme in
            let lower = utf8.index(previous.index, offsetBy: offsets.lowerBound - previous.offset)
            let upper = utf8.index(lower, offsetBy: offsets.count)
            previous = (upper, offsets.upperBound)
            body(lower..<upper, String(decoding: lexeme, as: UTF8.self))
        }
    }

    /// The one reading of words that ``tokens(in:)``, ``forEachWord(in:_:)`` and the vectors
    /// share: calls `body` with each word's place (UTF-8 offsets) and the UTF-8 of its folded
    /// form, valid only during the call.
    ///
    /// The text is read as UTF-8 bytes: an ASCII byte is decided by its value, and an ASCII word
    /// is lowered into a reused buffer (no string is made for it); a longer sequence is decoded to
    /// its scalar, whose category decides, and a word holding one goes through ``fold(_:)``.
    static func forEachWordBytes(in text: String, _ body: (Range<Int>, UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var start = -1
            var isASCII = true
            var ascii: [UInt8] = []
            ascii.reserveCapacity(32)
            func flush(at end: Int) {
                guard start >= 0 else { return }
                let begin = start
                start = -1
                if isASCII {
                    if !ascii.isEmpty { ascii.withUnsafeBufferPointer { body(begin..<end, $0) } }
                    ascii.removeAll(keepingCapacity: true)
                } else {
                    ascii.removeAll(keepingCapacity: true)
                    let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[begin..<end]), as: UTF8.self)
                    var lexeme = fold(word[...])
                    if !lexeme.isEmpty { lexeme.withUTF8 { body(begin..<end, $0) } }
                }
            }
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte < 0x80 {
                    let lower = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                    if lower &- UInt8(ascii: "a") < 26 || lower &- UInt8(ascii: "0") < 10 {
                        if start < 0 {
                            start = index
                            isASCII = true
                        }
                        if isASCII { ascii.append(lower) }
                    } else {
                        flush(at: index)
                    }
                    index += 1
                    continue
                }
                // A valid sequence (a Swift string's UTF-8 always is): its length from the lead byte.
                // A cut one at the very end could only come from unsafe code; it ends the reading.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= count else { break }
                var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                let next = index + length
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                if CJKScript.isCJK(scalar) {
                    flush(at: index)
                    start = index
                    isASCII = false
                    flush(at: next)
                } else {
                    switch scalar.properties.generalCategory {
                    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                         .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                        if start < 0 { start = index }
                        isASCII = false
                    case .nonspacingMark, .spacingMark, .enclosingMark:
                        if start >= 0 { isASCII = false }
                    default:
                        flush(at: index)
                    }
                }
                index = next
            }
            flush(at: count)
        }
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
///
/// Flat arrays instead of a dictionary of strings to arrays (a third of a PostgreSQL refresh's CPU
/// in Herald was hashing, allocating and releasing those): the words' bytes one after another, an
/// open-addressing table of the ASCII words' numbers keyed by a seeded hash of their bytes, and
/// each word's occurrences chained through one array of marks.
///
/// A word with other bytes is looked up by string, as the first version did for every word: two
/// spellings Swift holds equal (a Hangul syllable and its jamo, a CJK compatibility ideograph and
/// its unified form) are one word, under the spelling seen first. An ASCII word has one spelling.
private struct VectorBuilder: Sendable {
    /// The words' UTF-8, one after another.
    private var text: [UInt8] = []
    /// Each word's first byte in ``text``; its end is the next word's start (or the end of ``text``).
    private var starts: [Int32] = []
    /// Each word's first and last occurrence in ``marks``, and how many it keeps.
    private var firstMarks: [Int32] = []
    private var lastMarks: [Int32] = []
    private var counts: [UInt16] = []
    /// Every kept occurrence: the position shifted left by one, 1 for a body word.
    private var marks: [UInt16] = []
    /// The next occurrence of the same word in ``marks``, or -1.
    private var nextMarks: [Int32] = []
    /// ASCII word number + 1 per slot (0: free); a power of two, at most half full.
    private var table = [Int32](repeating: 0, count: 256)
    private var tableCount = 0
    /// The number of each word that holds a non-ASCII byte.
    private var otherWords: [String: Int32] = [:]
    private var bytes = 0

    /// The hash's seed, drawn once a process, as Swift's own `Hasher` does: a feed cannot choose
    /// words that all land in one run of the table and make each lookup walk it.
    private static let seed = UInt64.random(in: .min ... .max)

    private var wordCount: Int { starts.count }

    private func range(ofWord word: Int) -> Range<Int> {
        Int(starts[word])..<(word + 1 < starts.count ? Int(starts[word + 1]) : text.count)
    }

    /// FNV-1a from a seeded start, then MurmurHash3's finalizer, which spreads every bit of the
    /// state over the low bits the table uses.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        value ^= value >> 33
        value &*= 0xff51_afd7_ed55_8ccd
        value ^= value >> 33
        value &*= 0xc4ce_b9fe_1a85_ec53
        value ^= value >> 33
        return Int(truncatingIfNeeded: value)
    }

    /// The slot of `lexeme` in ``table``: the word's own, or the free one where it would go.
    private func slot(of lexeme: UnsafeBufferPointer<UInt8>, hash: Int) -> Int {
        let mask = table.count - 1
        var slot = hash & mask
        while true {
            let entry = Int(table[slot])
            if entry == 0 { return slot }
            let word = range(ofWord: entry - 1)
            if word.count == lexeme.count, text.withUnsafeBufferPointer({ stored in
                memcmp(stored.baseAddress! + word.lowerBound, lexeme.baseAddress!, lexeme.count) == 0
            }) {
                return slot
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let old = table
        table = [Int32](repeating: 0, count: old.count * 2)
        let mask = table.count - 1
        for entry in old where entry != 0 {
            let word = range(ofWord: Int(entry) - 1)
            var slot = text.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[word])) } & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = entry
        }
    }

    /// Adds an occurrence; positions past PostgreSQL's largest share it, a word keeps at most 256.
    mutating func add(_ lexeme: UnsafeBufferPointer<UInt8>, position: Int, isTitle: Bool) {
        let length = lexeme.count
        guard length > 0, length <= SearchText.maximumLexemeBytes else { return }
        let mark = UInt16(min(position, SearchText.maximumPosition)) << 1 | (isTitle ? 0 : 1)
        let isASCII = !lexeme.contains { $0 >= 0x80 }
        var found = 0
        var other = ""
        let existing: Int?
        if isASCII {
            found = slot(of: lexeme, hash: Self.hash(lexeme))
            existing = table[found] != 0 ? Int(table[found]) - 1 : nil
        } else {
            other = String(decoding: lexeme, as: UTF8.self)
            existing = otherWords[other].map(Int.init)
        }
        if let word = existing {
            guard Int(counts[word]) < SearchText.maximumPositions else { return }
            nextMarks[Int(lastMarks[word])] = Int32(marks.count)
            lastMarks[word] = Int32(marks.count)
            counts[word] += 1
        } else {
            // PostgreSQL refuses a tsvector over 1 MB; a body that large keeps its first words.
            guard bytes + length < 900_000 else { return }
            bytes += length + 8
            if isASCII {
                table[found] = Int32(wordCount + 1)
                tableCount += 1
            } else {
                otherWords[other] = Int32(wordCount)
            }
            starts.append(Int32(text.count))
            text.append(contentsOf: lexeme)
            firstMarks.append(Int32(marks.count))
            lastMarks.append(Int32(marks.count))
            counts.append(1)
            if tableCount * 2 > table.count { grow() }
        }
        marks.append(mark)
        nextMarks.append(-1)
        bytes += 3
    }

    /// Calls `body` with each word's UTF-8 and its marks, in first-seen order.
    private func forEachWord(_ body: (ArraySlice<UInt8>, [UInt16]) -> Void) {
        var positions: [UInt16] = []
        positions.reserveCapacity(SearchText.maximumPositions)
        for word in 0..<wordCount {
            positions.removeAll(keepingCapacity: true)
            var occurrence = Int(firstMarks[word])
            while occurrence >= 0 {
                positions.append(marks[occurrence])
                occurrence = Int(nextMarks[occurrence])
            }
            body(text[range(ofWord: word)], positions)
        }
    }

    /// `'word':1A,4B 'other':2A`.
    func literal() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + wordCount * 4)
        var isFirst = true
        forEachWord { lexeme, positions in
            if !isFirst { out.append(UInt8(ascii: " ")) }
            isFirst = false
            out.append(UInt8(ascii: "'"))
            out.append(contentsOf: lexeme)
            out.append(UInt8(ascii: "'"))
            out.append(UInt8(ascii: ":"))
            for (number, mark) in positions.enumerated() {
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
        out.reserveCapacity(bytes + wordCount * 4 + 4)
        let count = UInt32(wordCount)
        out.append(UInt8(truncatingIfNeeded: count >> 24))
        out.append(UInt8(truncatingIfNeeded: count >> 16))
        out.append(UInt8(truncatingIfNeeded: count >> 8))
        out.append(UInt8(truncatingIfNeeded: count))
        forEachWord { lexeme, positions in
            out.append(contentsOf: lexeme)
            out.append(0)
            // The count of positions goes first; it is known once the merged ones are skipped.
            let countAt = out.count
            out.append(0)
            out.append(0)
            var written = 0
            var last = -1
            for mark in positions {
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
