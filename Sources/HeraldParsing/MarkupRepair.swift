import Foundation

/// Repairs what makes libxml2 stop reading a broken document, so the items after it are kept: a
/// NUL byte (never allowed in XML, and the end of the text to libxml2's recovery) is removed; a
/// `<` that cannot start markup (`a < b`, `x <3 y`: white space, a digit or punctuation after it)
/// is written `&lt;`. CDATA sections, comments and processing instructions are left as they are.
/// Used only on a document the first pass found broken; a well-formed one is never copied.
enum MarkupRepair {
    /// The repaired document and what was repaired, or `nil` when there was nothing to repair.
    static func repaired(_ data: Data) -> (data: Data, notes: [String])? {
        data.withUnsafeBytes { raw -> (Data, [String])? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard needsRepair(bytes) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 64)
            var nuls = 0
            var strays = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == 0 {
                    nuls += 1
                    index += 1
                    continue
                }
                guard byte == UInt8(ascii: "<") else {
                    out.append(byte)
                    index += 1
                    continue
                }
                if let end = endOfVerbatim(bytes, at: index) {
                    for position in index..<end where bytes[position] != 0 { out.append(bytes[position]) }
                    index = end
                    continue
                }
                if index + 1 < count, !canStartMarkup(bytes[index + 1]) {
                    out.append(contentsOf: "&lt;".utf8)
                    strays += 1
                } else {
                    out.append(byte)
                }
                index += 1
            }
            var notes: [String] = []
            if nuls > 0 { notes.append("The document holds \(nuls) NUL byte\(nuls == 1 ? "" : "s"), which XML forbids; removed.") }
            if strays > 0 {
                notes.append("The document holds \(strays) “<” that start\(strays == 1 ? "s" : "") no markup (as in “a < b”); read as text.")
            }
            return (Data(out), notes)
        }
    }

    /// Whether any NUL byte or stray `<` is there (outside CDATA, comments and instructions).
    private static func needsRepair(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0 { return true }
            if byte == UInt8(ascii: "<") {
                if let end = endOfVerbatim(bytes, at: index) {
                    if bytes[index..<end].contains(0) { return true }
                    index = end
                    continue
                }
                if index + 1 < count, !canStartMarkup(bytes[index + 1]) { return true }
            }
            index += 1
        }
        return false
    }

    /// Where a CDATA section, comment or processing instruction starting at `index` ends (past its
    /// closing delimiter, or the end of the document), or `nil` when none starts there.
    private static func endOfVerbatim(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let closing: [UInt8]
        if starts(bytes, at: index, with: "<![CDATA[") {
            closing = Array("]]>".utf8)
        } else if starts(bytes, at: index, with: "<!--") {
            closing = Array("-->".utf8)
        } else if starts(bytes, at: index, with: "<?") {
            closing = Array("?>".utf8)
        } else {
            return nil
        }
        var position = index + 2
        while position + closing.count <= bytes.count {
            if bytes[position] == closing[0], starts(bytes, at: position, with: closing) { return position + closing.count }
            position += 1
        }
        return bytes.count
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with prefix: some Collection<UInt8>) -> Bool {
        guard index + prefix.count <= bytes.count else { return false }
        return zip(bytes[index...], prefix).allSatisfy { $0 == $1 }
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with prefix: String) -> Bool {
        starts(bytes, at: index, with: prefix.utf8)
    }

    /// Whether a byte after `<` can begin markup: a name (a letter, `_`, `:`, or any non-ASCII
    /// byte), an end tag (`/`), a declaration (`!`) or an instruction (`?`).
    private static func canStartMarkup(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
             UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "?"), 0x80...:
            true
        default:
            false
        }
    }
}
