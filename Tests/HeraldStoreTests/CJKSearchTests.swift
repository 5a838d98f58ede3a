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

    @Test("Text is checked for CJK characters from its bytes first, with the same answer")
    func detection() {
        // Below U+3040 (bytes under 0xE3) and above it without CJK, at every position of an 8-byte word.
        for text in ["", "plain", "it’s — “quoted” … €5", "Ā ű ß", "emoji 💡 here", "한", "ｦ", "𠀀", "\u{2FFF}", "\u{3040}"] {
            for prefix in ["", "a", "abcdefg", "abcdefghijk"] {
                let whole = prefix + text
                #expect(CJKText.contains(whole) == whole.unicodeScalars.contains(where: CJKText.isCJK), "\(whole)")
            }
        }
        #expect(CJKText.contains("abcdefgh紅") && !CJKText.contains("abcdefgh’"))
    }
}
