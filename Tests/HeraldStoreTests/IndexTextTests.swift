import HeraldStoreCore
import Testing
import HeraldDomain

/// `IndexText.collapse` copies runs of ordinary bytes at once; it must give exactly what the
/// byte-at-a-time pass it replaced gave (kept below as the reference) on any text.
@Suite("Plain text of titles and bodies")
struct IndexTextTests {
    @Test(arguments: [false, true])
    func runsGiveTheSameTextAsTheBytePass(stripTags: Bool) {
        let pieces = ["a", "Word", " ", "  ", "\n", "\t", "\r\n", "<", ">", "<p>", "</p>", "<br/>", "&", ";", "&amp;",
                      "&lt;", "&nbsp;", "&#233;", "&#x41;", "&#xE000;", "&#0;", "&bogus;", "&mdash;", "é", "日本",
                      "\u{E000}", "\u{E001}", "\u{E002}", "💡", "x", "#", "1"]
        var random = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(random.next() % 24) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            #expect(IndexText.collapse(text, stripTags: stripTags) == Reference.collapse(text, stripTags: stripTags),
                    "\(text.debugDescription)")
        }
    }

    private struct SplitMix64 {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The byte-at-a-time pass, as it was.
    private enum Reference {
        static func collapse(_ text: String, stripTags: Bool) -> String {
            let bytes = Array(text.utf8)
            var output: [UInt8] = []
            var pendingSpace = false
            func emit(_ byte: UInt8) {
                if pendingSpace && !output.isEmpty { output.append(0x20) }
                pendingSpace = false
                output.append(byte)
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if stripTags && byte == UInt8(ascii: "<") {
                    while index < bytes.count && bytes[index] != UInt8(ascii: ">") { index += 1 }
                    pendingSpace = true
                } else if stripTags && byte == UInt8(ascii: "&"), let (decoded, length) = entity(bytes, at: index) {
                    if decoded == " " {
                        pendingSpace = true
                    } else {
                        for decodedByte in decoded.utf8 { emit(decodedByte) }
                    }
                    index += length - 1
                } else if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    pendingSpace = true
                } else if byte == 0xEE, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                          bytes[index + 2] == 0x80 || bytes[index + 2] == 0x81 {
                    index += 2
                } else {
                    emit(byte)
                }
                index += 1
            }
            return String(decoding: output, as: UTF8.self)
        }

        static let named: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "#39": "'",
            "mdash": "—", "ndash": "–", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
        ]

        static func entity(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
            var end = start + 1
            while end < bytes.count, end - start <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > start + 1 else { return nil }
            let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
            if let text = named[name] { return (text, end - start + 1) }
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value), value != 0xE000, value != 0xE001 else { return nil }
            return (String(Character(scalar)), end - start + 1)
        }
    }
}
