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

    /// `a=1&b=two%20words`.
    static func urlEncoded(_ text: String) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { continue }
            fields.append((name, parts.count > 1 ? decode(parts[1]) ?? "" : ""))
        }
        return fields
    }

    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
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
