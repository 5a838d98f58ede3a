/// Makes text from the network safe to print on a terminal: a hostile feed must not be
/// able to move the cursor, change colours, set the window title or reorder text.
public enum TerminalSafety {
    /// Removes escape sequences (ESC, CSI, OSC, DCS… entirely, including their parameters),
    /// C0 controls except newline and tab (a tab becomes four spaces; CR is dropped), DEL,
    /// C1 controls, and the bidirectional override and isolate characters U+202A–U+202E, U+2066–U+2069.
    public static func sanitize(_ s: String) -> String {
        if isAlreadySafe(s) { return s }
        var out = String.UnicodeScalarView()
        var state = State.text
        for scalar in s.unicodeScalars {
            let v = scalar.value
            switch state {
            case .text:
                switch v {
                case 0x1B: state = .escape
                case 0x9B: state = .csi
                case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .string
                case 0x0A: out.append(scalar)
                case 0x09: out.append(contentsOf: "    ".unicodeScalars)
                case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: break
                default: out.append(scalar)
                }
            case .escape:
                switch v {
                case 0x5B: state = .csi                        // ESC [
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .string // ESC ] P X ^ _
                case 0x20...0x2F: state = .escapeIntermediate
                default: state = .text                         // two-byte sequence, dropped
                }
            case .escapeIntermediate:
                if !(0x20...0x2F).contains(v) { state = .text }
            case .csi:
                if (0x40...0x7E).contains(v) { state = .text } else if v == 0x1B { state = .escape }
            case .string:
                if v == 0x07 || v == 0x9C { state = .text } else if v == 0x1B { state = .stringEscape }
            case .stringEscape:
                state = v == 0x5C ? .text : .string
            }
        }
        return String(out)
    }

    private enum State { case text, escape, escapeIntermediate, csi, string, stringEscape }

    private static func isAlreadySafe(_ s: String) -> Bool {
        for unit in s.utf8 where unit < 0x20 || unit == 0x7F || unit >= 0xC2 {
            if unit == 0x0A { continue }
            if unit >= 0xC2 { return s.unicodeScalars.allSatisfy { isSafe($0) } }
            return false
        }
        return true
    }

    private static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: true
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: false
        default: true
        }
    }
}
