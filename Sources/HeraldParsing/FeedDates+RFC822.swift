import Foundation

/// RFC 822 and its real-world variants.
extension FeedDates {

    /// The form nearly every feed uses, read by position without allocating:
    /// `Tue, 17 Nov 2026 09:12:41 +0000` (or `GMT`/`UT`/`Z` instead of the offset).
    static func parseCanonicalRFC822(_ b: [UInt8]) -> Date? {
        var i = 0
        if b.count > 5, b[3] == UInt8(ascii: ","), b[4] == 0x20 { i = 5 }
        guard b.count - i >= 24 || b.count - i == 22 || b.count - i == 23 else { return nil }
        func digits(_ at: Int, _ n: Int) -> Int? {
            guard at + n <= b.count else { return nil }
            var value = 0
            for k in at..<(at + n) { guard isDigit(b[k]) else { return nil }; value = value * 10 + Int(b[k] - 48) }
            return value
        }
        guard let day = digits(i, 2), b[i + 2] == 0x20, b[i + 6] == 0x20, let year = digits(i + 7, 4), b[i + 11] == 0x20,
              let hour = digits(i + 12, 2), b[i + 14] == UInt8(ascii: ":"), let minute = digits(i + 15, 2),
              b[i + 17] == UInt8(ascii: ":"), let second = digits(i + 18, 2), b[i + 20] == 0x20 else { return nil }
        let monthName = (Int(b[i + 3] | 0x20) << 16) | (Int(b[i + 4] | 0x20) << 8) | Int(b[i + 5] | 0x20)
        guard let month = packedMonths[monthName] else { return nil }
        guard let offset = zoneOffset(b[(i + 21)...]) else { return nil }
        return makeDate(year: year, month: month, day: day, hour: hour, minute: minute, second: Double(second), offset: offset)
    }

    static let packedMonths: [Int: Int] = {
        var table: [Int: Int] = [:]
        for (index, name) in ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].enumerated() {
            let u = Array(name.utf8)
            table[(Int(u[0]) << 16) | (Int(u[1]) << 8) | Int(u[2])] = index + 1
        }
        return table
    }()

    static func parseRFC822(_ b: [UInt8]) -> Date? {
        var day: Int?, month: Int?, year: Int?, time: (Int, Int, Double)?, offset: Int?, pm: Bool?
        // A first word followed by a comma is the day's name, whatever the language (French and
        // Spanish `mar.,` is Tuesday, not March).
        // (An English month before a comma, `Nov, 05 2024`, stays a month.)
        var words = tokens(b).map(Array.init)
        if let first = b.firstIndex(where: { $0 == UInt8(ascii: ",") }), let head = words.first,
           !head.isEmpty, !isDigit(head[0]),
           b[..<first].allSatisfy({ $0 != 0x20 && !isDigit($0) }) {
            let word = String(decoding: head, as: UTF8.self).uppercased().filter(\.isLetter)
            let englishMonths = ["JAN", "FEB", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
            if !englishMonths.contains(where: { word.hasPrefix($0) }) { words.removeFirst() }
        }
        for token in words {
            if token.contains(UInt8(ascii: ":")), time == nil, isDigit(token[0]) {
                guard let t = parseTime(token) else { return nil }
                time = t
            } else if token[0] == UInt8(ascii: "+") || token[0] == UInt8(ascii: "-") {
                offset = zoneOffset(token)
            } else if isDigit(token[0]) {
                guard token.allSatisfy(isDigit), let n = Int(String(decoding: token, as: UTF8.self)) else { continue }
                if token.count <= 2, day == nil, n >= 1, n <= 31 { day = n }
                else if year == nil { year = token.count <= 2 ? (n < 50 ? 2000 + n : 1900 + n) : n }
            } else {
                let word = String(decoding: token, as: UTF8.self).uppercased()
                if dayNamesLikeMonths.contains(word) { continue }
                if let m = FeedDates.month(of: word), month == nil, word.count >= 3 { month = m }
                else if word == "AM" || word == "PM" { pm = word == "PM" }
                else if offset == nil, let z = zoneOffset(token) { offset = z }
            }
        }
        guard let day, let month, let year else { return nil }
        var (hour, minute, second) = time ?? (0, 0, 0)
        if let pm { hour = hour % 12 + (pm ? 12 : 0) }
        return makeDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset ?? 0)
    }

    /// Splits on blanks, commas and parentheses, then `22-Nov-2026` on dashes and `12:00:00-0500` at the zone.
    static func tokens(_ b: [UInt8]) -> [ArraySlice<UInt8>] {
        let separators: Set<UInt8> = [0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: "("), UInt8(ascii: ")")]
        var result: [ArraySlice<UInt8>] = []
        for raw in b.split(whereSeparator: { separators.contains($0) }) {
            let sign = raw.dropFirst().firstIndex { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
            let upper = String(decoding: raw.prefix(3), as: UTF8.self).uppercased()
            if raw.first == UInt8(ascii: "+") || raw.first == UInt8(ascii: "-") || upper == "GMT" || upper == "UTC" {
                result.append(raw)
            } else if raw.contains(UInt8(ascii: ":")), let sign {
                result.append(raw[..<sign])
                result.append(raw[sign...])
            } else if sign != nil {
                result += raw.split(separator: UInt8(ascii: "-"))
            } else {
                result.append(raw)
            }
        }
        return result
    }

    static func parseTime(_ token: [UInt8]) -> (Int, Int, Double)? {
        let parts = token.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count >= 2, let h = Int(String(decoding: parts[0], as: UTF8.self)),
              let m = Int(String(decoding: parts[1], as: UTF8.self)) else { return nil }
        let s = parts.count > 2 ? Double(String(decoding: parts[2], as: UTF8.self)) ?? 0 : 0
        return (h, m, s)
    }

    /// A zone as seconds east of UTC: `Z`, `+hh:mm`, `-hhmm`, `+hh`, `GMT`, `EST`, military letters.
    static func zoneOffset<C: Collection<UInt8>>(_ token: C) -> Int? {
        if token.count == 5, let sign = token.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            var value = 0
            for byte in token.dropFirst() { guard isDigit(byte) else { return nil }; value = value * 10 + Int(byte - 48) }
            let seconds = value / 100 * 3600 + value % 100 * 60
            return sign == UInt8(ascii: "-") ? -seconds : seconds
        }
        var b = Array(token)
        if b.count > 3, ["GMT", "UTC"].contains(String(decoding: b[0..<3], as: UTF8.self).uppercased()),
           b[3] == UInt8(ascii: "+") || b[3] == UInt8(ascii: "-") {
            b.removeFirst(3)
        }
        guard let first = b.first else { return nil }
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            let digits = b.dropFirst().filter(isDigit).map { Int($0 - 48) }
            let hours: Int, minutes: Int
            switch digits.count {
            case 1, 2: hours = digits.reduce(0) { $0 * 10 + $1 }; minutes = 0
            case 3: hours = digits[0]; minutes = digits[1] * 10 + digits[2]
            case 4: hours = digits[0] * 10 + digits[1]; minutes = digits[2] * 10 + digits[3]
            default: return nil
            }
            let seconds = hours * 3600 + minutes * 60
            return first == UInt8(ascii: "-") ? -seconds : seconds
        }
        return namedZones[String(decoding: b, as: UTF8.self).uppercased()].map { $0 * 60 }
    }
}
