/// Counts the characters of text as trimmed and space-collapsed (every run of white space one
/// character, none at the ends), and its commas, over UTF-8 bytes without decoding ASCII: the
/// extractor measures every block's text many times, and building the strings would dominate.
struct TextCounter {
    let normalizingSpaces: Bool
    private(set) var length = 0
    private(set) var commas = 0
    /// Characters that are not white space.
    private(set) var visible = 0
    /// White space before the first visible character (all of it, when there is none).
    private(set) var leadingSpaces = 0
    private var seenText = false
    private var pendingSpaces = 0

    /// White space after the last visible character.
    var trailingSpaces: Int { seenText ? pendingSpaces : 0 }

    init(normalizingSpaces: Bool) {
        self.normalizingSpaces = normalizingSpaces
    }

    /// Counts UTF-8 characters.
    mutating func count(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    space()
                } else {
                    visible(isComma: byte == 0x2C)
                }
                continue
            }
            // A multi-byte character: decode it to classify it.
            let width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            var value = UInt32(byte) & (width == 4 ? 0x07 : width == 3 ? 0x0F : width == 2 ? 0x1F : 0x7F)
            var offset = 1
            while offset < width && index + offset < bytes.count {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
                offset += 1
            }
            index += offset
            if let scalar = Unicode.Scalar(value), PageText.isSpace(scalar) {
                space()
            } else {
                visible(isComma: Unicode.Scalar(value).map(PageText.isComma) ?? false)
            }
        }
    }

    private mutating func space() {
        if seenText { pendingSpaces += 1 } else { leadingSpaces += 1 }
    }

    private mutating func visible(isComma: Bool) {
        if pendingSpaces > 0 {
            length += normalizingSpaces ? 1 : pendingSpaces
            pendingSpaces = 0
        }
        seenText = true
        length += 1
        visible += 1
        if isComma { commas += 1 }
    }
}
