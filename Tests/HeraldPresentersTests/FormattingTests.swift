import Foundation
import HeraldPresenters
import Testing

private let relativeCases: [(Double, String)] = [
    (-20, "just now"), (-300, "5 min ago"), (-10_800, "3 h ago"), (-82_800, "23 h ago"),
    (-108_000, "yesterday"), (-259_200, "3 days ago"), (-518_400, "6 days ago"),
    (-691_200, "14 Nov 2026"), (-34_560_000, "18 Oct 2025"), (259_200, "25 Nov 2026"),
]

private let durationCases: [(Double, String)] = [
    (40, "40 s"), (90, "2 min"), (3_599, "1 h"), (7_200, "2 h"), (5_400, "2 h"), (86_400, "1 day"), (259_200, "3 days"),
]

@Suite("Formatting")
struct FormattingTests {
    let dates = DateText(timeZone: utc)

    @Test("Given dates before a fixed now, when made relative, then they read as minutes, hours, yesterday, days, then a date",
          arguments: relativeCases)
    func relativeDates(offset: Double, expected: String) {
        #expect(dates.relative(testNow.addingTimeInterval(offset), now: testNow) == expected)
    }

    @Test("Given a date 40 hours ago, when shown in UTC and in UTC+9, then the calendar day decides: 2 days ago there, yesterday here")
    func timeZoneDays() {
        let tokyo = DateText(timeZone: TimeZone(secondsFromGMT: 9 * 3_600)!)
        let date = testNow.addingTimeInterval(-40 * 3_600)
        #expect(dates.relative(date, now: testNow) == "2 days ago")
        #expect(tokyo.relative(date, now: testNow) == "yesterday")
        #expect(tokyo.absoluteWithTime(testNow) == "22 Nov 2026, 21:00")
    }

    @Test("Given dates from 1600 to 2400 in several time zones, when written absolutely, then the day, month and year are the calendar's")
    func absoluteDatesMatchTheCalendar() throws {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let zones = try ["UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Apia", "Pacific/Kiritimati"]
            .map { try #require(TimeZone(identifier: $0)) }
        for zone in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let text = DateText(timeZone: zone)
            var seconds = -11_676_096_000.0 // 1600
            while seconds < 13_569_465_600 { // 2400
                let date = Date(timeIntervalSince1970: seconds)
                let parts = calendar.dateComponents([.day, .month, .year], from: date)
                let expected = "\(parts.day ?? 0) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 0)"
                #expect(text.absolute(date) == expected, "\(zone.identifier) \(seconds)")
                seconds += 86_400 * 3.7 + 1_234.5
            }
        }
    }

    @Test("Given durations, when worded, then they round to the nearest unit", arguments: durationCases)
    func durations(seconds: Double, expected: String) {
        #expect(DateText.duration(seconds) == expected)
    }

    @Test("Given counts, when pluralised, then one is singular and thousands are grouped")
    func counts() {
        #expect(CountText.unread(1) == "1 unread")
        #expect(CountText.unread(12) == "12 unread")
        #expect(CountText.count(1, "new article") == "1 new article")
        #expect(CountText.count(0, "new article") == "0 new articles")
        #expect(CountText.count(1_204_332, "result") == "1,204,332 results")
        #expect(CountText.count(2, "entry", plural: "entries") == "2 entries")
    }

    @Test("Given titles with escape sequences, control and bidi characters, when made a line, then only visible text remains")
    func terminalSafety() {
        #expect(DisplayText.line("\u{1B}[2J\u{1B}[31mRed\u{1B}[0m alert") == "Red alert")
        #expect(DisplayText.line("Title\u{1B}]0;pwned\u{07} here") == "Title here")
        #expect(DisplayText.line("Tab\there\nnew\r\nline\u{0}\u{7F}\u{85}") == "Tab here new line")
        #expect(DisplayText.line("evil\u{202E}txt.exe\u{2066}") == "eviltxt.exe")
        #expect(DisplayText.line("  Ünïcødé 日本語 ✓  ") == "Ünïcødé 日本語 ✓")
        #expect(DisplayText.block("line one\u{1B}[1m\r\n  line\ttwo\u{7}") == "line one\n  line    two")
        #expect(DisplayText.fragment(" with \u{1B}[1mSwift") == " with Swift")
    }
}
