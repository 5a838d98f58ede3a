import Foundation
import HeraldDomain
import HeraldParsing
import Testing

@Suite("Dates")
struct DateTests {
    @Test func everyDateFormOfTheFixture() throws {
        let feed = try Fixtures.feed("bad-dates.xml")
        var dates: [String: String?] = [:]
        for item in feed.items { dates[item.identity] = Fixtures.iso(item.published) }
        #expect(dates["d1"] == "2001-04-30T21:26:54Z")
        #expect(dates["d2"] == "2026-11-19T17:30:00Z")
        #expect(dates["d3"] == "2026-11-19T10:00:00Z")
        #expect(dates["d4"] == "2026-11-19T10:00:00Z")
        #expect(dates["d5"] == "2026-11-19T04:30:00Z")
        #expect(dates["d6"] == "2026-11-19T10:00:00Z")
        #expect(dates["d7"] == "2026-11-19T10:00:00Z")
        #expect(dates["d8"] == "2026-11-19T08:00:00Z")
        #expect(dates["d9"] == "2026-11-19T00:00:00Z")
        #expect(dates["d10"] == "2026-11-19T10:00:00Z")
        #expect(dates["d11"] == "2026-11-19T15:00:00Z")
        #expect(dates["d12"] == "2026-11-19T10:00:00Z")
        #expect(dates["d13"] == .some(nil))
        #expect(dates["d14"] == .some(nil))
        #expect(dates["d15"] == "2026-11-19T10:00:00Z")
        #expect(feed.items.count == 15)
        #expect(feed.warnings.contains { $0.contains("sometime last week") })
    }
}
