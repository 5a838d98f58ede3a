/// Text helpers with JavaScript's idea of white space (`\s`: ASCII spaces and line breaks,
/// no-break space, the Unicode spaces, the byte order mark), as the extraction rules assume.
enum PageText {
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }

    /// Replaces each run of two or more white-space characters with one space (`/\s{2,}/g`).
    static func collapsingSpaceRuns(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        var changed = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                run.append(scalar)
                continue
            }
            flush(&run, into: &result, changed: &changed)
            result.append(scalar)
        }
        flush(&run, into: &result, changed: &changed)
        return changed ? String(result) : text
    }

    private static func flush(_ run: inout [Unicode.Scalar], into result: inout String.UnicodeScalarView,
                              changed: inout Bool) {
        if run.count >= 2 {
            result.append(" ")
            changed = true
        } else if let only = run.first {
            result.append(only)
        }
        run.removeAll(keepingCapacity: true)
    }

    /// Every run of white space made one space, and the ends trimmed.
    static func normalized(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isBlank(_ text: String) -> Bool {
        // ASCII first: most text is, and a byte test needs no decoding.
        var onlyASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 { onlyASCII = false; break }
            if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { return false }
        }
        return onlyASCII || text.unicodeScalars.allSatisfy(isSpace)
    }

    /// ``isBlank(_:)`` of UTF-8 characters.
    static func isBlank(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 {
            if byte >= 0x80 { return isBlank(String(decoding: utf8, as: UTF8.self)) }
            if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { return false }
        }
        return true
    }

    /// The words of a text for similarity: lower-cased runs of letters, digits and `_`.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" {
                current.append(scalar)
            } else if !current.isEmpty {
                tokens.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { tokens.append(String(current)) }
        return tokens
    }

    /// How much of `b` is made of words also in `a`, by length (1: all of it).
    static func similarity(_ a: String, _ b: String) -> Double {
        let tokensA = Set(tokens(a))
        let tokensB = tokens(b)
        guard !tokensA.isEmpty, !tokensB.isEmpty else { return 0 }
        let unique = tokensB.filter { !tokensA.contains($0) }
        let distance = Double(unique.joined(separator: " ").unicodeScalars.count)
            / Double(tokensB.joined(separator: " ").unicodeScalars.count)
        return 1 - distance
    }

    static func wordCount(_ text: String) -> Int {
        // JavaScript's str.split(/\s+/).length: leading or trailing space counts an empty word.
        var count = 1
        var inSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                if !inSpace { count += 1 }
                inSpace = true
            } else {
                inSpace = false
            }
        }
        return count
    }

    /// A comma: Latin, Arabic, CJK, and the small and full-width forms.
    static func isComma(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2C, 0x60C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: true
        default: false
        }
    }
}
