import Foundation

/// Chooses the charset a page is decoded with: a byte order mark, else the server's charset,
/// else UTF-8 when all the bytes are UTF-8 (a page saved again as UTF-8 often keeps its old
/// `<meta charset>`, and other encodings' text is almost never valid UTF-8), else the page's
/// `<meta charset>` or `http-equiv` declaration in its first 1024 bytes (left to libxml2), else
/// windows-1252, the web's usual fallback.
enum PageEncoding {
    /// The charset to force on libxml2, or nil to let the page's own declaration decide. A byte
    /// order mark wins over the server's charset, as in browsers (the WHATWG encoding standard):
    /// a UTF-8 page with a mark served as ISO-8859-1 is UTF-8.
    static func choose(for bytes: Data, transport: String?) -> String? {
        if let mark = byteOrderMark(of: bytes) { return mark.charset }
        if let transport, !transport.isEmpty { return transport }
        // A page cut at the size limit may end inside a character: its last bytes are not judged.
        let judged = bytes.count >= PageTree.maxInputBytes ? bytes.dropLast(3) : bytes
        if judged.withUnsafeBytes({ UTF8Census(of: $0, stoppingAtInvalid: true).isValid }) { return "UTF-8" }
        return declaresCharset(bytes.prefix(1024)) ? nil : "windows-1252"
    }

    /// True when the start of the page has `charset=` (in a `<meta>`), in any case.
    private static func declaresCharset(_ head: Data) -> Bool {
        let needle = Array("charset".utf8)
        let bytes = Array(head)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) {
            var matches = true
            for offset in 0..<needle.count where bytes[start + offset] | 0x20 != needle[offset] {
                matches = false
                break
            }
            if matches { return true }
        }
        return false
    }

    /// The charset a byte order mark at the start of the page names, and the mark's length.
    static func byteOrderMark(of bytes: Data) -> (charset: String, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return ("UTF-8", 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        return nil
    }
}
