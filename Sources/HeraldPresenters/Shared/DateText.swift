#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

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
        let (year, month, day) = CivilCalendar.date(daysSince1970: Int((local / 86_400).rounded(.down)))
        return "\(day) \(Self.months[month - 1]) \(year)"
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
