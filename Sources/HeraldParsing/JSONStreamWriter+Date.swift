import Foundation
import HeraldDomain

extension JSONStreamWriter {
    /// A date as an RFC 3339 string in UTC with whole seconds (`"2026-11-20T19:00:00Z"`), the
    /// text ``FeedDates/rfc3339(_:)`` gives, written digit by digit without making strings.
    mutating func date(_ date: Date) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        let (year, month, day) = CivilCalendar.date(daysSince1970: days)
        guard (0...9999).contains(year) else { return string(FeedDates.rfc3339(date)) }
        raw("\"")
        digits(year, count: 4)
        raw("-")
        digits(month, count: 2)
        raw("-")
        digits(day, count: 2)
        raw("T")
        digits(rest / 3600, count: 2)
        raw(":")
        digits(rest % 3600 / 60, count: 2)
        raw(":")
        digits(rest % 60, count: 2)
        raw("Z\"")
    }

    /// `value` (not negative) in exactly `count` decimal digits, zero-padded.
    private mutating func digits(_ value: Int, count: Int) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            digit(UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
