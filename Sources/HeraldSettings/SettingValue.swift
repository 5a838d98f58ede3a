import Foundation

/// The kinds of value a setting takes, each read from its text or refused with a message that names
/// the place (`file:line` or the variable), the key and what would be accepted.
public enum SettingValue {
    /// The shortest duration a setting accepts: 1 second.
    public static let shortestDuration: Double = 1
    /// The longest duration a setting accepts: 365 days.
    public static let longestDuration: Double = 365 * 86_400
    /// The largest size a setting accepts: 1024 GB.
    public static let largestByteSize = 1024 * 1_073_741_824

    /// A user name: 1 to 64 characters, letters, digits, `.`, `_`, `-` and `@`.
    /// - Parameters:
    ///   - value: The text, as written.
    ///   - place: Where it was written: `file:line`, `HERALD_USER` or `--user`.
    public static func userName(_ value: String, at place: String) throws(ConfigurationError) -> String {
        let allowed = value.unicodeScalars.allSatisfy { scalar in
            CharacterSet.alphanumerics.contains(scalar) || "._-@".unicodeScalars.contains(scalar)
        }
        guard (1...64).contains(value.count), allowed else {
            throw ConfigurationError("\(place): a user name is 1 to 64 letters, digits, `.`, `_`, `-` or `@`, found `\(value)`.")
        }
        return value
    }

    /// A whole number above 0.
    public static func positiveInteger(_ value: String, key: String, at place: String) throws(ConfigurationError) -> Int {
        guard let number = Int(value), number > 0 else {
            throw ConfigurationError("\(place): `\(key)` needs a whole number above 0, found `\(value)`.")
        }
        return number
    }

    /// A duration in seconds from `90`, `90s`, `15m`, `2h` or `1d`, between ``shortestDuration`` and
    /// ``longestDuration`` (a fetch timeout becomes nanoseconds in a 64-bit integer, so it must stay finite
    /// and far from the limit).
    public static func duration(_ value: String, key: String, at place: String) throws(ConfigurationError) -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = value
        var scale = 1.0
        if let last = value.last, let unit = units[last] {
            digits = String(value.dropLast())
            scale = unit
        }
        guard let number = Double(digits), (shortestDuration...longestDuration).contains(number * scale) else {
            throw ConfigurationError("\(place): `\(key)` needs a duration from 1s to 365d, like 90s, 15m, 2h or 1d, found `\(value)`.")
        }
        return number * scale
    }

    /// A size in bytes from `500000`, `512KB`, `32MB` or `1GB`, from 1 byte to ``largestByteSize``.
    public static func byteSize(_ value: String, key: String, at place: String) throws(ConfigurationError) -> Int {
        let upper = value.uppercased()
        let units: [(String, Int)] = [("KB", 1024), ("MB", 1_048_576), ("GB", 1_073_741_824), ("B", 1)]
        var digits = upper
        var scale = 1
        for (suffix, size) in units where upper.hasSuffix(suffix) {
            digits = String(upper.dropLast(suffix.count))
            scale = size
            break
        }
        guard let number = Int(digits.trimmingCharacters(in: .whitespaces)), number > 0,
              number <= largestByteSize / scale else {
            throw ConfigurationError("\(place): `\(key)` needs a size from 1B to 1024GB, like 512KB or 32MB, found `\(value)`.")
        }
        return number * scale
    }

    /// A `User-Agent` header: one line of printable ASCII (space to `~`), since a control character
    /// would make every request invalid.
    public static func userAgent(_ value: String, at place: String) throws(ConfigurationError) -> String {
        guard !value.isEmpty, value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw ConfigurationError("\(place): `user-agent` must be one line of printable ASCII text.")
        }
        return value
    }

    /// The web front end's access token: at least 16 printable ASCII characters without spaces.
    public static func webToken(_ value: String, at place: String) throws(ConfigurationError) -> String {
        guard value.utf8.count >= 16, value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw ConfigurationError("\(place): `web-token` must be at least 16 printable ASCII characters without spaces.")
        }
        return value
    }
}
