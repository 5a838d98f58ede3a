/// Counts how much of a byte buffer is valid UTF-8: the multi-byte sequences that are well
/// formed and the bytes that cannot start or continue one. Run only on the rare paths (libxml2
/// reported invalid UTF-8, or a single-byte label is checked), never on every document.
struct UTF8Census: Equatable {
    /// Well-formed sequences of two to four bytes.
    var multiByteSequences = 0
    /// Bytes that are not part of a well-formed sequence.
    var invalidBytes = 0

    init(multiByteSequences: Int = 0, invalidBytes: Int = 0) {
        self.multiByteSequences = multiByteSequences
        self.invalidBytes = invalidBytes
    }

    /// Counts the sequences of `bytes` (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
    /// - Parameter stoppingAtInvalid: Stop at the first invalid byte (enough to answer ``isValid``).
    init(of bytes: UnsafeRawBufferPointer, stoppingAtInvalid: Bool = false) {
        var index = 0
        let count = bytes.count
        while index < count {
            // Skip ASCII eight bytes at a time.
            while index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length = Self.sequenceLength(bytes, at: index)
            if length > 0 {
                multiByteSequences += 1
                index += length
            } else {
                invalidBytes += 1
                if stoppingAtInvalid { return }
                index += 1
            }
        }
    }

    /// True when the bytes are entirely valid UTF-8.
    var isValid: Bool { invalidBytes == 0 }

    /// True when the bytes look like UTF-8 that was damaged rather than text in another
    /// encoding: its well-formed multi-byte sequences outnumber its invalid bytes.
    var looksLikeDamagedUTF8: Bool { multiByteSequences > invalidBytes }

    /// The length of the well-formed sequence starting at `index`, or 0.
    private static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }
}
