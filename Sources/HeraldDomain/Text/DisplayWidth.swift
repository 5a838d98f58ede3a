/// The number of terminal columns a string occupies, counted per grapheme cluster:
/// East Asian wide and fullwidth characters and emoji take two columns, combining marks,
/// zero-width and control characters take none, everything else takes one.
public enum DisplayWidth {
    /// The column width of a whole string.
    /// Printable ASCII (U+0020 to U+007E) takes one column a byte, with no Unicode lookups: the
    /// readers' screens measure every visible row on every frame.
    public static func of(_ s: String) -> Int {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return s.utf8.count }
        var total = 0
        for cluster in s { total += of(cluster) }
        return total
    }

    /// The column width of one grapheme cluster (0, 1 or 2).
    public static func of(_ cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value >= 0x20 && first.value < 0x7F && scalars.count == 1 { return 1 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        if isWide(first.value) { return 2 }
        if isZeroWidth(first) { return 0 }
        return 1
    }

    /// True for a scalar that takes no column on its own.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return true }
        if v == 0x200B || v == 0x200C || v == 0x200D || v == 0x2060 || v == 0xFEFF { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15 (EastAsianWidth.txt, condensed).
    static func isWide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        for range in wideRanges where range.contains(v) { return true }
        return false
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
        0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
