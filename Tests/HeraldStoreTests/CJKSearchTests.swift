import Foundation
import HeraldDomain
import Testing
@testable import HeraldStore

@Suite("Search in Chinese, Japanese and Korean text")
struct CJKSearchTests {

    @Test("Segmenting is idempotent and reversible for display")
    func segmentation() {
        let text = "Linux 6.20の紅葉 news"
        let segmented = CJKText.segmented(text)
        #expect(segmented == "Linux 6.20 の 紅 葉 news")
        #expect(CJKText.segmented(segmented) == segmented)
        #expect(CJKText.desegmented("の \u{E000}紅\u{E001} \u{E000}葉\u{E001} が") == "の\u{E000}紅\u{E001}\u{E000}葉\u{E001}が")
        #expect(CJKText.segmented("plain English") == "plain English")
    }
}
