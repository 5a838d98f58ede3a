import HeraldDomain

/// Cheap HTML-to-text for the search index of both stores: tags dropped, common entities decoded,
/// whitespace collapsed. The reader renders HTML properly elsewhere; this only has to find the words.
package enum IndexText {
    /// The searchable text of a title, summary or content.
    package static func of(_ text: TextConstruct?) -> String {
        guard let text else { return "" }
        return collapse(text.value, stripTags: text.type != .text)
    }

    /// Collapses whitespace and, for markup, drops tags and decodes entities.
    package static func collapse(_ text: String, stripTags: Bool) -> String {
        var text = text
        return text.withUTF8 { collapse($0, stripTags: stripTags) }
    }

    /// Collapses whitespace and, for markup, drops tags and decodes entities.
    package static func collapse(_ bytes: [UInt8], stripTags: Bool) -> String {
        bytes.withUnsafeBufferPointer { collapse($0, stripTags: stripTags) }
    }

    /// The work: one pass over contiguous UTF-8 into a buffer of the same size (the output is never
    /// longer: tags and whitespace runs become at most one space, an entity's UTF-8 is never longer
    /// than the entity), with no closure captures so the loop carries no exclusivity checks. Runs of
    /// bytes that need no attention (most of a text), single spaces between them included, are
    /// found first and copied at once.
    private static func collapse(_ bytes: UnsafeBufferPointer<UInt8>, stripTags: Bool) -> String {
        guard bytes.count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            var writer = Writer(buffer: buffer)
            var index = 0
            while index < bytes.count {
                var end = index
                while end < bytes.count {
                    if !needsAttention(bytes[end], stripTags: stripTags) {
                        end += 1
                    } else if bytes[end] == 0x20, end > index, end + 1 < bytes.count,
                              !needsAttention(bytes[end + 1], stripTags: stripTags) {
                        // One space between ordinary bytes is what the writer would put there: the
                        // run goes on (a run is then a sentence rather than a word).
                        end += 2
                    } else {
                        break
                    }
                }
                if end > index {
                    writer.emit(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                    continue
                }
                let byte = bytes[index]
                if stripTags && byte == UInt8(ascii: "<") {
                    while index < bytes.count && bytes[index] != UInt8(ascii: ">") { index += 1 }
                    writer.pendingSpace = true
                } else if stripTags && byte == UInt8(ascii: "&"), let (decoded, length) = entity(bytes, at: index) {
                    if decoded == " " {
                        writer.pendingSpace = true
                    } else {
                        for decodedByte in decoded.utf8 { writer.emit(decodedByte) }
                    }
                    index += length - 1
                } else if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    writer.pendingSpace = true
                } else if byte == 0xEE, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                          bytes[index + 2] == 0x80 || bytes[index + 2] == 0x81 {
                    index += 2  // U+E000/U+E001 mark search matches; never store them.
                } else {
                    writer.emit(byte)
                }
                index += 1
            }
            return writer.count
        }
    }

    /// Whether the loop must look at `byte` itself: whitespace, the first byte of U+E000/U+E001
    /// (0xEE), and for markup a tag or an entity.
    @inline(__always)
    private static func needsAttention(_ byte: UInt8, stripTags: Bool) -> Bool {
        byte == 0x20 || byte &- 0x09 < 5 || byte == 0xEE
            || (stripTags && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&")))
    }

    /// Appends bytes, inserting one space where whitespace or a tag was skipped.
    private struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0
        var pendingSpace = false

        @inline(__always) mutating func emit(_ byte: UInt8) {
            if pendingSpace && count > 0 {
                buffer[count] = 0x20
                count += 1
            }
            pendingSpace = false
            buffer[count] = byte
            count += 1
        }

        /// Appends a run of bytes (not empty) that need no attention.
        @inline(__always) mutating func emit(_ run: UnsafeBufferPointer<UInt8>) {
            if pendingSpace && count > 0 {
                buffer[count] = 0x20
                count += 1
            }
            pendingSpace = false
            UnsafeMutableRawPointer(buffer.baseAddress! + count).copyMemory(from: run.baseAddress!, byteCount: run.count)
            count += run.count
        }
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "#39": "'",
        "mdash": "—", "ndash": "–", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
    ]

    /// Decodes an entity starting at `start` (`&`); returns the text and the entity's length.
    private static func entity(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Int)? {
        var end = start + 1
        while end < bytes.count, end - start <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > start + 1 else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
        if let text = named[name] { return (text, end - start + 1) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.hasPrefix("x") || digits.hasPrefix("X")
            ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value), value != 0xE000, value != 0xE001 else { return nil }
        return (String(Character(scalar)), end - start + 1)
    }
}
