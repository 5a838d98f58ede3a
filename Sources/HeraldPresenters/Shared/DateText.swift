#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Dates and durations as short English phrases, relative to a `now` the caller passes in
/// (presenters never read a clock themselves).
public struct DateText: Sendable {
    private let calendar: Calendar
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Creates a formatter whose days ("yesterday") follow `timeZone`.
    public init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then "12 Mar 2026"
    /// beyond a week (and for dates in the future).
    public func relative(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        switch seconds {
        case ..<(-60): return absolute(date)
        case ..<60: return "just now"
        case ..<3_600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3_600)) h ago"
        // Eight days apart are at least seven calendar days apart in any time zone, even across a
        // daylight-saving change: no need to find the days' starts (a list formats every row).
        case 691_200...: return absolute(date)
        default: break
        }
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date),
                                           to: calendar.startOfDay(for: now)).day ?? 7
        switch days {
        case ...1: return "yesterday"
        case ..<7: return "\(days) days ago"
        default: return absolute(date)
        }
    }

    /// "12 Mar 2026".
    public func absolute(_ date: Date) -> String {
        let local = date.timeIntervalSince1970 + Double(calendar.timeZone.secondsFromGMT(for: date))
        let (year, month, day) = Self.civilDate(daysSince1970: Int((local / 86_400).rounded(.down)))
        return "\(day) \(Self.months[month - 1]) \(year)"
    }

    /// The Gregorian year, month (1–12) and day of a day counted from 1 Jan 1970 (Howard
    /// Hinnant's `civil_from_days`): the same answer as `Calendar.dateComponents`, without its cost.
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// "12 Mar 2026, 09:05".
    public func absoluteWithTime(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        return "\(absolute(date)), \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    /// A length of time, rounded: "40 s", "5 min", "2 h", "1 day", "3 days".
    public static func duration(_ seconds: Double) -> String {
        let seconds = max(seconds, 0)
        switch seconds {
        case ..<60: return "\(Int(seconds.rounded())) s"
        case ..<3_570: return "\(max(Int((seconds / 60).rounded()), 1)) min"
        case ..<84_600: return "\(Int((seconds / 3_600).rounded())) h"
        default: return CountText.count(Int((seconds / 86_400).rounded()), "day")
        }
    }
}
