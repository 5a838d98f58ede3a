/// A short block's text as the label rules compare it, made in one pass over its bytes: ASCII
/// letters lower-cased, runs of white space (no-break spaces too) one space, `’` as `'`, and
/// spaces and `. : ! | - – — …` trimmed from both ends. Nil for text of more than 100 bytes (no label or message is longer).
struct ShortLine {
    let text: String

    init?(_ source: String) {
        guard source.utf8.count <= 100 else { return nil }
        let source = Array(source.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        var pendingSpace = false
        var index = 0
        while index < source.count {
            let byte = source[index]
            index += 1
            // A no-break space (C2 A0) is white space too ("Advertisement&nbsp;").
            let isNoBreakSpace = byte == 0xC2 && index < source.count && source[index] == 0xA0
            if byte == 0x20 || (0x09...0x0D).contains(byte) || isNoBreakSpace {
                if isNoBreakSpace { index += 1 }
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace { bytes.append(0x20) }
            pendingSpace = false
            if byte == 0xE2, index + 1 < source.count, source[index] == 0x80, source[index + 1] == 0x99 {
                bytes.append(UInt8(ascii: "'"))
                index += 2
            } else {
                bytes.append((65...90).contains(byte) ? byte | 0x20 : byte)
            }
        }
        // Trim the punctuation and dashes at both ends (– — … are E2 80 93/94/A6).
        func isTrimmed(_ slice: ArraySlice<UInt8>, atEnd: Bool) -> Int {
            guard let edge = atEnd ? slice.last : slice.first else { return 0 }
            if [0x20, 0x2E, 0x3A, 0x21, 0x7C, 0x2D].contains(edge) { return 1 }
            if slice.count >= 3 {
                let three = atEnd ? Array(slice.suffix(3)) : Array(slice.prefix(3))
                if three[0] == 0xE2 && three[1] == 0x80 && [0x93, 0x94, 0xA6].contains(three[2]) { return 3 }
            }
            return 0
        }
        var slice = bytes[...]
        while case let count = isTrimmed(slice, atEnd: false), count > 0 { slice = slice.dropFirst(count) }
        while case let count = isTrimmed(slice, atEnd: true), count > 0 { slice = slice.dropLast(count) }
        guard !slice.isEmpty else { return nil }
        text = String(decoding: slice, as: UTF8.self)
    }

    /// The words: runs of letters (ASCII and beyond) and apostrophes.
    var words: [Substring] { text.split(whereSeparator: { !($0.isLetter || $0 == "'") }) }
}
