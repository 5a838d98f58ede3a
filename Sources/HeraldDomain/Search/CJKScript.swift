/// Which characters are Chinese, Japanese or Korean: the search indexes of both stores make each
/// of them a word of its own, because these scripts do not separate words with spaces.
package enum CJKScript {
    /// True for Han ideographs, kana, Hangul syllables and half-width katakana.
    package static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF,   // hiragana, katakana
             0x3400...0x4DBF, 0x4E00...0x9FFF,   // CJK ideographs
             0xF900...0xFAFF, 0x20000...0x2FFFF, // compatibility and supplementary ideographs
             0xAC00...0xD7AF,                    // Hangul syllables
             0xFF66...0xFF9F:                    // half-width katakana
            return true
        default:
            return false
        }
    }
}
