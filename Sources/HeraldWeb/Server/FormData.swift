import Herald

/// The fields of a submitted form: `application/x-www-form-urlencoded` (and URL queries), or the
/// parts of a `multipart/form-data` upload (the OPML import).
struct FormData: Sendable {
    /// Field values by name, in order (a name may repeat).
    private(set) var fields: [(name: String, value: String)] = []
    /// Uploaded files by field name.
    private(set) var files: [String: [UInt8]] = [:]

    /// The first value of a field.
    subscript(_ name: String) -> String? { fields.first { $0.name == name }?.value }

    /// Reads `a=1&b=two+words&c=%C3%A9`.
    init(urlEncoded text: Substring) {
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decoded(parts[0])
            let value = parts.count > 1 ? Self.decoded(parts[1]) : ""
            fields.append((name, value))
        }
    }

    /// Reads a multipart body. - Returns: nil when the body is not multipart with that boundary.
    init?(multipart body: [UInt8], boundary: String) {
        let delimiter = Array(("--" + boundary).utf8)
        var parts: [ArraySlice<UInt8>] = []
        var searchFrom = 0
        var partStart: Int?
        while let found = Self.find(delimiter, in: body, from: searchFrom) {
            if let start = partStart {
                // The part ends with CRLF before the delimiter.
                let end = found >= 2 && body[found - 2] == 13 && body[found - 1] == 10 ? found - 2 : found
                if end >= start { parts.append(body[start..<end]) }
            }
            var next = found + delimiter.count
            if next + 1 < body.count, body[next] == UInt8(ascii: "-"), body[next + 1] == UInt8(ascii: "-") { break }
            if next + 1 < body.count, body[next] == 13, body[next + 1] == 10 { next += 2 }
            partStart = next
            searchFrom = next
        }
        guard !parts.isEmpty else { return nil }
        for part in parts {
            guard let headerEnd = Self.find(Array("\r\n\r\n".utf8), in: Array(part), from: 0) else { continue }
            let bytes = Array(part)
            let headers = String(decoding: bytes[..<headerEnd], as: UTF8.self)
            let content = Array(bytes[(headerEnd + 4)...])
            guard let disposition = headers.split(separator: "\r\n").first(where: {
                $0.lowercased().hasPrefix("content-disposition:")
            }), let name = Self.parameter("name", in: disposition) else { continue }
            if Self.parameter("filename", in: disposition) != nil {
                files[name] = content
            } else {
                fields.append((name, String(decoding: content, as: UTF8.self)))
            }
        }
    }

    /// The boundary of a `multipart/form-data; boundary=…` content type.
    static func boundary(ofContentType type: String) -> String? {
        guard type.lowercased().hasPrefix("multipart/form-data") else { return nil }
        return parameter("boundary", in: Substring(type))
    }

    private static func parameter(_ name: String, in header: Substring) -> String? {
        for piece in header.split(separator: ";") {
            let trimmed = piece.drop { $0 == " " }
            guard trimmed.lowercased().hasPrefix(name + "=") else { continue }
            var value = trimmed.dropFirst(name.count + 1)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// `+` as a space, `%XX` as a byte, the bytes as UTF-8 (malformed escapes kept as written).
    static func decoded(_ text: Substring) -> String {
        DeepLink.percentDecoded(String(text).replacing("+", with: " "))
    }
}
