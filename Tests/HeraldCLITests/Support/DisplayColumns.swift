/// Terminal columns of text, counted independently of Herald's own code: East Asian wide and
/// full-width characters take two columns, combining marks none, everything else one.
enum DisplayColumns {
    /// The columns `text` takes on a terminal.
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in total + width(of: scalar.value) }
    }

    private static func width(of value: UInt32) -> Int {
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x20000...0x3FFFD: return 2
        default: return 1
        }
    }
}
