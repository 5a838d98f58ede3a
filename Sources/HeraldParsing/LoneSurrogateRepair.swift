import Foundation

/// JSON text may escape a lone UTF-16 surrogate (`"\ud800"`), which is no character at all;
/// `JSONSerialization` then refuses the whole document. Liberal readers replace each lone
/// surrogate escape with U+FFFD and read the rest, and so does this.
enum LoneSurrogateRepair {
    /// The document with every escaped lone surrogate written as `\ufffd`, or `nil` when there
    /// was none (the document's problem is something else).
    static func repaired(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                output.append(byte)
                index += 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "u"), let unit = hexUnit(bytes, at: index + 2) else {
                // Another escape (`\\`, `\"`, `\n`): copied whole, so an escaped backslash is never
                // taken for the start of `\u`.
                output.append(contentsOf: bytes[index...index + 1])
                index += 2
                continue
            }
            if (0xD800...0xDBFF).contains(unit), index + 11 < bytes.count,
               bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
               let low = hexUnit(bytes, at: index + 8), (0xDC00...0xDFFF).contains(low) {
                output.append(contentsOf: bytes[index..<index + 12])
                index += 12
            } else if (0xD800...0xDFFF).contains(unit) {
                output.append(contentsOf: Array("\\ufffd".utf8))
                changed = true
                index += 6
            } else {
                output.append(contentsOf: bytes[index..<index + 6])
                index += 6
            }
        }
        return changed ? Data(output) : nil
    }

    /// The four hex digits at `offset`, if they are there.
    private static func hexUnit(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard offset + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[offset..<offset + 4] {
            guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { return nil }
            value = value * 16 + digit
        }
        return value
    }
}
