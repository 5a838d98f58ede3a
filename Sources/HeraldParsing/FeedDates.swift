import Foundation
import HeraldDomain

/// A hand-written, allocation-light parser for the dates feeds really contain: RFC 822/1123
/// in its variants (two-digit years, missing seconds, named, military and numeric zones,
/// wrong or missing day names, asctime order) and RFC 3339/W3C-DTF (with or without zone
/// and fractional seconds, `T` or space). Unreadable dates give nil, never an error.
enum FeedDates {
    /// Parses a feed date; nil when the text is not a date this parser recognises.
    static func parse(_ text: String) -> Date? {
        var bytes = Array(text.utf8)
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        let start = bytes.firstIndex { $0 > 0x20 } ?? bytes.endIndex
        if start > 0 { bytes.removeFirst(start) }
        guard bytes.count >= 4 else { return nil }
        // A Unix time (nine or ten digits: 1973 to 2286), as some generators write `pubDate`.
        if (9...10).contains(bytes.count), bytes.allSatisfy(isDigit), let seconds = Int(String(decoding: bytes, as: UTF8.self)) {
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        if bytes[0...3].allSatisfy(isDigit), bytes.count == 4 || bytes[4] == UInt8(ascii: "-") || isDigit(bytes[4]) {
            return parseISO(bytes)
        }
        if let date = parseCanonicalRFC822(bytes) { return date }
        return parseRFC822(bytes)
    }

    /// Formats a date as RFC 3339 in UTC (`2026-11-22T12:41:47Z`).
    static func rfc3339(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        let (y, m, d) = CivilCalendar.date(daysSince1970: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = y >= 0 && y < 1000 ? String(repeating: "0", count: 4 - "\(y)".count) + "\(y)" : "\(y)"
        return "\(year)-\(two(m))-\(two(d))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
    }

    // MARK: - RFC 3339 / W3C-DTF

    static func parseISO(_ b: [UInt8]) -> Date? {
        var i = 0
        func number(_ maxDigits: Int) -> Int? {
            var value = 0, count = 0
            while i < b.count, count < maxDigits, isDigit(b[i]) { value = value * 10 + Int(b[i] - 48); i += 1; count += 1 }
            return count == 0 ? nil : value
        }
        func skip(_ c: Character) { if i < b.count, b[i] == c.asciiValue! { i += 1 } }
        guard let year = number(4) else { return nil }
        skip("-")
        let month = number(2) ?? 1
        skip("-")
        let day = number(2) ?? 1
        var hour = 0, minute = 0, second = 0.0, offset = 0
        if i < b.count, b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == 0x20 {
            i += 1
            guard let h = number(2) else { return nil }
            hour = h
            skip(":")
            minute = number(2) ?? 0
            skip(":")
            second = Double(number(2) ?? 0)
            if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                i += 1
                var scale = 0.1
                while i < b.count, isDigit(b[i]) { second += Double(b[i] - 48) * scale; scale /= 10; i += 1 }
            }
            while i < b.count, b[i] == 0x20 { i += 1 }
            if i < b.count {
                guard let zone = zoneOffset(Array(b[i...])) else { return nil }
                offset = zone
            }
        } else if i < b.count {
            return nil
        }
        return makeDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    static func makeDate(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double, offset: Int) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...24).contains(hour), (0...59).contains(minute),
              second >= 0, second < 62, year > 0, year < 10_000 else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let total = Double(days * 86_400 + hour * 3600 + minute * 60 - offset) + min(second, 59.999_999)
        return Date(timeIntervalSince1970: total)
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    /// Month names by their first three letters, in English, German, French, Spanish and
    /// Italian (French `juin` and `juillet` are told apart by their fourth letter).
    static let months: [String: Int] = [
        "JAN": 1, "FEB": 2, "MAR": 3, "APR": 4, "MAY": 5, "JUN": 6, "JUL": 7, "AUG": 8, "SEP": 9, "OCT": 10,
        "NOV": 11, "DEC": 12, "MÄR": 3, "MRZ": 3, "MAI": 5, "OKT": 10, "DEZ": 12,
        "FÉV": 2, "FEV": 2, "AVR": 4, "AOÛ": 8, "AOU": 8, "DÉC": 12,
        "ENE": 1, "ABR": 4, "AGO": 8, "SET": 9, "DIC": 12,
        "GEN": 1, "MAG": 5, "GIU": 6, "LUG": 7, "OTT": 10,
    ]

    /// The month of a word: its first three letters, or French `juin`/`juillet` by their fourth.
    static func month(of word: String) -> Int? {
        if word.hasPrefix("JUIN") { return 6 }
        if word.hasPrefix("JUIL") { return 7 }
        return months[String(word.prefix(3))]
    }

    /// Day names that begin like a month (French, Spanish and Italian Tuesday begin like March).
    static let dayNamesLikeMonths: Set<String> = ["MARDI", "MARTES", "MARTEDÌ", "MARTEDI"]

    /// Named zones in minutes east of UTC (India's IST is +5:30, Newfoundland's -3:30). Military
    /// letters follow RFC 822 (A = -1 … M = -12, N = +1 … Y = +12 hours).
    static let namedZones: [String: Int] = {
        let hours: [String: Int] = ["UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "WET": 0, "EST": -5, "EDT": -4, "CST": -6,
                                    "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7, "AKST": -9, "AKDT": -8,
                                    "HST": -10, "AST": -4, "ADT": -3, "ET": -5, "CT": -6, "MT": -7, "PT": -8,
                                    "BST": 1, "CET": 1, "CEST": 2, "MET": 1, "MEST": 2, "WEST": 1,
                                    "EET": 2, "EEST": 3, "MSK": 3, "SAST": 2, "PKT": 5, "ICT": 7, "WIB": 7,
                                    "HKT": 8, "SGT": 8, "AWST": 8, "JST": 9, "KST": 9, "AEST": 10,
                                    "AEDT": 11, "NZST": 12, "NZDT": 13]
        var zones = hours.mapValues { $0 * 60 }
        zones["IST"] = 330
        zones["NST"] = -210
        zones["NDT"] = -150
        zones["ACST"] = 570
        zones["ACDT"] = 630
        for (i, letter) in "ABCDEFGHIKLM".enumerated() { zones[String(letter)] = -(i + 1) * 60 }
        for (i, letter) in "NOPQRSTUVWXY".enumerated() { zones[String(letter)] = (i + 1) * 60 }
        return zones
    }()
}

extension FeedDates {
    /// Formats a date as RFC 822 in GMT (`Sun, 22 Nov 2026 12:41:47 GMT`), as OPML's `dateCreated` wants.
    static func rfc822(_ date: Date) -> String {
        let iso = rfc3339(date)
        let parts = iso.split(whereSeparator: { "-T:Z".contains($0) }).map(String.init)
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Int(parts[1])! - 1]
        return "\(weekday), \(parts[2]) \(month) \(parts[0]) \(parts[3]):\(parts[4]):\(parts[5]) GMT"
    }
}
