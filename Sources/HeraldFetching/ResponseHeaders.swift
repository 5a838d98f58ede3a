#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The few response headers a feed reader acts on, parsed leniently: a malformed value is
/// ignored rather than failing a fetch that otherwise worked.
enum ResponseHeaders {
    /// `max-age` of a `Cache-Control` value, in seconds.
    static func maxAge(cacheControl: String?) -> Double? {
        guard let cacheControl else { return nil }
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmed().lowercased() == "max-age" else { continue }
            let value = parts[1].trimmed().filter { $0 != "\"" }
            if let seconds = Int(value), seconds >= 0 { return Double(seconds) }
        }
        return nil
    }

    /// The date of an `Expires` value; `nil` when absent or invalid (such as `0`).
    static func expires(_ value: String?) -> Date? {
        value.flatMap { HTTPDate.parse($0.trimmed()) }
    }

    /// When a `Retry-After` value (delay in seconds, or an HTTP-date) allows the next request.
    static func retryAfter(_ value: String?, now: Date) -> Date? {
        guard let text = value?.trimmed(), !text.isEmpty else { return nil }
        if text.allSatisfy(\.isASCIIDigit) {
            return Int(text).map { now.addingTimeInterval(TimeInterval($0)) }
        }
        return HTTPDate.parse(text)
    }

    /// The media type of a `Content-Type` value, lowercased, without parameters.
    static func mediaType(_ contentType: String?) -> String? {
        guard let type = contentType?.split(separator: ";").first?.trimmed().lowercased(), !type.isEmpty
        else { return nil }
        return type
    }

    /// The `charset` parameter of a `Content-Type` value, lowercased and unquoted.
    static func charset(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmed().lowercased() == "charset" else { continue }
            let value = parts[1].trimmed().filter { $0 != "\"" && $0 != "'" }.lowercased()
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmed() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(self[start...end])
    }
}

extension Character {
    /// True for `0`…`9` only.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
