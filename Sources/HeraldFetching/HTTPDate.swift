#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// HTTP-dates (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms that
/// recipients must still accept. Parsed by hand: no locale, no formatter, no allocation-heavy API.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    /// The date `text` names, or `nil` when it is not an HTTP-date.
    static func parse(_ text: String) -> Date? {
        // Tokens split on space, comma, dash and colon:
        // IMF-fixdate  "Sun, 06 Nov 1994 08:49:37 GMT"   → Sun 06 Nov 1994 08 49 37 GMT
        // RFC 850      "Sunday, 06-Nov-94 08:49:37 GMT"  → Sunday 06 Nov 94 08 49 37 GMT
        // asctime      "Sun Nov  6 08:49:37 1994"        → Sun Nov 6 08 49 37 1994
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" || $0 == ":" }.map(String.init)
        guard tokens.count >= 7 else { return nil }
        var day: Int?, monthName: String, year: Int?, clock: ArraySlice<String>
        if let first = Int(tokens[1]) {
            day = first
            monthName = tokens[2]
            year = Int(tokens[3])
            clock = tokens[4...6]
        } else {
            monthName = tokens[1]
            day = Int(tokens[2])
            clock = tokens[3...5]
            year = Int(tokens[6])
        }
        guard let day, var year, let month = months.firstIndex(where: { $0.lowercased() == monthName.lowercased() }),
              let hour = Int(clock[clock.startIndex]), let minute = Int(clock[clock.startIndex + 1]),
              let second = Int(clock[clock.startIndex + 2]),
              (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        let days = CivilCalendar.days(year: year, month: month + 1, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `date` as an IMF-fixdate, such as `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = CivilCalendar.date(daysSince1970: days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) "
            + "\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60)) GMT"
    }

}
