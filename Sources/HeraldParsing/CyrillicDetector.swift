/// Recognises Cyrillic text in windows-1251 or KOI8-R whose label says it is Latin
/// (ISO-8859-1, windows-1252…), which would otherwise be shown as `Íîâîñòè`.
///
/// Read as Latin-1, Cyrillic words become runs of accented letters with no ASCII letter among
/// them, something no language written in Latin-1 produces: French, German, Spanish or
/// Icelandic words put their accented letters between plain ones. The detector counts words of
/// three or more letters made only of bytes 0xC0–0xFF and compares them with words that mix
/// both kinds; if the first kind wins, it decodes the letters as windows-1251 and as KOI8-R and
/// keeps the reading in which the ten most frequent Russian letters (о е а и н т с р в л, about
/// two thirds of Russian text) take the larger share, provided that share is plausible.
enum CyrillicDetector {
    /// The encoding the bytes are really in (`windows-1251` or `KOI8-R`), or nil when they
    /// read as the Latin text their label claims.
    static func misreadEncoding(of bytes: UnsafeRawBufferPointer) -> String? {
        var highOnlyWords = 0
        var mixedWords = 0
        var highLetters = 0
        var asciiLetters = 0
        var histogram = [Int](repeating: 0, count: 64)
        func endWord() {
            if asciiLetters == 0, highLetters >= 3 { highOnlyWords += 1 }
            if asciiLetters > 0, highLetters > 0 { mixedWords += 1 }
            highLetters = 0
            asciiLetters = 0
        }
        for byte in bytes {
            if byte >= 0xC0 {
                highLetters += 1
                histogram[Int(byte - 0xC0)] += 1
            } else if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
                asciiLetters += 1
            } else if highLetters > 0 || asciiLetters > 0 {
                endWord()
            }
        }
        endWord()
        guard highOnlyWords >= 2, highOnlyWords > mixedWords else { return nil }
        let total = histogram.reduce(0, +)
        guard total > 0 else { return nil }
        let windows = share(of: histogram, frequent: windows1251Frequent)
        let koi = share(of: histogram, frequent: koi8rFrequent)
        let (name, best) = windows >= koi ? ("windows-1251", windows) : ("KOI8-R", koi)
        return Double(best) / Double(total) >= 0.4 ? name : nil
    }

    private static func share(of histogram: [Int], frequent: Set<Int>) -> Int {
        frequent.reduce(0) { $0 + histogram[$1] }
    }

    /// The ten most frequent Russian letters, lower and upper case.
    private static let frequentLetters: [Character] = ["о", "е", "а", "и", "н", "т", "с", "р", "в", "л"]

    /// Their offsets from 0xC0 in windows-1251: `А`–`Я` at 0xC0, `а`–`я` at 0xE0.
    private static let windows1251Frequent: Set<Int> = offsets(in: "абвгдежзийклмнопрстуфхцчшщъыьэюя")

    /// Their offsets from 0xC0 in KOI8-R: lower case at 0xC0, upper case at 0xE0, in the KOI8 order.
    private static let koi8rFrequent: Set<Int> = offsets(in: "юабцдефгхийклмнопярстужвьызшэщчъ")

    /// Both cases of each frequent letter: the alphabet's two halves share one order.
    private static func offsets(in order: String) -> Set<Int> {
        let letters = Array(order)
        var result = Set<Int>()
        for letter in frequentLetters {
            guard let position = letters.firstIndex(of: letter) else { continue }
            result.insert(position)
            result.insert(position + 32)
        }
        return result
    }
}
