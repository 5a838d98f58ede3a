import Foundation

/// The fields of a request body sent as an HTML form: `application/x-www-form-urlencoded`, or
/// `multipart/form-data` (which some Fever clients send), read leniently.
enum FormFields {
    /// The fields, by name (the last value of a repeated name wins); empty for anything else.
    static func parse(_ body: Data, contentType: String?) -> [String: String] {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("multipart/form-data"), let boundary = boundary(in: contentType ?? "") {
            return multipart(body, boundary: boundary)
        }
        return urlEncoded(String(decoding: body, as: UTF8.self))
    }

    /// `a=1&b=two%20words`.
    static func urlEncoded(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { continue }
            fields[name] = parts.count > 1 ? decode(parts[1]) ?? "" : ""
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

    private static func multipart(_ body: Data, boundary: String) -> [String: String] {
        var fields: [String: String] = [:]
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
            fields[String(rest[..<end])] = value
        }
        return fields
    }
}
