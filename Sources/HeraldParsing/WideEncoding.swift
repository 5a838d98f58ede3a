import Foundation

/// The encodings of XML 1.0 appendix F that libxml2's push parser is not handed directly:
/// UTF-16 without a byte order mark, and UTF-32 in either byte order with or without one.
/// Such documents are transcoded to UTF-8 in Swift (a rare path) and parsed as UTF-8.
enum WideEncoding: String, Equatable {
    case utf16BigEndian = "UTF-16BE"
    case utf16LittleEndian = "UTF-16LE"
    case utf32BigEndian = "UTF-32BE"
    case utf32LittleEndian = "UTF-32LE"

    /// Detects a wide encoding from the first four bytes: a UTF-32 byte order mark, or the
    /// zero bytes around a first `<` (or whitespace, or `{` for JSON) that mark each form.
    /// UTF-16 with a byte order mark is left to libxml2 and is not reported here.
    static func detect(_ head: [UInt8]) -> WideEncoding? {
        guard head.count >= 4 else { return nil }
        let (b0, b1, b2, b3) = (head[0], head[1], head[2], head[3])
        if (b0, b1, b2, b3) == (0x00, 0x00, 0xFE, 0xFF) { return .utf32BigEndian }
        if (b0, b1, b2, b3) == (0xFF, 0xFE, 0x00, 0x00) { return .utf32LittleEndian }
        if b0 == 0, b1 == 0, b2 == 0, starts(b3) { return .utf32BigEndian }
        if starts(b0), b1 == 0, b2 == 0, b3 == 0 { return .utf32LittleEndian }
        if b0 == 0, starts(b1), b2 == 0, b3 != 0 { return .utf16BigEndian }
        if starts(b0), b1 == 0, b2 != 0, b3 == 0 { return .utf16LittleEndian }
        return nil
    }

    /// The characters a document may start with: `<`, `{`, `[` and XML whitespace.
    private static func starts(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The length of the byte order mark at the start of `data`, if it has one in this encoding.
    private func byteOrderMarkLength(_ data: Data) -> Int {
        let head = Array(data.prefix(4))
        switch self {
        case .utf16BigEndian: return head.starts(with: [0xFE, 0xFF]) ? 2 : 0
        case .utf16LittleEndian: return head.starts(with: [0xFF, 0xFE]) ? 2 : 0
        case .utf32BigEndian: return head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) ? 4 : 0
        case .utf32LittleEndian: return head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) ? 4 : 0
        }
    }

    /// The document re-encoded as UTF-8, without its byte order mark; invalid code units become
    /// U+FFFD and a trailing partial code unit is dropped.
    func transcodedToUTF8(_ data: Data) -> Data {
        let bytes = [UInt8](data.dropFirst(byteOrderMarkLength(data)))
        let text: String
        switch self {
        case .utf16BigEndian, .utf16LittleEndian:
            let big = self == .utf16BigEndian
            let units = stride(from: 0, to: bytes.count - 1, by: 2).map { index -> UInt16 in
                let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                return big ? first << 8 | second : second << 8 | first
            }
            text = String(decoding: units, as: UTF16.self)
        case .utf32BigEndian, .utf32LittleEndian:
            let big = self == .utf32BigEndian
            let units = stride(from: 0, to: bytes.count - 3, by: 4).map { index -> UInt32 in
                let value = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[index + (big ? $1 : 3 - $1)]) }
                return value
            }
            text = String(decoding: units, as: UTF32.self)
        }
        return Data(text.utf8)
    }
}
