import Foundation
import Testing
@testable import HeraldPostgres

@Suite("JSON rows for jsonb_to_recordset")
struct JSONRowWriterTests {
    @Test("strings are escaped, nil is left out, numbers stay numbers")
    func rowsReadBackAsWritten() throws {
        var writer = JSONRowWriter()
        let awkward = "quote \" backslash \\ tab \t newline \n bell \u{7} é 京 🙂 </script>"
        writer.append(["identity": .text(awkward), "url": .text(nil), "published": .number(1_763_450_000.25),
                       "updated": .number(nil), "hash": .integer(-9_000_000_000_000_000_001 / 10)])
        writer.append(["identity": .text("")])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(writer.json.utf8)) as? [[String: Any]])
        #expect(parsed.count == 2)
        #expect(parsed[0]["identity"] as? String == awkward)
        #expect(parsed[0]["url"] == nil && parsed[0]["updated"] == nil)
        #expect((parsed[0]["published"] as? NSNumber)?.doubleValue == 1_763_450_000.25)
        #expect((parsed[0]["hash"] as? NSNumber)?.int64Value == -900_000_000_000_000_000)
        #expect(parsed[1]["identity"] as? String == "")
        #expect(JSONRowWriter().json == "[]")
    }
}
