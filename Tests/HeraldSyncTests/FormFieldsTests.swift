import Foundation
import Testing
@testable import HeraldSync

@Suite("Form fields read as bytes")
struct FormFieldsTests {
    @Test("Given url-encoded fields, then plus is a space, percent escapes are bytes of UTF-8, repeated names keep their order, and a name without a value is empty")
    func decoding() {
        let fields = FormFields.urlEncoded("i=1&i=2&a=user%2F-%2Flabel%2FCaf%C3%A9+Bar&T=&flag&e=%E4%BA%AC%e9%83%bd")
        #expect(fields.map(\.name) == ["i", "i", "a", "T", "flag", "e"])
        #expect(fields.map(\.value) == ["1", "2", "user/-/label/Café Bar", "", "", "京都"])
    }

    @Test("Given a broken escape or bytes that are not UTF-8, then a name is skipped and a value is empty, as Foundation's decoding had it",
          arguments: ["%", "%4", "%G1", "%FF", "%C3"])
    func brokenEscapes(_ broken: String) {
        let fields = FormFields.urlEncoded("\(broken)=x&ok=\(broken)&next=1")
        #expect(fields.map(\.name) == ["ok", "next"])
        #expect(fields.map(\.value) == ["", "1"])
        let foundation = broken.removingPercentEncoding
        #expect(foundation == nil)
    }

    @Test("Given a thousand ids, then each is read, in order")
    func manyIDs() {
        let text = (1...1000).map { "i=\($0)" }.joined(separator: "&") + "&a=user/-/state/com.google/read"
        let fields = FormFields.urlEncoded(text)
        #expect(fields.count == 1001)
        #expect(fields.filter { $0.name == "i" }.map(\.value) == (1...1000).map(String.init))
    }
}
