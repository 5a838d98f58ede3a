/// Makes JSON text safe to print on a terminal: JSON encoders escape the C0 controls (ESC, BEL)
/// but write the C1 controls U+0080–U+009F as they are, and U+009B (CSI) and U+009D (OSC) act as
/// ESC [ and ESC ] on terminals that honour 8-bit controls. Such characters can only stand inside
/// JSON strings, where `\u009B` means the same character, so the document is unchanged as JSON.
enum JSONControlEscaping {
    /// `json` with every C1 control written as a `\u00XX` escape.
    static func escapingC1(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if (0x80...0x9F).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16)
                escaped.append(contentsOf: "\\u00\(hex)".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
