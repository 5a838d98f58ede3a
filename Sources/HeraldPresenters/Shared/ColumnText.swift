import HeraldDomain

/// Fits display-ready text into terminal columns by display width (wide CJK characters and emoji
/// count two, combining marks none), for every text front end.
public enum ColumnText {
    /// `text` cut to at most `width` columns, with "…" when cut.
    public static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// `text` fitted and padded with spaces to exactly `width` columns.
    public static func pad(_ text: String, _ width: Int) -> String {
        let fitted = fit(text, width)
        return fitted + String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted)))
    }

    /// `text` fitted and padded on the left to exactly `width` columns (numbers, counts).
    public static func padLeft(_ text: String, _ width: Int) -> String {
        let fitted = fit(text, width)
        return String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted))) + fitted
    }
}
