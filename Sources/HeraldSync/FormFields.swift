import Foundation

/// The fields of a request body sent as an HTML form: `application/x-www-form-urlencoded`, or
/// `multipart/form-data` (which some Fever clients send), read leniently.
enum FormFields {
    /// The fields, by name (the last value of a repeated name wins); empty for anything else.
    static func parse(_ body: Data, contentType: String?) -> [String: String] {
        Dictionary(pairs(body, contentType: contentType), uniquingKeysWith: { $1 })
    }

    /// The fields in order, repeated names kept (Google Reader repeats `i`, `a`, `r` and `s`).
    static func pairs(_ body: Data, contentType: String?) -> [(name: String, value: String)] {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("multipart/form-data"), let boundary = boundary(in: contentType ?? "") {
            return multipart(body, boundary: boundary)
        }
        return urlEncoded(String(decoding: body, as: UTF8.self))
    }

    /// `a=1&b=two%20words`: a field whose name is not valid percent-encoded UTF-8 is skipped, a
    /// value that is not reads as empty.
    static func urlEncoded(_ text: String) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        // Read as bytes: an `edit-tag` of 1,000 ids is 2,000 fields, and Foundation's percent
        // decoding spent about 9 ms on them.
        for pair in text.utf8.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { continue }
            fields.append((name, parts.count > 1 ? decode(parts[1]) ?? "" : ""))
        }
        return fields
    }

    /// `+` as a space and `%XX` as its byte; `nil` for a `%` without two hex digits after it or
    /// bytes that are not UTF-8.
    static func decode(_ encoded: Substring.UTF8View) -> String? {
        guard encoded.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(Substring(encoded))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let high = encoded.index(after: index)
                guard high < encoded.endIndex, let upper = hexValue(encoded[high]) else { return nil }
                let low = encoded.index(after: high)
                guard low < encoded.endIndex, let lower = hexValue(encoded[low]) else { return nil }
                bytes.append(upper << 4 | lower)
                index = low
            default:
                bytes.append(byte)
            }
            index = encoded.index(after: index)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";") {
            let trimmed = parameter.trimmingCharacters(in: .whitespaces)
            if trimmed.lowercased().hasPrefix("boundary=") {
                return String(trimmed.dropFirst("boundary=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    private static func multipart(_ body: Data, boundary: String) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        let text = String(decoding: body, as: UTF8.self)
        for part in text.components(separatedBy: "--" + boundary) {
            guard let split = part.range(of: "\r\n\r\n") ?? part.range(of: "\n\n") else { continue }
            let headers = part[..<split.lowerBound]
            guard let nameRange = headers.range(of: "name=\"") else { continue }
            let rest = headers[nameRange.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            var value = String(part[split.upperBound...])
            // "\r\n" is one Character in Swift: one removeLast drops either line ending.
            if value.hasSuffix("\r\n") || value.hasSuffix("\n") { value.removeLast() }
            fields.append((String(rest[..<end]), value))
        }
        return fields
    }
}
