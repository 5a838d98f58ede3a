import Foundation

/// Reads the `encoding` of an XML declaration (`<?xml version="1.0" encoding="…"?>`) from the
/// first bytes of an ASCII-compatible document, before libxml2 sees it, so that the parser can
/// tell a label iconv does not know or a label that lies before the bytes are decoded.
enum XMLDeclaration {
    /// The declared encoding, if the document starts (after an optional UTF-8 byte order mark and
    /// whitespace) with an XML declaration that names one.
    static func encoding(in data: Data) -> String? {
        let head = Array(data.prefix(512))
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < head.count, isSpace(head[index]) { index += 1 }
        guard head[index...].starts(with: Array("<?xml".utf8)) else { return nil }
        guard let end = head[index...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = head[(index + 5)..<end]
        guard let key = find(Array("encoding".utf8), in: declaration) else { return nil }
        var cursor = key + 8
        while cursor < end, isSpace(head[cursor]) { cursor += 1 }
        guard cursor < end, head[cursor] == UInt8(ascii: "=") else { return nil }
        cursor += 1
        while cursor < end, isSpace(head[cursor]) { cursor += 1 }
        guard cursor < end, head[cursor] == UInt8(ascii: "\"") || head[cursor] == UInt8(ascii: "'") else { return nil }
        let quote = head[cursor]
        guard let close = head[(cursor + 1)..<end].firstIndex(of: quote) else { return nil }
        let name = String(decoding: head[(cursor + 1)..<close], as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in haystack.startIndex...(haystack.endIndex - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
