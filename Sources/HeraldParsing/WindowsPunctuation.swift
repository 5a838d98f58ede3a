import Foundation

/// The C1 control characters (U+0080–U+009F) read as what their authors meant: windows-1252's
/// punctuation. Such characters reach a feed's text when windows-1252 bytes are read under an
/// ISO-8859-1 label (a server's default `charset`), or through references like `&#146;`; shown as
/// they are, they vanish, and U+0090, U+0098 and U+009D–U+009F would swallow the rest of a title
/// in a terminal. HTML5 decodes `&#128;`–`&#159;` the same way; feedparser and Miniflux do too.
enum WindowsPunctuation {
    /// windows-1252's characters for 0x80–0x9F; `nil` for the five it leaves undefined (dropped).
    private static let table: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    /// True when the UTF-8 bytes hold a C1 control character (`C2 80` to `C2 9F`). Every text of
    /// a feed is looked at, so the search for the lead byte is `memchr`'s.
    static func isNeeded(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard var cursor = buffer.baseAddress else { return false }
            let end = cursor + buffer.count
            while cursor < end, let found = memchr(cursor, 0xC2, end - cursor) {
                let lead = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                if lead + 1 < end, (0x80...0x9F).contains(lead[1]) { return true }
                cursor = lead + 1
            }
            return false
        }
    }

    /// `text` with each C1 control character replaced by windows-1252's character for it.
    static func repaired(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard (0x80...0x9F).contains(scalar.value) else {
                scalars.append(scalar)
                continue
            }
            if let mapped = table[Int(scalar.value - 0x80)] { scalars.append(mapped) }
        }
        return String(scalars)
    }
}
