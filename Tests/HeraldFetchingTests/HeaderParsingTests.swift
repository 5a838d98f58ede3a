import Foundation
import Testing

@testable import HeraldFetching

@Suite("Header parsing")
struct HeaderParsingTests {
    let sunday = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test("the three HTTP-date forms parse to the same instant",
          arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func httpDates(text: String) {
        #expect(HTTPDate.parse(text) == sunday)
    }

    @Test("an IMF-fixdate is formatted and parses back")
    func formatRoundTrip() {
        #expect(HTTPDate.format(sunday) == "Sun, 06 Nov 1994 08:49:37 GMT")
        let leapDay = Date(timeIntervalSince1970: 1_709_164_800)  // 2024-02-29 00:00:00
        #expect(HTTPDate.format(leapDay) == "Thu, 29 Feb 2024 00:00:00 GMT")
        #expect(HTTPDate.parse(HTTPDate.format(leapDay)) == leapDay)
    }

    @Test("invalid dates are rejected", arguments: ["0", "-1", "yesterday", "Sun, 32 Nov 1994 08:49:37 GMT", ""])
    func invalidDates(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test("max-age is read among other directives")
    func maxAge() {
        #expect(ResponseHeaders.maxAge(cacheControl: "public, max-age=3600, must-revalidate") == 3600)
        #expect(ResponseHeaders.maxAge(cacheControl: "Max-Age=\"60\"") == 60)
        #expect(ResponseHeaders.maxAge(cacheControl: "no-cache") == nil)
        #expect(ResponseHeaders.maxAge(cacheControl: "max-age=-5") == nil)
        #expect(ResponseHeaders.maxAge(cacheControl: nil) == nil)
    }

    @Test("Retry-After as seconds counts from now; as a date it is that date")
    func retryAfter() {
        let now = Date(timeIntervalSince1970: 1_000)
        #expect(ResponseHeaders.retryAfter(" 90 ", now: now) == Date(timeIntervalSince1970: 1_090))
        #expect(ResponseHeaders.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == sunday)
        #expect(ResponseHeaders.retryAfter("1.5", now: now) == nil)
    }

    @Test("media type and charset come from Content-Type")
    func contentType() {
        #expect(ResponseHeaders.mediaType("Application/RSS+XML; charset=UTF-8") == "application/rss+xml")
        #expect(ResponseHeaders.charset("text/xml; Charset='windows-1252'") == "windows-1252")
        #expect(ResponseHeaders.charset("application/atom+xml") == nil)
        #expect(ResponseHeaders.mediaType("") == nil)
    }
}
