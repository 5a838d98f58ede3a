import HeraldDomain

/// Makes feed-supplied text safe and tidy for a terminal (or any text front end).
///
/// Feeds are untrusted: a title can carry escape sequences that recolour or clear a
/// terminal, or bidirectional overrides that disguise text. Domain's `TerminalSafety` removes
/// those; this adds the presenters' layout rules (one line, fragments, preformatted blocks) and
/// also drops the left-to-right and right-to-left marks.
public enum DisplayText {
    /// One line: escape sequences and control characters removed, any run of whitespace
    /// (newlines and tabs included) collapsed to one space, ends trimmed.
    public static func line(_ text: String) -> String {
        if isTidyASCII(text) { return text }
        var result = ""
        var pendingSpace = false
        for scalar in TerminalSafety.sanitize(text).unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else if !isUnsafe(scalar) {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Printable ASCII with no space at either end and no two spaces in a row: already what
    /// ``line(_:)`` makes of it, so a list's every row need not be read scalar by scalar.
    static func isTidyASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
            previous = byte
        }
        return previous != 0x20
    }

    /// A fragment of a line (a highlighted run): like ``line(_:)`` but a leading or trailing
    /// space is kept, so fragments still join with their spaces.
    public static func fragment(_ text: String) -> String {
        let cleaned = line(text)
        guard !cleaned.isEmpty else { return text.unicodeScalars.contains { $0.properties.isWhitespace } ? " " : "" }
        let leading = text.unicodeScalars.first?.properties.isWhitespace == true ? " " : ""
        let trailing = text.unicodeScalars.last?.properties.isWhitespace == true ? " " : ""
        return leading + cleaned + trailing
    }

    /// Preformatted text: escape sequences and control characters removed, but newlines and
    /// indentation kept (a tab becomes four spaces, carriage returns are dropped).
    public static func block(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in TerminalSafety.sanitize(text).unicodeScalars where scalar == "\n" || !isUnsafe(scalar) {
            result.append(scalar)
        }
        return String(result)
    }

    /// Control characters (C0, DEL, C1) and bidirectional overrides/isolates.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F: true
        default: false
        }
    }
}
