import GRDB
import HeraldDomain

/// Makes Chinese, Japanese and Korean text searchable with FTS5's `unicode61` tokenizer, which keeps
/// a whole run of CJK characters (a sentence, often) as one token, so a word inside it is never found.
///
/// The search column stores CJK characters as separate tokens (a space on each side); a CJK word in
/// a query becomes the phrase of its characters, which matches them side by side. Snippets are read
/// back without the added spaces. Titles, shown in lists, are stored as they are; a title with CJK text
/// is also added, segmented, at the end of the search body so its words are found.
enum CJKText {
    /// True for Han ideographs, kana, Hangul syllables and half-width katakana.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool { CJKScript.isCJK(scalar) }

    /// Whether `text` has any CJK character (the common case, none, costs one pass and no copy).
    /// Every CJK character is U+3040 or above, whose UTF-8 starts with a byte of 0xE3 or more: text
    /// without such a byte is answered from its bytes, without decoding a scalar.
    static func contains(_ text: String) -> Bool {
        let mayHaveCJK = text.utf8.withContiguousStorageIfAvailable { hasByteFromE3($0) } ?? true
        return mayHaveCJK && text.unicodeScalars.contains(where: isCJK)
    }

    /// Whether any byte is 0xE3 or more, eight bytes at a time: a word of ASCII is skipped whole.
    private static func hasByteFromE3(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 {
                for offset in 0..<8 where raw[index + offset] >= 0xE3 { return true }
            }
            index += 8
        }
        while index < raw.count {
            if raw[index] >= 0xE3 { return true }
            index += 1
        }
        return false
    }

    /// `text` with every CJK character standing alone between spaces.
    static func segmented(_ text: String) -> String {
        guard contains(text) else { return text }
        var output = String.UnicodeScalarView()
        var previousWasCJK = false
        for scalar in text.unicodeScalars {
            if scalar == " " {
                if output.last != " " { output.append(scalar) }
                previousWasCJK = false
                continue
            }
            let cjk = isCJK(scalar)
            if (cjk || previousWasCJK), let last = output.last, last != " " { output.append(" ") }
            output.append(scalar)
            previousWasCJK = cjk
        }
        return String(output)
    }

    /// The search body for an article: the segmented body, then the segmented title when it has CJK
    /// text (after the body, so snippets prefer the body's own sentences).
    static func searchBody(title: String, body: String) -> String {
        let titleHasCJK = contains(title)
        let segmentedBody = segmented(body)
        return titleHasCJK ? segmentedBody + " " + segmented(title) : segmentedBody
    }

    /// Removes the spaces `segmented` added: a space next to a CJK character, looking through the
    /// highlight markers (U+E000, U+E001) that `snippet()` puts around matches.
    static func desegmented(_ marked: String) -> String {
        guard contains(marked) else { return marked }
        let scalars = Array(marked.unicodeScalars)
        func isMarker(_ scalar: Unicode.Scalar) -> Bool { scalar.value == 0xE000 || scalar.value == 0xE001 }
        var output = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == " " {
                var before = index - 1
                while before >= 0, isMarker(scalars[before]) { before -= 1 }
                var after = index + 1
                while after < scalars.count, isMarker(scalars[after]) { after += 1 }
                let previousCJK = before >= 0 && isCJK(scalars[before])
                let nextCJK = after < scalars.count && isCJK(scalars[after])
                if previousCJK || nextCJK { continue }
            }
            output.append(scalar)
        }
        return String(output)
    }
}

extension CJKText {
    /// SQL `herald_has_cjk(text)`: 1 when the text has a CJK character (used by the v4 migration).
    static let hasCJKFunction = DatabaseFunction("herald_has_cjk", argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]) else { return false }
        return contains(text)
    }

    /// SQL `herald_cjk_search_body(title, body)`: the search body of an article already stored
    /// (used by the v4 migration; `body` is the plain text stored before segmentation).
    static let searchBodyFunction = DatabaseFunction("herald_cjk_search_body", argumentCount: 2, pure: true) { values in
        let title = String.fromDatabaseValue(values[0]) ?? ""
        let body = String.fromDatabaseValue(values[1]) ?? ""
        return searchBody(title: title, body: body)
    }
}
